import { Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  can,
  type Order,
  type OrderStatus,
  type OrderType,
  orderListQuerySchema,
  type UserType,
} from '@paydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { FilterBar, type FilterValues } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import { useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { type OrderTab, orderListPath, orderListQueryParams, useOrdersList } from '../api/listOrders';
import { type OrderActionName, useOrderAction } from '../api/orderAction';
import type { ConfirmedAction } from './ConfirmOrderActionModal';
import { DisputeFormModal } from './DisputeFormModal';
import { ConfirmOrderActionModal, OrderDetailsModal } from './lazyModals';
import { OrderCards } from './OrderCards';
import { type OrderRowAction, orderColumns } from './orderColumns';

/** Which of the two order screens a list belongs to (SPEC §2.12). */
export type OrderScreen = 'active' | 'history';

/** The screens that list orders: the two of SPEC §2.12 and the admin's /deals (SPEC §2.21, DESIGN §13). */
export type OrderListScreen = OrderScreen | 'deals';

/**
 * The statuses each screen loads: the active screen `new,in-progress` (SPEC §2.12) and nothing else; history starts
 * on the finished ones and lets the user pick among the statuses its filter offers; /deals, whose tabs cut by state
 * themselves, every status.
 */
export const screenStatuses: Record<OrderListScreen, readonly OrderStatus[]> = {
  active: ['new', 'in-progress'],
  history: ['paid', 'canceled'],
  deals: [],
};

const isConfirmed = (action: OrderRowAction): action is ConfirmedAction =>
  action === 'set_paid' || action === 'cancel' || action === 'take';

/** History's status filter falls back to its default, so Reset shows (and sends) paid and canceled again. */
function withDefaultStatus(screen: OrderListScreen, values: FilterValues): FilterValues {
  if (screen !== 'history' || values.status) return values;
  return { ...values, status: screenStatuses.history.join(',') };
}

/** The tab's direction; none on the deals tabs that cut by state, which hold both. */
function directionOf(tab: OrderTab): OrderType | undefined {
  if ('direction' in tab) return tab.direction;
  return tab.deals === 'pay_in' || tab.deals === 'pay_out' ? tab.deals : undefined;
}

/**
 * Whether the filter bar offers the status: not where the tab or the screen already is one (the active screen, the
 * deals tabs of a state).
 */
const offersStatus = (screen: OrderListScreen, tab: OrderTab) =>
  screen === 'history' || (screen === 'deals' && directionOf(tab) !== undefined);

/** What the address may set: never the tab itself, which the page holds in `?tab=`, nor a status the bar hides. */
const urlSchema = orderListQuerySchema.omit({ 'filter[tab]': true, 'filter[direction]': true });
const urlSchemaWithoutStatus = urlSchema.omit({ 'filter[status]': true });

export interface OrderListViewProps {
  screen: OrderListScreen;
  tab: OrderTab;
  role: UserType;
}

/**
 * One tab of /active, /history or /deals, kept in the address: the server's filters (no direction: the tab is; no
 * status where the screen or the tab is one), the role's columns, pagination, the row actions the server allows, the
 * confirmations and the details modal. An admin also exports the tab as it is filtered.
 */
export function OrderListView({ screen, tab, role }: OrderListViewProps) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const toasts = useToasts();
  const user = useCurrentUser().data;
  const mayExport = user !== undefined && can(accessSubjectOf(user), 'orders.all');
  const withStatus = offersStatus(screen, tab);
  const list = useUrlListParams(withStatus ? urlSchema : urlSchemaWithoutStatus, {
    filters: withDefaultStatus(screen, {}),
  });
  // Remounting the filter bar shows the defaults again after a reset.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const request = { role, tab, statuses: screenStatuses[screen], params: list.params };
  const orders = useOrdersList(request);
  const send = useOrderAction();
  // Below Mantine's `sm` breakpoint (a phone) the list is cards: a table's amount and actions would be off screen.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
  const [details, setDetails] = useState<string | null>(null);
  const [disputing, setDisputing] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState<{ order: Order; action: ConfirmedAction } | null>(null);

  function done(order: Order, action: OrderActionName) {
    toasts.done(t(`toast.${action}`, { id: shortenId(order.guid) }));
  }

  function onAction(order: Order, action: OrderRowAction) {
    if (action === 'dispute') {
      setDisputing(order);
      return;
    }
    if (isConfirmed(action)) {
      setConfirming({ order, action });
      return;
    }
    send.mutate(
      { order, action },
      {
        onSuccess: (answer) => done(answer, action),
        onError: (error) => toasts.failed(failureText(error, t('actionFailed'))),
      },
    );
  }

  const busy =
    send.isPending && send.variables ? { guid: send.variables.order.guid, action: send.variables.action } : null;
  const type = directionOf(tab);
  const rowActions = { onDetails: (order: Order) => setDetails(order.guid), onAction, busy };
  const columns = orderColumns(type, role, t, rowActions);
  const rows = orders.data?.items ?? [];
  const loading = orders.isFetching && (orders.isPlaceholderData || !orders.data);
  const filters = useMemo(
    () =>
      (orders.data?.context.available_filters ?? [])
        .filter((filter) => withStatus || filter.name !== 'status')
        .map((filter) => ({ ...filter, label: t(filter.label, { defaultValue: filter.label }) })),
    [orders.data, withStatus, t],
  );
  const pagination = orders.data?.context.pagination;
  const caption = 'deals' in tab ? t(`deals.caption.${tab.deals}`) : t(`caption.${screen}.${tab.direction}`);

  return (
    <Stack gap="md">
      {mayExport && (
        <Group justify="flex-end">
          <ExportCsvButton listPath={orderListPath(role)} query={orderListQueryParams(request)} />
        </Group>
      )}
      {filters.length > 0 && (
        <FilterBar
          key={filterBarKey}
          filters={filters}
          initialValues={list.params.filters}
          onApply={(values) => {
            list.setFilters(withDefaultStatus(screen, values));
            if (!values.status) setFilterBarKey((key) => key + 1);
          }}
        />
      )}
      {orders.isError && (
        <Text c="red" size="sm" role="alert">
          {failureText(orders.error, t('loadFailed'))}
        </Text>
      )}
      {phone ? (
        <OrderCards
          orders={rows}
          type={type}
          role={role}
          actions={rowActions}
          loading={loading}
          emptyMessage={t(`empty.${screen}`)}
          label={caption}
        />
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(order) => order.guid}
          loading={loading}
          emptyMessage={t(`empty.${screen}`)}
          minWidthPx={role === 'admin' ? 1000 : 760}
          caption={caption}
        />
      )}
      {pagination && (
        <ListPagination pagination={pagination} onPageChange={list.setPage} onPageSizeChange={list.setCount} />
      )}
      <OrderDetailsModal orderId={details} onClose={() => setDetails(null)} />
      <DisputeFormModal
        order={disputing}
        onClose={() => setDisputing(null)}
        onOpened={(dispute) => {
          toasts.done(t('toast.dispute', { id: shortenId(dispute.order_uuid) }));
          setDisputing(null);
        }}
      />
      <ConfirmOrderActionModal
        request={confirming}
        onClose={() => setConfirming(null)}
        onDone={(order, action) => {
          done(order, action);
          setConfirming(null);
        }}
      />
    </Stack>
  );
}
