import type { ListData, User } from '@paydesk/contract';

/** Fixtures of the users screens' tests. */

const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

export function makeManagedUser(overrides: Partial<User> = {}): User {
  return {
    uuid: '01a201f1-0000-7000-8000-0000000000a1',
    username: 'someone',
    email: null,
    type: 'admin',
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
    balance: { hold: '0', virtual: '0', insurance: '0', currency: usdt },
    created_at: '2026-03-05T07:08:09.000Z',
    profile: null,
    ...overrides,
  };
}

export const agent = makeManagedUser({
  uuid: '01a201f1-0000-7000-8000-00000000a9e1',
  username: 'agent',
  type: 'agent',
  comment: 'Team lead',
});

export const trader = makeManagedUser({
  uuid: '01a201f1-0000-7000-8000-0000000007a1',
  username: 'trader',
  type: 'trader',
  comment: 'Trader with insurance paid',
  is_online: true,
  // A read never carries the code (it is kept hashed): only the pending link's first characters.
  invite: { hint: 'INVI', expires_at: '2026-03-12T07:08:09.000Z' },
  // The insurance account holds more than the contribution asked for: the cell must show the ledger's figure.
  balance: { hold: '12.5', virtual: '1500.123456', insurance: '150.5', currency: usdt },
  profile: {
    fees: [
      { direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' },
      { direction: 'pay_out', min_amount: '0', max_amount: null, percentage: '1.5' },
    ],
    withdraw_open: true,
    deposit_open: true,
    insurance_paid: true,
    insurance_payment_amount: { amount: '100', currency: usdt },
    insurance_payment_currency: 'USDT',
    teamleads: [
      {
        user: { uuid: agent.uuid, username: 'agent' },
        user_uuid: agent.uuid,
        username: 'agent',
        is_main: true,
        pay_in_percentage: '0.75',
        pay_out_percentage: '0.25',
      },
    ],
  },
});

export const merchant = makeManagedUser({
  uuid: '01a201f1-0000-7000-8000-00000000e7c1',
  username: 'merchant',
  type: 'merchant',
  comment: 'Demo shop',
  balance: { hold: '0', virtual: '5000', insurance: '0', currency: usdt },
  profile: {
    fees: [
      { direction: 'pay_out', min_amount: '0', max_amount: null, percentage: '3' },
      { direction: 'pay_in', min_amount: '0', max_amount: null, percentage: '5' },
    ],
    referrals: [],
  },
});

export const admin = makeManagedUser({
  uuid: '01a201f1-0000-7000-8000-0000000ad011',
  username: 'support',
  type: 'admin',
  roles: ['support'],
  comment: 'Support desk',
});

export function listOf(items: User[]): ListData<User> {
  return {
    items,
    context: {
      available_filters: [
        { name: 'uuid', label: 'filters.uuid', type: 'text' },
        { name: 'username', label: 'filters.username', type: 'text' },
        { name: 'is_active', label: 'filters.is_active', type: 'boolean' },
        { name: 'is_blocked', label: 'filters.is_blocked', type: 'boolean' },
      ],
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}
