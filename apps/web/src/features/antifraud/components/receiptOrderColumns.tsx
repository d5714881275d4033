import type { Order } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { NoWrap } from '../../../ui/NoWrap';
import { OrderAmount } from '../../../ui/OrderAmount';
import { StatusBadge } from '../../../ui/StatusBadge';
import { noValue } from './caseColumns';
import { UtcDateTime } from './UtcDateTime';

/** SPEC §2.12 executor: a trader's username or a partner's title. */
function executorName(order: Order): string {
  return order.executor?.trader?.username ?? order.executor?.partner?.partner.title ?? noValue;
}

/** The orders a receipt may be about: enough to find each in the order screens and judge it at a glance. */
export function receiptOrderColumns(t: TFunction): DataTableColumn<Order>[] {
  return [
    {
      key: 'guid',
      title: t('receipt.column.guid'),
      render: (order) => (
        <NoWrap>
          <CopyableId id={order.guid} />
        </NoWrap>
      ),
    },
    {
      key: 'status',
      title: t('receipt.column.status'),
      render: (order) => (
        <NoWrap>
          <StatusBadge slug={order.status.slug} label={order.status.title} />
        </NoWrap>
      ),
    },
    {
      key: 'amount',
      title: t('receipt.column.amount'),
      render: (order) => <OrderAmount order={order} />,
    },
    { key: 'merchant', title: t('receipt.column.merchant'), render: (order) => order.merchant.username },
    { key: 'executor', title: t('receipt.column.executor'), render: executorName },
    {
      key: 'created_at',
      title: t('receipt.column.created'),
      render: (order) => <UtcDateTime iso={order.created_at} />,
    },
  ];
}
