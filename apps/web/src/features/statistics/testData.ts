import type { AvailableFilter, Statistic } from '@paydesk/contract';

/** Fixtures of the statistic screens' tests, shaped as the server answers. */

export const statisticFilters: AvailableFilter[] = [
  { name: 'date_from', label: 'filters.date_from', type: 'date' },
  { name: 'date_to', label: 'filters.date_to', type: 'date' },
  {
    name: 'type',
    label: 'filters.type',
    type: 'select',
    options: [
      { value: 'pay_in', label: 'Pay-in' },
      { value: 'pay_out', label: 'Pay-out' },
    ],
  },
  {
    name: 'status',
    label: 'filters.status',
    type: 'multiselect',
    options: [
      { value: 'paid', label: 'Paid' },
      { value: 'canceled', label: 'Canceled' },
    ],
  },
];

const rub = { code: 'RUB', name: 'Russian ruble' };
const usdt = { code: 'USDT', name: 'Tether USD' };
const total = { slug: 'total', title: 'Total' };

export function makeStatistic(overrides: Partial<Statistic['statistic']> = {}): Statistic {
  return {
    statistic: {
      sum: [
        // Seventeen significant digits: a Number would lose the last ones.
        { status: total, orders: 12, amount: '123456789012345.67', currency: rub },
        { status: total, orders: 12, amount: '1350.123456', currency: usdt },
      ],
      role_rewards: [
        {
          status: total,
          role: { slug: 'trader', title: 'Trader' },
          rewards: [{ amount: '27.002469', currency: usdt }],
        },
        {
          status: total,
          role: { slug: 'platform', title: 'Platform' },
          rewards: [{ amount: '13.5', currency: usdt }],
        },
      ],
      per_day: [
        { date: '2026-03-04', orders: 5, amounts: [{ amount: '50000.5', currency: 'RUB' }] },
        {
          date: '2026-03-05',
          orders: 7,
          amounts: [
            { amount: '73456.17', currency: 'RUB' },
            { amount: '800.123456', currency: 'USDT' },
          ],
        },
      ],
      refreshed_at: '2026-03-05T09:08:07.000Z',
      ...overrides,
    },
    context: { available_filters: statisticFilters },
  };
}
