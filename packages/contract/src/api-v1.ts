import { z } from 'zod';
import { decimalInput } from './amounts';
import { languages } from './constants';
import { lazySchema } from './lazy';
import { orderStatuses, orderTypes } from './orders';
import { listQuerySchema } from './wire';

/**
 * The merchant and executor API (`/api/v1/`, DESIGN §9): machine to machine, signed per request, documented by its
 * own OpenAPI document. Amounts are decimal strings; the order's `guid` is its id.
 */

/** The money of an API order: fiat what the payer pays, crypto what it is worth at the order's rate. */
export const apiOrderSchema = lazySchema(() =>
  z
    .object({
      guid: z.string(),
      client_order_id: z.string(),
      client_id: z.string().nullable(),
      type: z.enum(orderTypes),
      status: z.enum(orderStatuses),
      amount: z.string(),
      currency: z.string(),
      crypto_amount: z.string(),
      crypto_currency: z.string(),
      rate: z.string(),
      /** Pay-in: where the payer pays. */
      payment_details: z
        .object({
          payment_option: z.string(),
          payment_type: z.string(),
          attributes: z.record(z.string(), z.string()),
        })
        .nullable(),
      /** Pay-out: where the money goes, as the merchant gave it. */
      recipient: z.record(z.string(), z.string()).nullable(),
      expires_at: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
      paid_at: z.string().nullable(),
      canceled_at: z.string().nullable(),
      /**
       * Pay-in: the payer's page (DESIGN §20), `<public origin>/pay/<token>`, to send the payer to; null for a pay-out,
       * for a pay-in made before the page existed, and in webhooks (whose delivery knows no public origin).
       */
      payment_url: z.string().nullable(),
    })
    .meta({ id: 'ApiOrder' }),
);
export type ApiOrder = z.infer<typeof apiOrderSchema>;

/** A fiat amount as a merchant sends it: up to 12 digits and 2 decimals, above zero. */
export const fiatAmount = lazySchema(() =>
  decimalInput.refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value) && !/^0+(\.0+)?$/.test(value), {
    error: 'orders.errors.amount',
  }),
);

/** POST /api/v1/orders. */
export const apiOrderCreateSchema = lazySchema(() =>
  z.object({
    type: z.enum(orderTypes, { error: 'orders.errors.type' }),
    amount: fiatAmount,
    currency: z.string({ error: 'orders.errors.currency' }).trim().min(1, { error: 'orders.errors.currency' }).max(10),
    crypto_currency: z.string().trim().min(1).max(10).default('USDT'),
    payment_option: z.string().trim().min(1).max(50).optional(),
    payment_type: z.string().trim().min(1).max(50).optional(),
    client_order_id: z
      .string({ error: 'orders.errors.client_order_id' })
      .trim()
      .min(1, { error: 'orders.errors.client_order_id' })
      .max(100, { error: 'validation.too_long' })
      .regex(/^[\x21-\x7e]+$/, { error: 'orders.errors.client_order_id' }),
    client_id: z.string().trim().min(1).max(100).optional(),
    /** Pay-out: the recipient's details, the fields of the payment option (card_number, holder, …). */
    recipient: z.record(z.string().max(50), z.string().max(500)).optional(),
    /**
     * Pay-in: where the payer's page sends the payer back once paid. https (http only on the machine itself), its host
     * one of the merchant's `payer_return_hosts`; anything else is refused (422 `return_url_not_allowed`).
     */
    return_url: z
      .string({ error: 'validation.url' })
      .trim()
      .min(1, { error: 'validation.url' })
      .max(2000, { error: 'validation.too_long' })
      .optional(),
    /** Pay-in: the language of the payer's page (else the payer's browser decides). */
    language: z.enum(languages, { error: 'validation.invalid' }).optional(),
  }),
);
export type ApiOrderCreate = z.input<typeof apiOrderCreateSchema>;

export const apiOrderListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    client_order_id: z.string().trim().max(100).optional(),
    status: z.enum(orderStatuses, { error: 'validation.invalid' }).optional(),
    type: z.enum(orderTypes, { error: 'validation.invalid' }).optional(),
  }),
);

export const apiBalanceSchema = lazySchema(() =>
  z.object({
    currency: z.string(),
    available: z.string(),
    hold: z.string(),
  }),
);

/** What every webhook carries (DESIGN §10): the event id (to drop duplicates), its type, when, and the order. */
export const webhookEventSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    created_at: z.string(),
    data: apiOrderSchema,
    /** `dispute.opened` and `dispute.closed`: the dispute that moved the order (DESIGN §12). */
    dispute: z
      .object({
        uuid: z.string(),
        reason: z.string(),
        status: z.string(),
        /** The fiat amount the resolution settled when it corrected the order's. */
        resolved_fiat_amount: z.string().nullable(),
      })
      .optional(),
  }),
);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
