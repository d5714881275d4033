import type { Flow, ListData, RateSourceInfo, RestrictionType, TraderRestriction, User } from '@paydesk/contract';

/** Fixtures of the flows screen's tests. */

export const merchantUuid = '01a201f1-0000-7000-8000-0000000a0001';
export const traderUuid = '01a201f1-0000-7000-8000-0000000a0002';
export const trader2Uuid = '01a201f1-0000-7000-8000-0000000a0003';
export const partnerUuid = '01a201f1-0000-7000-8000-0000000a0004';
export const traderBind = '01a201f1-0000-7000-8000-0000000b0001';
export const partnerBind = '01a201f1-0000-7000-8000-0000000b0002';

export function makeFlow(overrides: Partial<Flow> = {}): Flow {
  return {
    uuid: '01a201f1-0000-7000-8000-0000000f1001',
    name: 'Shop RUB',
    fiat_currency: { code: 'RUB' },
    crypto_currency: { code: 'USDT' },
    merchant: { uuid: merchantUuid, username: 'merchant' },
    merchant_uuid: merchantUuid,
    is_active: true,
    currency_rate_source: 'manual',
    currency_rate: '92.5',
    rate: { value: '92.5', updated_at: '2026-03-05T07:08:09.000Z', stale: false },
    executors: [
      {
        bind_id: partnerBind,
        type: 'partner',
        trader: null,
        partner: { uuid: partnerUuid, title: 'PayFlow', slug: 'payflow' },
        priority: 5,
      },
      {
        bind_id: traderBind,
        type: 'trader',
        trader: { uuid: traderUuid, username: 'trader' },
        partner: null,
        priority: 10,
      },
    ],
    created_at: '2026-03-05T07:08:09.000Z',
    ...overrides,
  };
}

export const shopFlow = makeFlow();

export function listOf<T>(items: T[]): ListData<T> {
  return {
    items,
    context: {
      available_filters: [{ name: 'name', label: 'filters.name', type: 'text' }],
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}

/** A user of a select list, whole as `GET /user` answers it (the answer is checked against the contract). */
const choice = (type: User['type'], uuid: string, username: string, usable = true): User => ({
  uuid,
  username,
  email: null,
  type,
  is_root: false,
  comment: null,
  is_active: true,
  is_blocked: !usable,
  block_comment: null,
  is_online: false,
  manual_withdrawal: false,
  two_factor: false,
  invite_code: null,
  invite: null,
  roles: [],
  permissions: [],
  wallets: [],
  balance: {
    hold: '0',
    virtual: '0',
    insurance: '0',
    currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
  },
  created_at: '2026-03-05T07:08:09.000Z',
  profile: null,
});

export const merchants = [choice('merchant', merchantUuid, 'merchant')];
export const traders = [choice('trader', traderUuid, 'trader'), choice('trader', trader2Uuid, 'trader2')];
export const partners = [choice('partner', partnerUuid, 'partner')];

export const fiatCurrencies = [
  { code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 },
  { code: 'KZT', name: 'Kazakhstani tenge', ratio_fraction: 2 },
];
export const cryptoCurrencies = [{ code: 'USDT', name: 'Tether USD', ratio_fraction: 6 }];

export const rateSources: RateSourceInfo[] = [
  { slug: 'manual', title: 'Manual rate', rate: null, updated_at: null, stale: false },
  { slug: 'feed', title: 'Exchange feed', rate: '93.1', updated_at: '2026-03-05T07:08:09.000Z', stale: false },
];

export const restrictionTypes: RestrictionType[] = [
  {
    type: { slug: 'amount_range', title: 'Amount per order' },
    fields: ['min_amount', 'max_amount'],
    names: { min_amount: 'Minimum amount', max_amount: 'Maximum amount' },
    validation_rules: { min_amount: ['nullable'], max_amount: ['nullable'] },
  },
  {
    type: { slug: 'daily_volume', title: 'Daily volume' },
    fields: ['max_volume'],
    names: { max_volume: 'Volume per day' },
    validation_rules: { max_volume: ['nullable'] },
  },
];

export const traderRestrictions: TraderRestriction[] = [
  {
    id: '01a201f1-0000-7000-8000-0000000c0001',
    flow_uuid: shopFlow.uuid,
    trader_uuid: traderUuid,
    types: [
      {
        id: '01a201f1-0000-7000-8000-0000000c0002',
        type: { slug: 'amount_range', title: 'Amount per order' },
        values: { min_amount: '500', max_amount: '150000' },
      },
    ],
  },
];
