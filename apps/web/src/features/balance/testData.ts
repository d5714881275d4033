import type { AvailableFilter, BalanceHistoryRow, BalanceSummary, KeysetListData, Payment } from '@paydesk/contract';
import { USDT } from '@paydesk/contract';
import { makeUser, makeWallet, users } from '../../app/testing';

export const realAddress = 'TXmerchantRealAddress0000000000001';

export const merchant = makeUser({
  ...users.merchant,
  wallets: [
    makeWallet('virtual', '01a201f1-0000-7000-8000-00000000aaaa', '5000'),
    makeWallet('real', realAddress, '6450'),
  ],
});
export const trader = makeUser({ ...merchant, role: 'trader', username: 'trader' });
export const agent = makeUser({ ...merchant, role: 'agent', username: 'agent', manualWithdrawal: false });
export const partner = makeUser({ ...merchant, role: 'partner', username: 'partner' });

export function summaryOf(overrides: Partial<BalanceSummary> = {}): BalanceSummary {
  return {
    currency: USDT,
    available: '5000',
    hold: '1200',
    insurance: '0',
    insurance_required: null,
    insurance_paid: null,
    ...overrides,
  };
}

export const historyFilters: AvailableFilter[] = [
  {
    name: 'type',
    label: 'filters.type',
    type: 'multiselect',
    options: [
      { value: 'deposit', label: 'Deposit' },
      { value: 'withdrawal_hold', label: 'Withdrawal requested' },
    ],
  },
  {
    name: 'account',
    label: 'filters.account',
    type: 'multiselect',
    options: [
      { value: 'available', label: 'Available' },
      { value: 'hold', label: 'On hold' },
    ],
  },
  { name: 'date_from', label: 'filters.date_from', type: 'date' },
  { name: 'date_to', label: 'filters.date_to', type: 'date' },
];

export function historyRow(overrides: Partial<BalanceHistoryRow> = {}): BalanceHistoryRow {
  return {
    guid: '01a20443-0000-7000-8000-00000000d001',
    type: { slug: 'deposit', title: 'Deposit' },
    status: { slug: 'done', title: 'Completed' },
    money: { amount: '4000', currency: USDT },
    date: '2026-03-05T07:08:09.000Z',
    action: { slug: 'in', title: 'Credit' },
    account: { slug: 'available', title: 'Available' },
    payable: { uuid: merchant.userId, username: 'merchant' },
    payment_guid: null,
    order_guid: null,
    balance_before: '0',
    balance_after: '4000',
    parts: [
      {
        type: { slug: 'deposit', title: 'Deposit' },
        account: { slug: 'available', title: 'Available' },
        amount: '4000',
        balance_before: '0',
        balance_after: '4000',
      },
    ],
    ...overrides,
  };
}

export const withdrawalRow = historyRow({
  guid: '01a20443-0000-7000-8000-00000000d002',
  type: { slug: 'withdrawal_hold', title: 'Withdrawal requested' },
  status: { slug: 'moderation', title: 'On moderation' },
  money: { amount: '1200.125', currency: USDT },
  action: { slug: 'out', title: 'Debit' },
  balance_before: '6200',
  balance_after: '4999.875',
});

export function historyPage(
  items: BalanceHistoryRow[],
  pagination: Partial<KeysetListData<BalanceHistoryRow>['context']['pagination']> = {},
): KeysetListData<BalanceHistoryRow> {
  return {
    items,
    context: {
      available_filters: historyFilters,
      pagination: {
        total_count: items.length,
        per_page: 20,
        current_page: 1,
        page_number: 1,
        next_cursor: null,
        ...pagination,
      },
    },
  };
}

/** A payment as `POST /wallet/withdrawals` and `POST /wallet/demo_deposit` answer it (checked against the contract). */
export function paymentOf(overrides: Partial<Payment> = {}): Payment {
  return {
    guid: '01a20443-0000-7000-8000-00000000d101',
    type: { slug: 'deposit', title: 'Deposit' },
    status: { slug: 'done', title: 'Completed' },
    date: '2026-03-05T07:08:09.000Z',
    updated_at: '2026-03-05T07:08:09.000Z',
    money: { amount: '4000', currency: USDT },
    payable: { uuid: merchant.userId, username: 'merchant' },
    order_uuid: null,
    balance_before: null,
    balance_after: null,
    address: null,
    tx_hash: null,
    trader: null,
    source: null,
    comment: null,
    decided_by: null,
    decided_at: null,
    ...overrides,
  };
}
