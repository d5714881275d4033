import { webhookSlugs } from '@paydesk/contract';
import type { TFunction } from 'i18next';

/** A webhook's event in words (issue 32: no code reaches the screen); one the contract does not list is "another event". */
export function webhookEventTitle(type: string, t: TFunction): string {
  return (webhookSlugs as readonly string[]).includes(type) ? t(`webhookEvent.${type}`) : t('webhookEvent.other');
}
