import { z } from 'zod';
import { lazySchema } from './lazy';
import { currencySchema } from './session';
import { dateFilter, enumList } from './wallet';
import { listQuerySchema } from './wire';

/** SPEC §2.12 orders, §3 Order, §4 order statuses; DESIGN §5. An order is never a deal, payment or transaction. */

export const orderTypes = ['pay_in', 'pay_out'] as const;
export type OrderType = (typeof orderTypes)[number];

/** Statuses on the wire (SPEC §2.12 filters use "in-progress"); `dispute` while an appeal is open (DESIGN §12). */
export const orderStatuses = ['new', 'in-progress', 'paid', 'canceled', 'dispute'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What the active screen loads (SPEC §2.12). */
export const activeOrderStatuses = ['new', 'in-progress'] as const satisfies readonly OrderStatus[];

/** The payment details of SPEC §3: where the payer pays (pay-in) or where the executor pays (pay-out). */
export const paymentDetailsSchema = lazySchema(() =>
  z.object({
    payment_option: z.string().nullable(),
    payment_type: z.object({ slug: z.string(), name: z.string(), image: z.object({ url: z.string() }) }).nullable(),
    holder: z.string().nullable(),
    recipient: z.string().nullable(),
    card_number: z.string().nullable(),
    correspondent_account: z.string().nullable(),
    phone: z.string().nullable(),
    bank: z.string().nullable(),
    bik: z.string().nullable(),
  }),
);
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

const titled = lazySchema(() => z.object({ slug: z.string(), title: z.string() }));
const person = lazySchema(() => z.object({ uuid: z.string(), username: z.string() }));

/** A receipt the payer attached on its page (DESIGN §20): served at GET /order/{id}/payer_receipt/{id}. */
export const payerReceiptSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** A name to save it under: receipt-1.png, in the order it was attached. */
    name: z.string(),
    content_type: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
    size: z.number().int(),
  }),
);
export type PayerReceipt = z.infer<typeof payerReceiptSchema>;

/**
 * What the payer said on its page (DESIGN §20): when it reported paying (null: never) and its receipts. Shown to the
 * order's executor, its merchant and admins; null for anyone else and for an order whose payer said nothing.
 */
export const payerReportSchema = lazySchema(() =>
  z.object({ reported_at: z.string().nullable(), receipts: z.array(payerReceiptSchema) }),
);
export type PayerReport = z.infer<typeof payerReportSchema>;

/** The Order entity of SPEC §3 as the screens list it; `payment_details` only for admin, merchant and trader (§6). */
export const orderSchema = lazySchema(() =>
  z
    .object({
      guid: z.string(),
      type: z.enum(orderTypes),
      status: titled,
      created_at: z.string(),
      updated_at: z.string(),
      expires_at: z.string().nullable(),
      fiat_money: z.object({ amount: z.string(), currency: z.object({ code: z.string() }) }),
      crypto_money: z.object({ amount: z.string(), currency: z.object({ code: z.string(), name: z.string() }) }),
      rate: z.string(),
      executor: z
        .object({
          type: z.object({ slug: z.enum(['trader', 'partner']) }),
          trader: person.nullable(),
          partner: z.object({ partner: z.object({ title: z.string() }), slug: z.string() }).nullable(),
        })
        .nullable(),
      merchant: person,
      flow: z.object({ uuid: z.string(), name: z.string() }),
      client_order_id: z.string(),
      payment_details: paymentDetailsSchema.nullable(),
      /** The payer's report and receipts from its page (DESIGN §20), to those who may see them. */
      payer_report: payerReportSchema.nullable(),
      /** What the viewer may do with it now. */
      actions: z.array(z.enum(['set_paid', 'take', 'cancel', 'webhook_resend', 'dispute'])),
    })
    .meta({ id: 'Order' }),
);
export type Order = z.infer<typeof orderSchema>;

/**
 * The tabs of /deals (SPEC §2.21, DESIGN §13): every order, cut by state (active: new or in progress; completed: paid;
 * canceled; disputes: under dispute now) or by direction.
 */
export const dealTabs = ['active', 'completed', 'canceled', 'disputes', 'pay_in', 'pay_out'] as const;
export type DealTab = (typeof dealTabs)[number];

