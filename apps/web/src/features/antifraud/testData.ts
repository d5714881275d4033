import type {
  AntiFraudCase,
  AntiFraudSettings,
  AvailableFilter,
  ListData,
  Order,
  ReceiptCheckResult,
} from '@paydesk/contract';

/** Fixtures of the anti-fraud screen's tests, shaped as the server answers. */

export function makeCase(overrides: Partial<AntiFraudCase> = {}): AntiFraudCase {
  return {
    guid: '01a201f1-0000-7000-8000-0000000af001',
    // Late in the evening in UTC: the next day already in the zones east of it, so a local date would differ.
    created_at: '2026-03-05T23:30:15.000Z',
    rule: { slug: 'trader_cancel_streak', title: 'Canceled orders in a row' },
    target: { kind: 'trader', username: 'trader', label: 'trader' },
    evidence: 'canceled in a row: 5; last order: 01a201f1-0000-7000-8000-0000000000c1',
    is_approved: false,
    approved_at: null,
    approved_by: null,
    ...overrides,
  };
}

/** A trader kept out of matching until an admin releases it. */
export const newTraderCase = makeCase();

/** A requisite's case an admin released. */
export const approvedRequisiteCase = makeCase({
  guid: '01a201f1-0000-7000-8000-0000000af002',
  created_at: '2026-03-04T08:00:00.000Z',
  rule: { slug: 'requisite_payers_per_day', title: 'Payers of one requisite per day' },
  target: { kind: 'requisite', username: 'trader', label: 'Sber card (trader)' },
  evidence: 'payers in 24 hours: 12',
  is_approved: true,
  approved_at: '2026-03-04T21:05:09.000Z',
  approved_by: { username: 'root' },
});

/** A payer of the demo merchant making too many orders. */
export const newClientCase = makeCase({
  guid: '01a201f1-0000-7000-8000-0000000af003',
  created_at: '2026-03-06T01:02:03.000Z',
  rule: { slug: 'client_orders_per_hour', title: 'One payer’s orders per hour' },
  target: { kind: 'client', username: 'merchant', label: 'client-77 (merchant)' },
  evidence: 'orders in an hour: 31; merchant: merchant; payer: client-77',
});

export const caseFilters: AvailableFilter[] = [
  {
    name: 'is_approved',
    label: 'filters.status',
    type: 'select',
    options: [
      { value: 'false', label: 'New' },
      { value: 'true', label: 'Approved' },
    ],
  },
  {
    name: 'rule',
    label: 'filters.rule',
    type: 'multiselect',
    options: [
      { value: 'trader_cancel_streak', label: 'Canceled orders in a row' },
      { value: 'client_orders_per_hour', label: 'One payer’s orders per hour' },
    ],
  },
  { name: 'date_from', label: 'filters.date_from', type: 'date' },
  { name: 'date_to', label: 'filters.date_to', type: 'date' },
];

export function listOf<T>(items: T[], total = items.length, page = 1, perPage = 20): ListData<T> {
  return {
    items,
    context: {
      available_filters: caseFilters,
      pagination: {
        total_count: total,
        per_page: perPage,
        current_page: page,
        page_number: Math.ceil(total / perPage),
      },
    },
  };
}

export const storedSettings: AntiFraudSettings = {
  trader_cancel_streak: '5',
  trader_dispute_share_percent: '',
  payout_overdue_minutes: '30',
  client_orders_per_hour: '',
  requisite_payers_per_day: '10',
};

export const matchingOrder: Order = {
  guid: '01a201f1-0000-7000-8000-0000000000c7',
  type: 'pay_in',
  status: { slug: 'paid', title: 'Paid' },
  created_at: '2026-03-05T22:10:00.000Z',
  updated_at: '2026-03-05T22:12:00.000Z',
  expires_at: null,
  fiat_money: { amount: '1500.00', currency: { code: 'RUB' } },
  crypto_money: { amount: '16.216216', currency: { code: 'USDT', name: 'USDT' } },
  rate: '92.5',
  executor: {
    type: { slug: 'trader' },
    trader: { uuid: '01a201f1-0000-7000-8000-0000000007a1', username: 'trader' },
    partner: null,
  },
  merchant: { uuid: '01a201f1-0000-7000-8000-00000000e7c1', username: 'merchant' },
  flow: { uuid: '01a201f1-0000-7000-8000-0000000000f1', name: 'Demo shop RUB' },
  client_order_id: 'shop-1001',
  payment_details: null,
  payer_report: null,
  actions: [],
};

export const receiptResult: ReceiptCheckResult = {
  amounts: ['1500.00'],
  dates: ['2026-03-05'],
  orders: [matchingOrder],
};

/** A small file that starts as a PDF does; the server, not this screen, reads what is inside. */
export function pdfFile(name = 'receipt.pdf', type = 'application/pdf') {
  return new File(['%PDF-1.4\n%receipt\n'], name, { type });
}
