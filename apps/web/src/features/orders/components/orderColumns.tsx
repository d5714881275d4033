import { Button, Group, Stack, Text } from '@mantine/core';
import type { Order, OrderType, PaymentDetails, UserType } from '@paydesk/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAttributeValue, formatDateTime, shortenId } from '../../../lib/format';
import { CopyableId } from '../../../ui/CopyableId';
import type { DataTableColumn } from '../../../ui/DataTable';
import { OrderAmount } from '../../../ui/OrderAmount';
import { StatusBadge } from '../../../ui/StatusBadge';
import type { OrderActionName } from '../api/orderAction';
import { OrderTimer } from './OrderTimer';

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

/**
 * How the money goes, in words: the bank of a pay-in's requisite, or the payment option of a pay-out's recipient
 * (card, SBP), which the order carries as a slug.
 */
export function paymentOptionText(details: PaymentDetails, t: TFunction): string | null {
  if (details.payment_type) return details.payment_type.name;
  if (!details.payment_option) return null;
  return t(`paymentOption.${details.payment_option}`, { defaultValue: details.payment_option });
}

/** The executor's confirmation of a pay-out is the same call as a pay-in's "send paid", under its own words. */
export function actionLabelKey(order: Order, action: OrderRowAction): string {
  return action === 'set_paid' && order.type === 'pay_out' ? 'confirmPayOut' : action;
}

/** The status badge, when the order was created and, while it is open, the time it has left. */
export function StatusCell({ order, t }: { order: Order; t: TFunction }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge slug={order.status.slug} label={order.status.title} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('createdAt', { date: formatDateTime(order.created_at) })}
      </Text>
      <OrderTimer order={order} />
    </Stack>
  );
}

/** The bank a pay-out's recipient names (or a pay-in without a payment type), when the method does not say it. */
function payOutBank(order: Order, method: string): string | null {
  const details = order.payment_details;
  if (!details?.bank || details.bank === method) return null;
  return order.type === 'pay_out' || !details.payment_type ? details.bank : null;
}

/** Whom the payer pays (pay-in) or the executor pays (pay-out): holder or recipient, the number, the bank's way. */
export function PaymentDetailsCell({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (!order.payment_details) return noValue;
  const method = paymentOptionText(order.payment_details, t);
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
      {method && (
        <Text size="xs" c="dimmed">
          {/* A pay-in's bank is its payment type already; a pay-out's recipient names the bank apart. */}
          {payOutBank(order, method) ? `${method} · ${payOutBank(order, method)}` : method}
        </Text>
      )}
    </Stack>
  );
}

export interface ActionButtonProps {
  order: Order;
  action: OrderRowAction;
  actions: OrderRowActions;
  t: TFunction;
  color?: string;
  /** A phone card's main action: a full, filled button easy to hit with a thumb. */
  prominent?: boolean;
}

/** The colour of each action's button: money arrives (teal), money is taken back (red), a dispute (orange). */
export const actionColors: Partial<Record<OrderRowAction, string>> = {
  set_paid: 'teal',
  cancel: 'red',
  dispute: 'orange',
};

export function ActionButton({ order, action, actions, t, color, prominent = false }: ActionButtonProps) {
  const key = actionLabelKey(order, action);
  const busy = actions.busy;
  return (
    <Button
      size={prominent ? 'md' : 'compact-sm'}
      variant={prominent ? 'filled' : 'light'}
      fullWidth={prominent}
      // White on the theme's filled teal is 3.9:1; its next shade reaches AA for a filled button's label.
      color={prominent && color === 'teal' ? 'teal.9' : color}
      loading={busy?.guid === order.guid && busy.action === action}
      disabled={busy !== null && busy.guid !== order.guid}
      aria-label={t(`actions.${key}Of`, { id: shortenId(order.guid) })}
      onClick={() => actions.onAction(order, action)}
    >
      {t(`actions.${key}`)}
    </Button>
  );
}

/** The widest a table row's actions grow before wrapping: two of the longest Russian labels side by side. */
const tableActionsWidth = 250;

const rowActionOrder: readonly OrderRowAction[] = ['take', 'set_paid', 'cancel', 'dispute', 'webhook_resend'];

