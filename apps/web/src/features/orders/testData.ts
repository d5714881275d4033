import type { Dispute, DisputeReason, ListData, Order, OrderDetails, PaymentDetails } from '@paydesk/contract';

/** Fixtures of the order screens' tests. */

const usdt = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

const cardDetails: PaymentDetails = {
  payment_option: 'card',
  payment_type: { slug: 'sberbank', name: 'Sberbank', image: { url: '/payment-types/sberbank.svg' } },
  holder: 'IVAN PETROV',
  recipient: null,
  card_number: '4276380012345678',
  correspondent_account: null,
  phone: null,
  bank: null,
  bik: null,
};

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    guid: '01a201f1-0000-7000-8000-0000000000c1',
    type: 'pay_in',
    status: { slug: 'new', title: 'New' },
    created_at: '2026-03-05T07:08:09.000Z',
    updated_at: '2026-03-05T07:08:09.000Z',
    expires_at: '2026-03-05T07:23:09.000Z',
    fiat_money: { amount: '1500.00', currency: { code: 'RUB' } },
    crypto_money: { amount: '16.216216', currency: { code: 'USDT', name: 'Tether USD' } },
    rate: '92.5',
    executor: {
      type: { slug: 'trader' },
      trader: { uuid: '01a201f1-0000-7000-8000-0000000007a1', username: 'trader' },
      partner: null,
    },
    merchant: { uuid: '01a201f1-0000-7000-8000-00000000e7c1', username: 'merchant' },
    flow: { uuid: '01a201f1-0000-7000-8000-0000000000f1', name: 'Demo shop RUB' },
    client_order_id: 'shop-1001',
    payment_details: cardDetails,
    payer_report: null,
    actions: [],
    ...overrides,
  };
}

/** A trader's open pay-in that it may mark paid. */
export const payInNew = makeOrder({ actions: ['set_paid'] });

/** A pay-in whose payer reported paying on its page at 12:03 local time, with a picture and a PDF receipt. */
export const payInReported = makeOrder({
  guid: '01a201f1-0000-7000-8000-0000000000c5',
  status: { slug: 'in-progress', title: 'In progress' },
  actions: ['set_paid'],
  payer_report: {
    reported_at: new Date(2026, 2, 5, 12, 3, 0).toISOString(),
    receipts: [
      { id: '01a201f1-0000-7000-8000-0000000000d1', name: 'receipt-1.png', content_type: 'image/png', size: 68 },
      { id: '01a201f1-0000-7000-8000-0000000000d2', name: 'receipt-2.pdf', content_type: 'application/pdf', size: 900 },
    ],
  },
});

/** A pay-out nobody took yet, open to the executors of its flow. */
export const payOutNew = makeOrder({
  guid: '01a201f1-0000-7000-8000-0000000000c2',
  type: 'pay_out',
  fiat_money: { amount: '3000.00', currency: { code: 'RUB' } },
  crypto_money: { amount: '32.432432', currency: { code: 'USDT', name: 'Tether USD' } },
  executor: null,
  // The recipient, as the server sends it to the executors who may take the pay-out.
  payment_details: {
    payment_option: 'sbp',
    payment_type: null,
    holder: 'ANNA SMIRNOVA',
    recipient: 'ANNA SMIRNOVA',
    card_number: null,
    correspondent_account: null,
    phone: '79035550142',
    bank: 'T-Bank',
    bik: null,
  },
  actions: ['take'],
});

/** A pay-in executed by a partner, paid. */
export const payInPaid = makeOrder({
  guid: '01a201f1-0000-7000-8000-0000000000c3',
  status: { slug: 'paid', title: 'Paid' },
  executor: {
    type: { slug: 'partner' },
    trader: null,
    partner: { partner: { title: 'PayFlow' }, slug: 'payflow' },
  },
  payment_details: {
    ...cardDetails,
    holder: null,
    recipient: null,
    card_number: null,
    phone: '79161234567',
  },
});

export const payInCanceled = makeOrder({
  guid: '01a201f1-0000-7000-8000-0000000000c4',
  status: { slug: 'canceled', title: 'Canceled' },
});

export function orderListOf(items: Order[]): ListData<Order> {
  return {
    items,
    context: {
      available_filters: [
        {
          name: 'status',
          label: 'filters.status',
          type: 'multiselect',
          options: [
            { value: 'new', label: 'New' },
            { value: 'paid', label: 'Paid' },
            { value: 'canceled', label: 'Canceled' },
          ],
        },
        { name: 'guid', label: 'filters.guid', type: 'text' },
        { name: 'client_order_id', label: 'filters.client_order_id', type: 'text' },
        { name: 'date_from', label: 'filters.date_from', type: 'date' },
        { name: 'date_to', label: 'filters.date_to', type: 'date' },
      ],
      pagination: { total_count: items.length, per_page: 20, current_page: 1, page_number: 1 },
    },
  };
}

