import { Stack, Text } from '@mantine/core';
import type { Order, OrderStatus, OrderType, UserType } from '@paydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenId } from '../../../lib/format';
import { useFailureText } from '../../../lib/useFailureText';
import { DataTable } from '../../../ui/DataTable';
import { FilterBar, type FilterValues } from '../../../ui/FilterBar';
import { ListPagination } from '../../../ui/ListPagination';
import { useListParams } from '../../../ui/useListParams';
import { useOrdersList } from '../api/listOrders';
import { type OrderActionName, useOrderAction } from '../api/orderAction';
import { type ConfirmedAction, ConfirmOrderActionModal } from './ConfirmOrderActionModal';
import { DisputeFormModal } from './DisputeFormModal';
import { OrderDetailsModal } from './OrderDetailsModal';
import { type OrderRowAction, orderColumns } from './orderColumns';
import { useOrderToasts } from './useOrderToasts';

/** Which of the two order screens a list belongs to (SPEC §2.12). */
export type OrderScreen = 'active' | 'history';

/**
 * The statuses each screen loads: the active screen `new,in-progress` (SPEC §2.12) and nothing else; history starts
 * on the finished ones and lets the user pick among the statuses its filter offers.
 */
export const screenStatuses: Record<OrderScreen, readonly OrderStatus[]> = {
  active: ['new', 'in-progress'],
  history: ['paid', 'canceled'],
};

const isConfirmed = (action: OrderRowAction): action is ConfirmedAction => action === 'set_paid' || action === 'cancel';

/** History's status filter falls back to its default, so Reset shows (and sends) paid and canceled again. */
function withDefaultStatus(screen: OrderScreen, values: FilterValues): FilterValues {
  if (screen === 'active' || values.status) return values;
  return { ...values, status: screenStatuses.history.join(',') };
}

export interface OrderListViewProps {
  screen: OrderScreen;
  type: OrderType;
  role: UserType;
}

/**
 * One tab of /active or /history: the server's filters (no direction: the tab is; no status on the active screen),
 * the role's columns, pagination, the row actions the server allows, the confirmations and the details modal.
 */
export function OrderListView({ screen, type, role }: OrderListViewProps) {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const toasts = useOrderToasts();
  const list = useListParams({ filters: withDefaultStatus(screen, {}) });
  // Remounting the filter bar shows the defaults again after a reset.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const orders = useOrdersList({ role, type, statuses: screenStatuses[screen], params: list.params });
  const send = useOrderAction();
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
  const columns = orderColumns(type, role, t, { onDetails: (order) => setDetails(order.guid), onAction, busy });
  const filters = useMemo(
    () =>
      (orders.data?.context.available_filters ?? [])
        .filter((filter) => screen === 'history' || filter.name !== 'status')
        .map((filter) => ({ ...filter, label: t(filter.label, { defaultValue: filter.label }) })),
    [orders.data, screen, t],
  );
  const pagination = orders.data?.context.pagination;

  return (
    <Stack gap="md">
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
      <DataTable
        columns={columns}
        rows={orders.data?.items ?? []}
        rowKey={(order) => order.guid}
        loading={orders.isFetching && (orders.isPlaceholderData || !orders.data)}
        emptyMessage={t(`empty.${screen}`)}
        minWidthPx={role === 'admin' ? 1350 : 900}
        caption={t(`caption.${screen}.${type}`)}
      />
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