/** The action a row exists for, the one a phone's card shows first: take, send paid or confirm paid. */
export function mainAction(order: Order): OrderRowAction | null {
  if (order.actions.includes('take')) return 'take';
  if (order.actions.includes('set_paid')) return 'set_paid';
  return null;
}

export interface RowActionsProps {
  order: Order;
  actions: OrderRowActions;
  t: TFunction;
  /** A phone's card: the buttons wrap freely; in a table's cell they wrap two to a line (`tableActionsWidth`). */
  wrap?: boolean;
  /** An action shown elsewhere (a card's main button), left out here. */
  except?: OrderRowAction | null;
}

/** Details, then what the server allows on the order: take, send or confirm paid, cancel, dispute, resend the webhook. */
export function RowActions({ order, actions, t, wrap = false, except = null }: RowActionsProps) {
  const has = (action: OrderRowAction) => action !== except && order.actions.includes(action);
  // In a table two buttons a line at most: three side by side covered the merchant in Russian at 1440 px.
  return (
    <Group gap={4} wrap="wrap" maw={wrap ? undefined : tableActionsWidth}>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('actions.detailsOf', { id: shortenId(order.guid) })}
        onClick={() => actions.onDetails(order)}
      >
        {t('actions.details')}
      </Button>
      {rowActionOrder.filter(has).map((action) => (
        <ActionButton key={action} order={order} action={action} actions={actions} t={t} color={actionColors[action]} />
      ))}
    </Group>
  );
}

/** Who sees the payment details column of the pay-in table (SPEC §6). */
const detailsRoles: readonly UserType[] = ['admin', 'merchant', 'trader'];
/** Who pays the recipient of a pay-out, and so sees whom to pay on the pay-out list before taking it. */
const payers: readonly UserType[] = ['trader', 'partner'];

/**
 * Whether a tab shows the payment details: on pay-ins (and the deals tabs of both directions) to those SPEC §6 lets see
 * them; on pay-outs to the executors, who pay the recipient there (the server sends the recipient to them alone).
 */
export function showsPaymentDetails(type: OrderType | undefined, role: UserType): boolean {
  return type === 'pay_out' ? payers.includes(role) : detailsRoles.includes(role);
}

/**
 * The columns of SPEC §2.12 for one tab and role, kept to what fits 1440 px: guid, status with its creation date and
 * time left, amount; the payment details where {@link showsPaymentDetails}; the executor (admin, merchant) and the
 * merchant (admin); and the row actions, pinned to the right edge, which follow each order's `actions` from the server
 * (the admin's webhook resend among them). The flow, the rate and the rest are in the row's details. A tab of both
 * directions (`type` undefined: the deals tabs of a state) says each order's direction.
 */
export function orderColumns(
  type: OrderType | undefined,
  role: UserType,
  t: TFunction,
  actions: OrderRowActions,
): DataTableColumn<Order>[] {
  const columns: DataTableColumn<Order>[] = [
    // A tab of both directions says each order's under its ID rather than in a column of its own: the row fits 1440 px.
    type === undefined
      ? {
          key: 'guid',
          title: t('column.guidType'),
          render: (order) => (
            <Stack gap={0}>
              <CopyableId id={order.guid} />
              <Text size="xs" c="dimmed">
                {t(`details.orderType.${order.type}`)}
              </Text>
            </Stack>
          ),
        }
      : { key: 'guid', title: t('column.guid'), render: (order) => <CopyableId id={order.guid} /> },
    { key: 'status', title: t('column.status'), render: (order) => <StatusCell order={order} t={t} /> },
  ];
  columns.push({ key: 'amount', title: t('column.amount'), render: (order) => <OrderAmount order={order} /> });
  if (showsPaymentDetails(type, role)) {
    columns.push({
      key: 'payment_details',
      title: t(type === 'pay_out' ? 'column.recipient' : 'column.paymentDetails'),
      render: (order) => <PaymentDetailsCell order={order} />,
    });
  }
  if (role === 'admin' || role === 'merchant') {
    columns.push({ key: 'executor', title: t('column.executor'), render: (order) => executorName(order) ?? noValue });
  }
  if (role === 'admin') {
    columns.push({ key: 'merchant', title: t('column.merchant'), render: (order) => order.merchant.username });
  }
  columns.push({
    key: 'actions',
    title: t('column.actions'),
    pinned: true,
    render: (order) => <RowActions order={order} actions={actions} t={t} />,
  });
  return columns;
}
