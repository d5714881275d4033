import { auditActions, partnerPaymentMethods, webhookSlugs } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import ordersEn from '../features/orders/locales/en.json';
import ordersRu from '../features/orders/locales/ru.json';
import partnersEn from '../features/partners/locales/en.json';
import partnersRu from '../features/partners/locales/ru.json';
import usersEn from '../features/users/locales/en.json';
import usersRu from '../features/users/locales/ru.json';

/**
 * Raw codes never reach the screen (issue 32 item 8): every code the server can send, as the contract lists it, has a
 * title in both languages, so a new code without one fails here rather than showing `payment.deposit_credited`.
 */
function textAt(bundle: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], bundle);
}

const titled: [string, readonly string[], string, Record<'en' | 'ru', unknown>][] = [
  ['audit action', auditActions, 'auditAction', { en: usersEn, ru: usersRu }],
  ['webhook event', webhookSlugs, 'webhookEvent', { en: ordersEn, ru: ordersRu }],
  ['partner payment method', partnerPaymentMethods, 'paymentMethod', { en: partnersEn, ru: partnersRu }],
];

describe.each(titled)('every %s', (_what, codes, prefix, bundles) => {
  it.each(['en', 'ru'] as const)('has a title in %s', (language) => {
    for (const code of codes) {
      const title = textAt(bundles[language], `${prefix}.${code}`);
      expect(typeof title === 'string' && title.trim() !== '' && title !== code, `${prefix}.${code}`).toBe(true);
    }
  });
});

describe('the check', () => {
  it('fails for a code without a title', () => {
    expect(textAt(usersEn, 'auditAction.user.no_such_action')).toBeUndefined();
  });
});
