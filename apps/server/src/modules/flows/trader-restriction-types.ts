import type { RestrictionTypeDefinition } from '../../lib/restriction-types';

/**
 * Trader restrictions per flow (DESIGN §8): the amounts a trader takes in this flow, its volume per day, and the
 * payment options it serves (option slugs separated by commas). The matcher enforces each.
 */
export const traderRestrictionTypes: readonly RestrictionTypeDefinition[] = [
  {
    slug: 'amount_range',
    title: { en: 'Amount per order', ru: 'Сумма одного заказа' },
    fields: [
      { name: 'min_amount', label: { en: 'Minimum amount', ru: 'Минимальная сумма' }, kind: 'amount' },
      { name: 'max_amount', label: { en: 'Maximum amount', ru: 'Максимальная сумма' }, kind: 'amount' },
    ],
    ordered: ['min_amount', 'max_amount'],
  },
  {
    slug: 'daily_volume',
    title: { en: 'Daily volume', ru: 'Объём за день' },
    fields: [{ name: 'max_volume', label: { en: 'Volume per day', ru: 'Объём за день' }, kind: 'amount' }],
  },
  {
    slug: 'payment_options',
    title: { en: 'Payment options', ru: 'Способы оплаты' },
    fields: [{ name: 'options', label: { en: 'Payment options', ru: 'Способы оплаты' }, kind: 'options' }],
  },
];
