import { Button, Group, Stack, Text } from '@mantine/core';
import type { Order, OrderType, PaymentDetails, UserType } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { formatAttributeValue, formatDateTime, shortenId } from '../../../lib/format';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { OrderAmount } from '../../../ui/OrderAmount';
import { StatusBadge } from '../../../ui/StatusBadge';
import type { OrderActionName } from '../api/orderAction';

export const noValue = '—';

/** What a row's buttons do: an order action of the server, or the dispute modal (SPEC §2.12 "create dispute"). */
export type OrderRowAction = OrderActionName | 'dispute';

export interface OrderRowActions {
  onDetails: (order: Order) => void;
  onAction: (order: Order, action: OrderRowAction) => void;
  /** The order whose action call is in flight: its button shows a loader, the others of the list wait. */
  busy: { guid: string; action: OrderActionName } | null;
}

/** SPEC §2.12 executor: a trader's username or a partner's title. */
export function executorName(order: Order): string | null {
  if (!order.executor) return null;
  return order.executor.trader?.username ?? order.executor.partner?.partner.title ?? null;
}

/** The holder (or recipient) and the number a payer pays to: card, else account, else phone (SPEC §2.12). */
export function paymentTarget(details: PaymentDetails): { name: string | null; number: string | null } {
  const number = details.card_number
    ? formatAttributeValue('card_number', details.card_number)
    : (details.correspondent_account ?? (details.phone ? formatAttributeValue('phone', details.phone) : null));
  return { name: details.holder ?? details.recipient, number };
}

/** The executor's confirmation of a pay-out is the same call as a pay-in's "send paid", under its own words. */
export function actionLabelKey(order: Order, action: OrderRowAction): string {
  return action === 'set_paid' && order.type === 'pay_out' ? 'confirmPayOut' : action;
}

function StatusCell({ order, t }: { order: Order; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge slug={order.status.slug} label={order.status.title} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('createdAt', { date: formatDateTime(order.created_at) })}
      </Text>
    </Stack>
  );
}

function PaymentDetailsCell({ order }: { order: Order }) {
  if (!order.payment_details) return noValue;
  const { name, number } = paymentTarget(order.payment_details);
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {name ?? noValue}
      </Text>
      {number && (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {number}
        </Text>
      )}
      {order.payment_details.payment_type && (
        <Text size="xs" c="dimmed">
          {order.payment_details.payment_type.name}
        </Text>
      )}
    </Stack>
  );
}

interface ActionButtonProps {
  order: Order;
  action: OrderRowAction;
  actions: OrderRowActions;
  t: TFunction;
  color?: string;
}

function ActionButton({ order, action, actions, t, color }: ActionButtonProps) {
  const key = actionLabelKey(order, action);
  const busy = actions.busy;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={color}
      loading={busy?.guid === order.guid && busy.action === action}
      disabled={busy !== null && busy.guid !== order.guid}
      aria-label={t(`actions.${key}Of`, { id: shortenId(order.guid) })}
      onClick={() => actions.onAction(order, action)}
    >
      {t(`actions.${key}`)}
    </Button>
  );
}

function RowActions({ order, actions, t }: { order: Order; actions: OrderRowActions; t: TFunction }) {
  const has = (action: OrderRowAction) => order.actions.includes(action);
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('actions.detailsOf', { id: shortenId(order.guid) })}
        onClick={() => actions.onDetails(order)}
      >
        {t('actions.details')}
      </Button>
      {has('take') && <ActionButton order={order} action="take" actions={actions} t={t} />}
      {has('set_paid') && <ActionButton order={order} action="set_paid" actions={actions} t={t} color="teal" />}
      {has('cancel') && <ActionButton order={order} action="cancel" actions={actions} t={t} color="red" />}
      {has('dispute') && <ActionButton order={order} action="dispute" actions={actions} t={t} color="orange" />}
    </Group>
  );
}

function WebhookCell({ order, actions, t }: { order: Order; actions: OrderRowActions; t: TFunction }) {
  if (!order.actions.includes('webhook_resend')) return noValue;
  return <ActionButton order={order} action="webhook_resend" actions={actions} t={t} />;
}

/** Who sees the payment details column of the pay-in table (SPEC §6). */
const detailsRoles: readonly UserType[] = ['admin', 'merchant', 'trader'];
/** Who sees executor, merchant and flow (SPEC §2.12). */
const overseers: readonly UserType[] = ['admin', 'merchant'];

/**
 * The columns of SPEC §2.12 for one tab and role: guid, status with its creation date, amount; the pay-in table's
 * holder and payment details (admin, merchant, trader); executor, merchant and flow (admin, merchant); the admin's
 * webhook column; and the row actions, which follow each order's `actions` from the server. A tab of both directions
 * (`type` undefined: the deals tabs of a state) says each order's direction and shows the payment details of all.
 */
export function orderColumns(
  type: OrderType | undefined,
  role: UserType,
  t: TFunction,
  actions: OrderRowActions,
): DataTableColumn<Order>[] {
  const columns: DataTableColumn<Order>[] = [
    { key: 'guid', title: t('column.guid'), render: (order) => <CopyableId id={order.guid} /> },
    { key: 'status', title: t('column.status'), render: (order) => <StatusCell order={order} t={t} /> },
  ];
  if (type === undefined) {
    columns.push({
      key: 'type',
      title: t('column.type'),
      render: (order) => <Text size="sm">{t(`details.orderType.${order.type}`)}</Text>,
    });
  }
  columns.push({ key: 'amount', title: t('column.amount'), render: (order) => <OrderAmount order={order} /> });
  if (type !== 'pay_out' && detailsRoles.includes(role)) {
    columns.push({
      key: 'payment_details',
      title: t('column.paymentDetails'),
      render: (order) => <PaymentDetailsCell order={order} />,
    });
  }
  if (overseers.includes(role)) {
    columns.push(
      { key: 'executor', title: t('column.executor'), render: (order) => executorName(order) ?? noValue },
      { key: 'merchant', title: t('column.merchant'), render: (order) => order.merchant.username },
      { key: 'flow', title: t('column.flow'), render: (order) => order.flow.name },
    );
  }
  if (role === 'admin') {
    columns.push({
      key: 'webhook',
      title: t('column.webhook'),
      render: (order) => <WebhookCell order={order} actions={actions} t={t} />,
    });
  }
  columns.push({
    key: 'actions',
    title: t('column.actions'),
    render: (order) => <RowActions order={order} actions={actions} t={t} />,
  });
  return columns;
}
