import { webhookSkipReasons } from '@paydesk/contract';
import type { TFunction } from 'i18next';

/**
 * A webhook attempt's `error` in the reader's language where the delivery wrote one of its own reasons (no key, no
 * URL, a refused destination: private or unresolvable); a transport's error (a timeout, a reset) stays as it came.
 */
export function webhookErrorText(error: string, t: TFunction): string {
  if (error === webhookSkipReasons.noNotificationKey) return t('details.webhookError.noNotificationKey');
  if (error === webhookSkipReasons.noNotificationUrl) return t('details.webhookError.noNotificationUrl');
  if (error.startsWith(webhookSkipReasons.destinationRefused)) {
    const problem = error.slice(webhookSkipReasons.destinationRefused.length);
    return t(`details.webhookError.destination.${problem}`, {
      defaultValue: t('details.webhookError.destination.other', { problem }),
    });
  }
  return error;
}
