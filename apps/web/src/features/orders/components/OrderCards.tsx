import { Box, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { Order, OrderType, UserType } from '@paydesk/contract';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, shortenId } from '../../../lib/format';
import { CopyableId } from '../../../ui/CopyableId';
import { OrderAmount } from '../../../ui/OrderAmount';
import { StatusBadge } from '../../../ui/StatusBadge';
import { OrderTimer } from './OrderTimer';
import {
  ActionButton,
  actionColors,
  executorName,
  mainAction,
  noValue,
  type OrderRowActions,
  PaymentDetailsCell,
  RowActions,
  showsPaymentDetails,
} from './orderColumns';
import { PayerReport } from './PayerReport';

export interface OrderCardsProps {
  orders: Order[];
  type: OrderType | undefined;
  role: UserType;
  actions: OrderRowActions;
  loading: boolean;
  emptyMessage: ReactNode;
  /** The list's name for assistive technology, as the table's caption says it on a wide screen. */
  label: string;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Box>
  );
}

function OrderCard({
  order,
  type,
  role,
  actions,
}: Omit<OrderCardsProps, 'orders' | 'loading' | 'emptyMessage' | 'label'> & { order: Order }) {
  const { t } = useTranslation('orders');
  const main = mainAction(order);
  const detailsLabel = order.type === 'pay_out' ? t('column.recipient') : t('column.paymentDetails');
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="li"
      aria-label={t('card.label', { id: shortenId(order.guid) })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box style={{ fontSize: 'var(--mantine-font-size-lg)' }}>
            <OrderAmount order={order} />
          </Box>
          <Stack gap={2} align="flex-end">
            <StatusBadge slug={order.status.slug} label={order.status.title} />
            <OrderTimer order={order} />
          </Stack>
        </Group>
        {type === undefined && <Text size="sm">{t(`details.orderType.${order.type}`)}</Text>}
        {showsPaymentDetails(order.type, role) && (
          <Labelled label={detailsLabel}>
            <PaymentDetailsCell order={order} />
          </Labelled>
        )}
        <PayerReport order={order} />
        {(role === 'admin' || role === 'merchant') && (
          <Labelled label={t('column.executor')}>
            <Text size="sm">{executorName(order) ?? noValue}</Text>
          </Labelled>
        )}
        <Group justify="space-between" gap="xs">
          <CopyableId id={order.guid} />
          <Text size="xs" c="dimmed">
            {formatDateTime(order.created_at)}
          </Text>
        </Group>
        {main && (
          <ActionButton order={order} action={main} actions={actions} t={t} color={actionColors[main]} prominent />
        )}
        <RowActions order={order} actions={actions} t={t} wrap except={main} />
      </Stack>
    </Card>
  );
}

/** The cards of the first commit: about a phone's first screen. */
const firstCards = 4;
/** The cards each later commit adds. */
const moreCards = 4;

/**
 * How many of `total` cards are shown: a phone's first screen at once, then a few more per task, so no one commit
 * (Mantine's components, their layout effects, the first layout) holds the main thread for the whole page (issue 21:
 * ~15 ms a card under Lighthouse's 4x slower CPU). Only grows: a refetch of the same page does not hide cards.
 */
function useRevealedCount(total: number): number {
  const [shown, setShown] = useState(firstCards);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + moreCards)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

/**
 * The order list on a phone (SPEC §2.12 at 375 px): one card per order with what a trader works from — the amount,
 * whom to pay or who pays, the status and the time left — and the row's main action (take, send paid, confirm paid)
 * as a full-width button, the details and the other actions under it.
 */
export function OrderCards({ orders, type, role, actions, loading, emptyMessage, label }: OrderCardsProps) {
  const { t } = useTranslation('ui');
  const shown = useRevealedCount(orders.length);
  if (orders.length === 0) {
    return loading ? (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t('table.loading')} />
      </Group>
    ) : (
      <Text c="dimmed" ta="center" size="sm" py="md">
        {emptyMessage}
      </Text>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={label}
      aria-busy={loading || shown < orders.length}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {orders.slice(0, shown).map((order) => (
        <OrderCard key={order.guid} order={order} type={type} role={role} actions={actions} />
      ))}
    </Stack>
  );
}
