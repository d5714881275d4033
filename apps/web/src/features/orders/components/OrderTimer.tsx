import { Text } from '@mantine/core';
import type { Order } from '@paydesk/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `m:ss` (or `h:mm:ss` past an hour) of a non-negative number of whole seconds. */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Whole seconds from `now` to `expiresAt`, never below zero. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** Whether an order still runs against its clock: open (new or in progress) with an expiry. */
export function isCounting(
  order: Pick<Order, 'status' | 'expires_at'>,
): order is typeof order & { expires_at: string } {
  return order.expires_at !== null && (order.status.slug === 'new' || order.status.slug === 'in-progress');
}

/**
 * The time an open order has left before it expires (DESIGN §5), ticking each second; the last five minutes in
 * orange, "expired" once the clock ran out (the server cancels it on its own schedule). Nothing for an order without a
 * clock or a finished one.
 */
export function OrderTimer({ order }: { order: Pick<Order, 'status' | 'expires_at'> }) {
  const { t } = useTranslation('orders');
  const [now, setNow] = useState(() => Date.now());
  const counting = isCounting(order);
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);
  if (!isCounting(order)) return null;
  const left = secondsLeft(order.expires_at, now);
  if (left === 0) {
    return (
      <Text size="xs" c="red" fw={500} component="span">
        {t('timer.expired')}
      </Text>
    );
  }
  return (
    <Text size="xs" c={left <= 300 ? 'orange' : 'dimmed'} fw={500} component="span" style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={`PT${left}S`}>{t('timer.left', { time: formatCountdown(left) })}</time>
    </Text>
  );
}
