import { z } from 'zod';
import { lazySchema } from './lazy';
import { currencySchema } from './session';
import { dateFilter, enumList, transferCodes } from './wallet';
import { listEnvelopeWithTotal, listQuerySchema } from './wire';

/** SPEC §2.20 partner payment systems; §3 Partner system, Balance log entry. */

/**
 * The payment methods a partner system is known by (the demo's is `h2h`): the screens give each a title in both
 * languages (issue 32: no code reaches a user raw). An administrator may still write another method in words, which is
 * shown as written.
 */
export const partnerPaymentMethods = ['h2h', 'p2p', 'sbp', 'card'] as const;

export const partnerSystemSchema = lazySchema(() =>
  z
    .object({
      uuid: z.string(),
      partner: z.object({ title: z.string(), slug: z.string() }),
      user: z.object({ uuid: z.string(), username: z.string() }),
      is_active: z.boolean(),
      payment_method: z.string(),
      fiat_currencies: z.array(z.string()),
      payment_options: z.array(z.object({ slug: z.string(), title: z.string() })),
      flows: z.array(
        z.object({
          uuid: z.string(),
          name: z.string(),
          fiat_currency: z.object({ code: z.string() }),
          crypto_currency: z.object({ code: z.string() }),
        }),
      ),
      balance: z.object({ amount: z.string(), currency: currencySchema }),
      partner_system: z.object({ is_active: z.boolean() }),
      created_at: z.string(),
    })
    .meta({ id: 'PartnerSystem' }),
);
export type PartnerSystem = z.infer<typeof partnerSystemSchema>;

/** The partner-system list's context adds what the screen's title line shows: every partner's balance in all. */
export const partnerTotalSchema = lazySchema(() => z.object({ amount: z.string(), currency: currencySchema }));

/** GET /partner-system: the systems, and the balance of every partner in all (the screen's title line). */
export const partnerSystemListSchema = lazySchema(() => listEnvelopeWithTotal(partnerSystemSchema, partnerTotalSchema));

const slugSchema = lazySchema(() =>
  z
    .string({ error: 'partners.errors.slug' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/, { error: 'partners.errors.slug' }),
);

/** POST /partner-system: a payment system for a user of type partner. */
/** The fields a partner system's owner edits; defaults only where one is created, so an edit changes what it sends. */
const partnerSystemFields = lazySchema(() => ({
  title: z
    .string({ error: 'partners.errors.title' })
    .trim()
    .min(1, { error: 'partners.errors.title' })
    .max(100, { error: 'validation.too_long' }),
  payment_method: z
    .string({ error: 'partners.errors.payment_method' })
    .trim()
    .min(1, { error: 'partners.errors.payment_method' })
    .max(100, { error: 'validation.too_long' }),
  fiat_currencies: z.array(z.string().trim().min(1).max(10)).max(20),
  payment_options: z.array(z.string().trim().min(1).max(50)).max(20),
  is_active: z.boolean(),
}));

export const partnerSystemCreateSchema = lazySchema(() =>
  z.object({
    ...partnerSystemFields,
    user_uuid: z.uuid({ error: 'partners.errors.user' }),
    slug: slugSchema,
    fiat_currencies: partnerSystemFields.fiat_currencies.default([]),
    payment_options: partnerSystemFields.payment_options.default([]),
    is_active: partnerSystemFields.is_active.default(true),
  }),
);
export type PartnerSystemCreate = z.input<typeof partnerSystemCreateSchema>;

/** PUT /partner-system/{slug}: the fields sent change, the others stay; the user and the slug never change. */
export const partnerSystemUpdateSchema = lazySchema(() => z.object(partnerSystemFields).partial());

export const partnerSystemListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[title]': z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  }),
);

/** GET /partner-system/{slug}/balance-log: page, count (20 by default), and the filters of its context. */
export const balanceLogQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[type]': enumList(transferCodes),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);

export const balanceLogEntrySchema = lazySchema(() =>
  z.object({
    guid: z.string(),
    created_at: z.string(),
    type: z.object({ slug: z.string(), title: z.string() }),
    /** What moved: positive in, negative out. */
    change: z.object({ amount: z.string(), currency: currencySchema }),
    balance: z.object({ amount: z.string(), currency: currencySchema }),
  }),
);
export type BalanceLogEntry = z.infer<typeof balanceLogEntrySchema>;
