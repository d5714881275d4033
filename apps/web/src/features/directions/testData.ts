import type { AvailableFilter, Direction, DirectionDetails, ListData } from '@paydesk/contract';

/** Fixtures of the directions screen's tests, shaped as the server answers. */

export const directionFilters: AvailableFilter[] = [
  { name: 'fiat', label: 'filters.fiat', type: 'text' },
  { name: 'crypto', label: 'filters.crypto', type: 'text' },
  {
    name: 'state',
    label: 'filters.state',
    type: 'select',
    options: [
      { value: 'ok', label: 'OK' },
      { value: 'short', label: 'Short' },
      { value: 'idle', label: 'Idle' },
    ],
  },
];

export function makeDirection(overrides: Partial<Direction> = {}): Direction {
  return {
    id: 'RUB.USDT.card',
    fiat: { code: 'RUB', name: 'Russian ruble' },
    crypto: { code: 'USDT', name: 'Tether USD' },
    payment_option: { slug: 'card', name: 'Bank card' },
    state: { slug: 'ok', title: 'OK' },
    rate: {
      value: '92.123456789',
      source: 'binance',
      fetched_at: '2026-03-05T09:00:00.000Z',
      age_seconds: 125,
      stale: false,
    },
    flows: { active: 1, total: 2 },
    executors: { active: 2, total: 3 },
    requisites: { active: 3, total: 4 },
    open_orders: 5,
    last_24h: { created: 40, paid: 30, conversion: '75.00', median_seconds_to_pay: 245 },
    summary_refreshed_at: '2026-03-05T09:08:07.000Z',
    ...overrides,
  };
}

export const cardDirection = makeDirection();

/** Nobody can serve it: the trader behind it is paused, its rate has not been fetched for an hour. */
export const sbpDirection = makeDirection({
  id: 'RUB.USDT.sbp',
  payment_option: { slug: 'sbp', name: 'SBP' },
  state: { slug: 'short', title: 'Short' },
  rate: { value: '91.5', source: 'manual', fetched_at: '2026-03-05T08:00:00.000Z', age_seconds: 3720, stale: true },
  flows: { active: 1, total: 1 },
  executors: { active: 0, total: 1 },
  requisites: { active: 0, total: 1 },
  open_orders: 0,
  last_24h: { created: 0, paid: 0, conversion: null, median_seconds_to_pay: null },
});

export function listOf(items: Direction[]): ListData<Direction> {
  return {
    items,
    context: {
      available_filters: directionFilters,
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}

export const sbpDetails: DirectionDetails = {
  direction: sbpDirection,
  flows: [
    {
      uuid: '01a201f1-0000-7000-8000-00000000f001',
      name: 'Shop RUB',
      merchant: { uuid: '01a201f1-0000-7000-8000-00000000a001', username: 'merchant' },
      is_active: true,
      rate_source: 'manual',
      open_orders: 0,
    },
  ],
  executors: [
    {
      uuid: '01a201f1-0000-7000-8000-00000000b001',
      username: 'trader',
      type: 'trader',
      state: { slug: 'deposits_closed', title: 'Pay-ins switched off' },
      requisites: { active: 0, total: 1 },
      open_orders: 0,
      flows: 1,
    },
  ],
};
