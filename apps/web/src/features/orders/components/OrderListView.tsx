import { Group, Stack } from '@mantine/core';
import { can, type Order, type UserType } from '@paydesk/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { accessSubjectOf, useCurrentUser } from '../../../lib/query';
import { useFailureText } from '../../../lib/useFailureText';
import { usePhone } from '../../../lib/viewport';
import { DataTable } from '../../../ui/DataTable';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import { QueryFailure } from '../../../ui/QueryFailure';
import { useFilterLabels } from '../../../ui/useFilterLabels';
import { useUrlListParams } from '../../../ui/useListParams';
import { useToasts } from '../../../ui/useToasts';
import { type OrderTab, orderListPath, orderListQueryParams, useOrdersList } from '../api/listOrders';
import { type OrderActionName, useOrderAction } from '../api/orderAction';
import {
  directionOf,
  type OrderListScreen,
  offersStatus,
  orderListUrl,
  screenStatuses,
  withDefaultStatus,
} from '../orderListRequest';
import type { ConfirmedAction } from './ConfirmOrderActionModal';
import { ConfirmOrderActionModal, DisputeFormModal, OrderDetailsModal } from './lazyModals';
import { OrderCards } from './OrderCards';
import { type OrderRowAction, orderColumns } from './orderColumns';

const isConfirmed = (action: OrderRowAction): action is ConfirmedAction =>
  action === 'set_paid' || action === 'cancel' || action === 'take';

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
  const url = orderListUrl(screen, tab);
  const list = useUrlListParams(url.schema, url.defaults);
  // Remounting the filter bar shows the defaults again after a reset.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const request = { role, tab, statuses: screenStatuses[screen], params: list.params };
  const orders = useOrdersList(request);
  const send = useOrderAction();
  // On a phone the list is cards: a table's amount and actions would be off screen.
  const phone = usePhone();
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
  // A new page of the list (the first above all, with the filter bar it brings) renders in the background, in
  // slices, instead of in one task that holds the phone's main thread (issue 21: 0.4 s of a 4× slower CPU).
  const data = useDeferredValue(orders.data);
  const rows = data?.items ?? [];
  // Still loading while the first page is fetched or still rendering in the background (no "no orders" meanwhile).
  const loading = (orders.isFetching || data !== orders.data) && (orders.isPlaceholderData || !data);
  const labelled = useFilterLabels(data?.context.available_filters, 'orders');
  const filters = useMemo(
    () => labelled.filter((filter) => withStatus || filter.name !== 'status'),
    [labelled, withStatus],
  );
  const pagination = data?.context.pagination;
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
      <QueryFailure query={orders} fallback={t('loadFailed')} />
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