/** GET [/{role}]/order: the tab is the direction; statuses as a comma list ("new,in-progress"). */
export const orderListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    /** The deals screen's tab; combined with the other filters (an empty intersection is an empty list). */
    'filter[tab]': z.enum(dealTabs, { error: 'validation.invalid' }).optional(),
    sort: z.enum(['created_at', '-created_at'], { error: 'validation.invalid' }).default('-created_at'),
    'filter[direction]': z.enum(orderTypes, { error: 'validation.invalid' }).optional(),
    'filter[status]': enumList(orderStatuses),
    'filter[guid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[client_order_id]': z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const orderEventSchema = lazySchema(() =>
  z.object({
    status: titled,
    from_status: z.string().nullable(),
    actor: z.string(),
    note: z.string().nullable(),
    created_at: z.string(),
  }),
);

/** Who an order's money is for: the parties of DESIGN §5. */
export const orderPartyRoles = ['merchant', 'trader', 'partner', 'referral', 'teamlead', 'platform'] as const;
export type OrderPartyRole = (typeof orderPartyRoles)[number];

const moneySchema = lazySchema(() => z.object({ amount: z.string(), currency: currencySchema }));

/** One side of a transfer, named: the party's role, its username (none for the platform) and the account's name. */
export const ledgerPartySchema = lazySchema(() =>
  z.object({
    role: titled,
    username: z.string().nullable(),
    account: titled,
  }),
);

/** A ledger transfer of the order, both sides named (the admin's view: every party's line, rounding included). */
export const orderTransferSchema = lazySchema(() =>
  z.object({
    guid: z.string(),
    code: titled,
    from: ledgerPartySchema,
    to: ledgerPartySchema,
    money: moneySchema,
    created_at: z.string(),
  }),
);

/**
 * What moved on the viewer's own accounts for the order, one line per event, account and reason. What the viewer paid
 * out of one account in one event is one line: its split (other parties' shares) is not the viewer's to see.
 */
export const orderMoneyLineSchema = lazySchema(() =>
  z.object({
    code: titled,
    account: titled,
    /** Signed: negative when the money left the account. */
    amount: z.string(),
    created_at: z.string(),
  }),
);

/**
 * The viewer's own part of an order's money (a merchant, the executing trader or partner), from the pricing fixed at
 * creation: its percentage, its fee or reward, what it receives or pays, and the lines that have moved so far.
 */
export const orderOwnMoneySchema = lazySchema(() =>
  z.object({
    role: titled,
    /** The merchant's fee or the executor's reward, in percent. */
    percentage: z.string(),
    /** The merchant's fee or the executor's reward, in crypto. */
    share: moneySchema,
    /** What the paid order gives the viewer; null when it gives nothing (a pay-out's merchant). */
    receives: moneySchema.nullable(),
    /** What the order takes from the viewer (held while the order is open); null when nothing. */
    pays: moneySchema.nullable(),
    lines: z.array(orderMoneyLineSchema),
  }),
);
export type OrderOwnMoney = z.infer<typeof orderOwnMoneySchema>;

/**
 * Why a webhook attempt was not sent, as the delivery records it in `error`: the screens say these in the reader's
 * language; any other `error` is the transport's own words (a timeout, a refused connection).
 */
export const webhookSkipReasons = {
  noNotificationKey: 'no notification key to sign with',
  noNotificationUrl: 'no notification URL',
  destinationRefused: 'destination refused: ',
} as const;

export const webhookAttemptSchema = lazySchema(() =>
  z.object({
    attempted_at: z.string(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    response_excerpt: z.string().nullable(),
  }),
);

export const webhookDeliverySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
    created_at: z.string(),
    attempts: z.array(webhookAttemptSchema),
  }),
);

/**
 * GET /order/{id}: the order with its timeline, its money as the viewer may see it (DESIGN §5, issue 20: each role is
 * served only its own lines) and its webhook deliveries.
 */
export const orderDetailsSchema = lazySchema(() =>
  z.object({
    order: orderSchema,
    pricing: z
      .object({
        merchant_fee: z.string(),
        executor_fee: z.string(),
        agents: z.array(
          z.object({ username: z.string(), role: z.enum(['referral', 'teamlead']), percentage: z.string() }),
        ),
        hold: z.object({ amount: z.string(), currency: currencySchema }),
      })
      .nullable(),
    timeline: z.array(orderEventSchema),
    /** Every transfer of the order, both sides named: the admin's only (empty for everyone else). */
    transfers: z.array(orderTransferSchema),
    /** The viewer's own money in the order: a merchant's or its executor's; null for the admin and anyone else. */
    own_money: orderOwnMoneySchema.nullable(),
    webhooks: z.array(webhookDeliverySchema).nullable(),
  }),
);
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
