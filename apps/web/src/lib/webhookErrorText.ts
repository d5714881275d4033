import { webhookSkipReasons } from '@paydesk/contract';
import type { TFunction } from 'i18next';

/**
 * A webhook attempt's `error` in the reader's language where the delivery wrote one of its own reasons (no key, no
 * URL, a refused destination: private or unresolvable); a transport's error (a timeout, a reset) stays as it came.
 * `prefix` is where the screen's namespace keeps those texts (`noNotificationKey`, `noNotificationUrl`,
 * `destination.private`, `destination.unresolvable`, `destination.other`): an order's details and Settings say them.
 */
export function webhookErrorText(error: string, t: TFunction, prefix: string): string {
  if (error === webhookSkipReasons.noNotificationKey) return t(`${prefix}.noNotificationKey`);
  if (error === webhookSkipReasons.noNotificationUrl) return t(`${prefix}.noNotificationUrl`);
  if (error.startsWith(webhookSkipReasons.destinationRefused)) {
    const problem = error.slice(webhookSkipReasons.destinationRefused.length);
    return t(`${prefix}.destination.${problem}`, {
      defaultValue: t(`${prefix}.destination.other`, { problem }),
    });
  }
  return error;
}
