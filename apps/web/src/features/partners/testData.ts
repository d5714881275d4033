import type { BalanceLogEntry, ListData, Pagination, PartnerSystem, User } from '@paydesk/contract';
import type { PartnerSystemList } from './api/listPartnerSystems';

/** Fixtures of the partner systems screen's tests. */

export const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

export const partnerUserUuid = '01a201f1-0000-7000-8000-0000000ba871';

export function makePartnerSystem(overrides: Partial<PartnerSystem> = {}): PartnerSystem {
  return {
    uuid: '01a201f1-0000-7000-8000-00000000f501',
    partner: { title: 'Fast Pay', slug: 'fast-pay' },
    user: { uuid: partnerUserUuid, username: 'partner' },
    is_active: true,
    payment_method: 'card',
    fiat_currencies: ['RUB', 'KZT'],
    payment_options: [
      { slug: 'card', title: 'Card' },
      { slug: 'sbp', title: 'SBP' },
    ],
    flows: [
      {
        uuid: '01a201f1-0000-7000-8000-0000000f1001',
        name: 'Shop RUB',
        fiat_currency: { code: 'RUB' },
        crypto_currency: { code: 'USDT' },
      },
    ],
    balance: { amount: '650.123456', currency: usdt },
    partner_system: { is_active: true },
    created_at: '2026-03-05T07:08:09.000Z',
    ...overrides,
  };
}

export const fastPay = makePartnerSystem();

export const slowPay = makePartnerSystem({
  uuid: '01a201f1-0000-7000-8000-00000000f502',
  partner: { title: 'Slow Pay', slug: 'slow-pay' },
  user: { uuid: '01a201f1-0000-7000-8000-0000000ba872', username: 'partner2' },
  is_active: false,
  payment_method: 'sbp',
  fiat_currencies: [],
  payment_options: [],
  flows: [],
  balance: { amount: '0', currency: usdt },
  partner_system: { is_active: false },
});

export function pageOf(total: number, page = 1, perPage = 20): Pagination {
  return {
    total_count: total,
    per_page: perPage,
    current_page: page,
    page_number: Math.max(1, Math.ceil(total / perPage)),
  };
}

export function systemListOf(items: PartnerSystem[], total = '650.123456'): PartnerSystemList {
  return {
    items,
    context: {
      available_filters: [],
      pagination: pageOf(items.length),
      total: { amount: total, currency: usdt },
    },
  };
}

export const logFilters: ListData<BalanceLogEntry>['context']['available_filters'] = [
  {
    name: 'type',
    label: 'filters.type',
    type: 'select',
    options: [
      { value: 'order_payout', label: 'Order paid out' },
      { value: 'withdrawal', label: 'Withdrawal' },
    ],
  },
  { name: 'date_from', label: 'filters.date_from', type: 'date' },
  { name: 'date_to', label: 'filters.date_to', type: 'date' },
];

export const credit: BalanceLogEntry = {
  guid: '01a201f1-0000-7000-8000-0000000c0001',
  created_at: '2026-03-06T10:11:12.000Z',
  type: { slug: 'order_payout', title: 'Order paid out' },
  change: { amount: '150.5', currency: usdt },
  balance: { amount: '650.123456', currency: usdt },
};

export const debit: BalanceLogEntry = {
  guid: '01a201f1-0000-7000-8000-0000000c0002',
  created_at: '2026-03-05T08:00:00.000Z',
  type: { slug: 'withdrawal', title: 'Withdrawal' },
  change: { amount: '-100', currency: usdt },
  balance: { amount: '499.623456', currency: usdt },
};

export function logOf(items: BalanceLogEntry[], pagination: Pagination = pageOf(items.length)) {
  return { items, context: { available_filters: logFilters, pagination } };
}

export function makePartnerUser(overrides: Partial<User> = {}): User {
  return {
    uuid: partnerUserUuid,
    username: 'partner',
    email: null,
    type: 'partner',
    is_root: false,
    comment: null,
    is_active: true,
    is_blocked: false,
    block_comment: null,
    is_online: false,
    manual_withdrawal: false,
    two_factor: false,
    invite_code: null,
    invite: null,
    roles: [],
    permissions: [],
    wallets: [],
    balance: { hold: '0', virtual: '650.123456', insurance: '0', currency: usdt },
    created_at: '2026-03-05T07:08:09.000Z',
    profile: null,
    ...overrides,
  };
}

export const partnerUsers: User[] = [
  makePartnerUser(),
  makePartnerUser({ uuid: '01a201f1-0000-7000-8000-0000000ba873', username: 'blocked-partner', is_blocked: true }),
];

export function userListOf(items: User[]): ListData<User> {
  return { items, context: { available_filters: [], pagination: pageOf(items.length) } };
}

export const fiatCurrencies = [
  { code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 },
  { code: 'KZT', name: 'Kazakhstani tenge', ratio_fraction: 2 },
  { code: 'UZS', name: 'Uzbekistani sum', ratio_fraction: 2 },
];

export const paymentOptions = [
  { slug: 'card', name: 'Card', attributes: [] },
  { slug: 'sbp', name: 'SBP', attributes: [] },
  { slug: 'account', name: 'Bank account', attributes: [] },
];