export function detailsOf(order: Order): OrderDetails {
  return {
    order,
    pricing: {
      merchant_fee: '5',
      executor_fee: '2.5',
      agents: [{ username: 'agent', role: 'referral', percentage: '0.5' }],
      hold: { amount: '16.216216', currency: usdt },
    },
    timeline: [
      {
        status: { slug: 'new', title: 'New' },
        from_status: null,
        actor: 'merchant',
        note: null,
        created_at: order.created_at,
      },
      {
        status: { slug: 'paid', title: 'Paid' },
        from_status: 'new',
        actor: 'executor',
        note: null,
        created_at: '2026-03-05T07:10:00.000Z',
      },
    ],
    transfers: [
      {
        guid: '01a201f1-0000-7000-8000-0000000000e1',
        code: { slug: 'order_hold', title: 'Order hold' },
        from: {
          role: { slug: 'trader', title: 'Trader' },
          username: 'trader',
          account: { slug: 'available', title: 'Available' },
        },
        to: {
          role: { slug: 'trader', title: 'Trader' },
          username: 'trader',
          account: { slug: 'hold', title: 'On hold' },
        },
        money: { amount: '16.216216', currency: usdt },
        created_at: order.created_at,
      },
      {
        guid: '01a201f1-0000-7000-8000-0000000000e2',
        code: { slug: 'order_rounding', title: 'Rounding' },
        from: {
          role: { slug: 'trader', title: 'Trader' },
          username: 'trader',
          account: { slug: 'hold', title: 'On hold' },
        },
        to: {
          role: { slug: 'platform', title: 'Platform' },
          username: null,
          account: { slug: 'rounding', title: 'Rounding' },
        },
        money: { amount: '0.000001', currency: usdt },
        created_at: '2026-03-05T07:10:00.000Z',
      },
    ],
    own_money: null,
    webhooks: [
      {
        id: '01a201f1-0000-7000-8000-0000000000w1',
        type: 'order.paid',
        status: 'failed',
        created_at: '2026-03-05T07:10:00.000Z',
        attempts: [
          {
            attempted_at: '2026-03-05T07:10:01.000Z',
            status_code: 502,
            duration_ms: 120,
            error: null,
            response_excerpt: 'Bad gateway',
          },
        ],
      },
    ],
  };
}

/** The same order as its merchant is served it: no pricing, no transfers, its own money only (issue 20). */
export function merchantDetailsOf(order: Order): OrderDetails {
  return {
    ...detailsOf(order),
    pricing: null,
    transfers: [],
    own_money: {
      role: { slug: 'merchant', title: 'Merchant' },
      percentage: '5',
      share: { amount: '0.810811', currency: usdt },
      receives: { amount: '15.405405', currency: usdt },
      pays: null,
      lines: [
        {
          code: { slug: 'order_settle', title: 'Order settled' },
          account: { slug: 'available', title: 'Available' },
          amount: '15.405405',
          created_at: '2026-03-05T07:10:00.000Z',
        },
      ],
    },
  };
}

/** An open dispute on the canceled pay-in, with a PNG receipt: the APPEALS tab of /active. */
export function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    uuid: '01a201f1-0000-7000-8000-0000000000d1',
    order_uuid: payInCanceled.guid,
    order_type: 'pay_in',
    fiat_amount: { amount: '1500.00', currency: { code: 'RUB' } },
    merchant: { uuid: '01a201f1-0000-7000-8000-00000000e7c1', username: 'merchant' },
    executor: { uuid: '01a201f1-0000-7000-8000-0000000007a1', username: 'trader' },
    reason: { value: 'payment_not_credited', title: 'Payment made but not credited' },
    fields: { paid_amount: '1500', paid_at: '2026-03-05T07:05:00.000Z', comment: null },
    status: { slug: 'open', title: 'Open' },
    order_status_before: 'canceled',
    resolved_fiat_amount: null,
    files: [
      {
        url: '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000f9',
        name: 'receipt.png',
        content_type: 'image/png',
      },
    ],
    created_at: '2026-03-05T08:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

export const disputeOpen = makeDispute();

/** A dispute with a PDF receipt, about another amount than the order's. */
export const disputePdf = makeDispute({
  uuid: '01a201f1-0000-7000-8000-0000000000d2',
  order_uuid: payInPaid.guid,
  reason: { value: 'wrong_amount', title: 'Wrong amount paid' },
  fields: { paid_amount: '1400', paid_at: null, comment: null },
  executor: { uuid: '01a201f1-0000-7000-8000-0000000007a2', username: 'PayFlow' },
  order_status_before: 'paid',
  files: [
    {
      url: '/api/inner/dispute/file/01a201f1-0000-7000-8000-0000000000fa',
      name: 'receipt.pdf',
      content_type: 'application/pdf',
    },
  ],
});

/** Resolved at a corrected amount: the APPEALS tab of /history. */
export const disputeResolved = makeDispute({
  uuid: '01a201f1-0000-7000-8000-0000000000d3',
  status: { slug: 'resolved', title: 'Resolved' },
  reason: { value: 'other', title: 'Other' },
  fields: { paid_amount: null, paid_at: null, comment: 'The payer sent a screenshot by mail.' },
  // The resolution corrected the order's amount: the order now carries the corrected one.
  fiat_amount: { amount: '1400.00', currency: { code: 'RUB' } },
  resolved_fiat_amount: { amount: '1400.00', currency: { code: 'RUB' } },
  files: [],
  closed_at: '2026-03-05T09:30:00.000Z',
});

export function disputeListOf(items: Dispute[], total = items.length): ListData<Dispute> {
  return {
    items,
    context: {
      available_filters: [],
      pagination: {
        total_count: total,
        per_page: 20,
        current_page: 1,
        page_number: Math.max(1, Math.ceil(total / 20)),
      },
    },
  };
}

/** GET /dispute/reason as the server answers it. */
export const disputeReasons: DisputeReason[] = [
  {
    value: 'payment_not_credited',
    fields: ['paid_amount', 'paid_at'],
    names: { en: 'Payment made but not credited', ru: 'Оплата прошла, но не зачислена' },
  },
  { value: 'wrong_amount', fields: ['paid_amount'], names: { en: 'Wrong amount paid', ru: 'Оплачена другая сумма' } },
  { value: 'duplicate_payment', fields: [], names: { en: 'Duplicate payment', ru: 'Повторная оплата' } },
  { value: 'other', fields: ['comment'], names: { en: 'Other', ru: 'Другое' } },
];
