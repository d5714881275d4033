import type { ListData, Payment } from '@paydesk/contract';

/** Fixtures of the payments screen's tests. */

const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

export const sentHash = 'ab'.repeat(32);

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    guid: '01a201f1-0000-7000-8000-0000000000b0',
    type: { slug: 'withdraw', title: 'Withdrawal' },
    status: { slug: 'moderation', title: 'On moderation' },
    date: '2026-03-05T07:08:09.000Z',
    updated_at: '2026-03-05T07:08:09.000Z',
    money: { amount: '1200', currency: usdt },
    payable: { uuid: '01a201f1-0000-7000-8000-00000000e7c1', username: 'merchant' },
    order_uuid: null,
    balance_before: '6200',
    balance_after: '5000',
    address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
    tx_hash: null,
    trader: null,
    source: null,
    comment: null,
    decided_by: null,
    decided_at: null,
    ...overrides,
  };
}

export const moderated = makePayment({ guid: '01a201f1-0000-7000-8000-0000000000b1' });

export const pending = makePayment({
  guid: '01a201f1-0000-7000-8000-0000000000b2',
  status: { slug: 'pending', title: 'Sending' },
  money: { amount: '250.5', currency: usdt },
  payable: { uuid: '01a201f1-0000-7000-8000-0000000000a3', username: 'partner' },
  balance_before: '750',
  balance_after: '499.5',
});

export const merchantWithdrawal = makePayment({
  guid: '01a201f1-0000-7000-8000-0000000000b3',
  type: { slug: 'withdraw', title: 'Merchant withdrawal' },
  status: { slug: 'pending', title: 'Sending' },
  money: { amount: '300', currency: usdt },
  trader: { uuid: '01a201f1-0000-7000-8000-0000000007a1', username: 'trader' },
  balance_before: '5000',
  balance_after: '4700',
});

export const sent = makePayment({
  guid: '01a201f1-0000-7000-8000-0000000000b4',
  status: { slug: 'done', title: 'Completed' },
  money: { amount: '100', currency: usdt },
  tx_hash: sentHash,
});

export const rejected = makePayment({
  guid: '01a201f1-0000-7000-8000-0000000000b5',
  status: { slug: 'rejected', title: 'Rejected' },
  comment: 'Address on a sanctions list',
});

export const deposit = makePayment({
  guid: '01a201f1-0000-7000-8000-0000000000d1',
  type: { slug: 'deposit', title: 'Deposit' },
  status: { slug: 'done', title: 'Completed' },
  money: { amount: '322.123456', currency: usdt },
  payable: { uuid: '01a201f1-0000-7000-8000-0000000007a1', username: 'trader' },
  balance_before: '0',
  balance_after: '322.123456',
  address: 'TKEY28XnVNmdEe7tPn5zpUBZyFiyf3gmXJ',
  tx_hash: 'cd'.repeat(32),
  source: 'trongrid',
});

export function listOf(items: Payment[]): ListData<Payment> {
  return {
    items,
    context: {
      available_filters: [
        {
          name: 'status',
          label: 'filters.status',
          type: 'multiselect',
          options: [
            { value: 'moderation', label: 'On moderation' },
            { value: 'pending', label: 'Sending' },
            { value: 'done', label: 'Completed' },
            { value: 'rejected', label: 'Rejected' },
          ],
        },
        { name: 'username', label: 'filters.username', type: 'text' },
        { name: 'uuid', label: 'filters.uuid', type: 'text' },
        { name: 'date_from', label: 'filters.date_from', type: 'date' },
        { name: 'date_to', label: 'filters.date_to', type: 'date' },
      ],
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}
