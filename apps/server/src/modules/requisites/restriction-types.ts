import type { RestrictionTypeDefinition } from '../../lib/restriction-types';

const amount = (name: string, en: string, ru: string) => ({ name, label: { en, ru }, kind: 'amount' as const });
const count = (name: string, en: string, ru: string) => ({ name, label: { en, ru }, kind: 'count' as const });

/**
 * The restrictions a requisite may carry (DESIGN §8): its amount per order, its daily and monthly limits, its orders at
 * once. The matcher of the order engine enforces every field of each.
 */
export const requisiteRestrictionTypes: readonly RestrictionTypeDefinition[] = [
  {
    slug: 'amount_range',
    title: { en: 'Amount per order', ru: 'Сумма одного заказа' },
    fields: [
      amount('min_amount', 'Minimum amount', 'Минимальная сумма'),
      amount('max_amount', 'Maximum amount', 'Максимальная сумма'),
    ],
    ordered: ['min_amount', 'max_amount'],
  },
  {
    slug: 'daily_limit',
    title: { en: 'Daily limit', ru: 'Дневной лимит' },
    fields: [
      amount('max_volume', 'Volume per day', 'Объём за день'),
      count('max_count', 'Orders per day', 'Заказов за день'),
    ],
  },
  {
    slug: 'monthly_limit',
    title: { en: 'Monthly limit', ru: 'Месячный лимит' },
    fields: [
      amount('max_volume', 'Volume per month', 'Объём за месяц'),
      count('max_count', 'Orders per month', 'Заказов за месяц'),
    ],
  },
  {
    slug: 'concurrent_orders',
    title: { en: 'Orders at once', ru: 'Одновременных заказов' },
    fields: [count('max_open', 'Open orders at most', 'Открытых заказов не более')],
  },
];
