import type { ListData, Payment, User, Wallet } from '@paydesk/contract';

/** Fixtures of the wallets screen's tests. */

const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

export const rootUuid = '01a201f1-e882-7617-870d-c5d07c92bb18';
export const traderUuid = '01a201f1-0000-7000-8000-0000000007a1';
export const merchantUuid = '01a201f1-0000-7000-8000-00000000e7c1';

export function makeWallet(address: string, username: string, uuid: string, amount: string): Wallet {
  return {
    name: address,
    type: { slug: 'real' },
    amount: { amount, currency: usdt },
    holder: { username, uuid, is_root: username === 'root' },
  };
}

export const rootWallet = makeWallet('TBkrMrQ9ucMhXjZCZoCD8GjntAUzQPQvgv', 'root', rootUuid, '0');
export const merchantWallet = makeWallet('TCxJLJacmqGMMQHaytaDc9nPnZs7Hj2Vg1', 'merchant', merchantUuid, '6772.5');

export function walletListOf(items: Wallet[]): ListData<Wallet> {
  return {
    items,
    context: {
      available_filters: [
        { name: 'username', label: 'filters.username', type: 'text' },
        { name: 'address', label: 'filters.address', type: 'text' },
      ],
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}

function makeUser(overrides: Partial<User>): User {
  return {
    uuid: traderUuid,
    username: 'trader',
    email: null,
    type: 'trader',
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

export const trader = makeUser({ balance: { hold: '0', virtual: '10000', insurance: '100', currency: usdt } });
export const blockedTrader = makeUser({
  uuid: '01a201f1-0000-7000-8000-0000000007a2',
  username: 'trader2',
  is_blocked: true,
});
export const merchant = makeUser({
  uuid: merchantUuid,
  username: 'merchant',
  type: 'merchant',
  balance: { hold: '1200', virtual: '5000.123456', insurance: '0', currency: usdt },
});

export function userListOf(items: User[]): ListData<User> {
  return {
    items,
    context: {
      available_filters: [],
      pagination: { total_count: items.length, per_page: 100, current_page: 1, page_number: 1 },
    },
  };
}

/** The pending withdrawal `POST /wallet/merchant_withdrawal` answers: the merchant's USDT held, the trader to send it. */
export const merchantWithdrawal: Payment = {
  guid: '01a201f1-0000-7000-8000-0000000a11e1',
  type: { slug: 'withdraw', title: 'Withdrawal' },
  status: { slug: 'pending', title: 'Pending' },
  date: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  money: { amount: '100', currency: usdt },
  payable: { uuid: merchantUuid, username: 'merchant' },
  order_uuid: null,
  balance_before: '6772.5',
  balance_after: '6672.5',
  address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
  tx_hash: null,
  trader: { uuid: traderUuid, username: 'trader' },
  source: null,
  comment: null,
  decided_by: null,
  decided_at: null,
};
