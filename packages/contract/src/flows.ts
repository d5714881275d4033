import { z } from 'zod';
import { lazySchema } from './lazy';
import { ratioOfDecimal } from './money';
import { restrictionTypeSchema } from './requisites';
import { listQuerySchema } from './wire';

/** SPEC §2.19 flows (potoc), §3 Flow, Executor, Trader restriction; §5 flow rules; DESIGN §5 and §8. */

export const executorTypes = ['trader', 'partner'] as const;
export type ExecutorType = (typeof executorTypes)[number];

/** Rate sources: the flow's own manual rate, or the exchange feed (RATE_FEED_URL). */
export const rateSources = ['manual', 'feed'] as const;
export type RateSource = (typeof rateSources)[number];

/** Executor priority: 10 is served first (SPEC §9: 0 to 10, 11 values). */
export const priorityMax = 10;

/** The default draft of a new flow (SPEC §9): RUB to USDT, inactive. */
export const flowDefaults = { fiat_currency: 'RUB', crypto_currency: 'USDT', is_active: false } as const;

/**
 * The rates a flow may price at, fiat per one unit of crypto: from 0.0001 (a fiat worth far more than the crypto) to a
 * billion (a fiat worth far less). Beyond them a rate is a typo, and the crypto amount it makes may not fit a bigint.
 */
export const rateBounds = { min: '0.0001', max: '1000000000' } as const;

/** Whether a decimal text is a rate orders may be priced at: at most 8 decimals, within `rateBounds`. */
export function isSaneRate(value: string): boolean {
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(value)) return false;
  const rate = ratioOfDecimal(value);
  /** The sign of rate − bound, compared as fractions. */
  const against = (bound: string) => {
    const other = ratioOfDecimal(bound);
    const left = rate.numerator * other.denominator;
    const right = other.numerator * rate.denominator;
    return left === right ? 0 : left > right ? 1 : -1;
  };
  return against(rateBounds.min) >= 0 && against(rateBounds.max) <= 0;
}

/** A rate as a decimal text: fiat per one unit of crypto (92.5 RUB per USDT), at most 8 decimals, within bounds. */
export const rateSchema = lazySchema(() =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine(isSaneRate, { error: 'flows.errors.rate' }),
);

export const executorSchema = lazySchema(() =>
  z.object({
    bind_id: z.string(),
    type: z.enum(executorTypes),
    trader: z.object({ uuid: z.string(), username: z.string() }).nullable(),
    partner: z.object({ uuid: z.string(), title: z.string(), slug: z.string() }).nullable(),
    priority: z.number().int().min(0).max(priorityMax),
  }),
);
export type Executor = z.infer<typeof executorSchema>;

export const flowRateSchema = lazySchema(() =>
  z.object({
    /** The rate orders are priced at now; null when the source has none fresh enough to use. */
    value: z.string().nullable(),
    updated_at: z.string().nullable(),
    stale: z.boolean(),
  }),
);

export const flowSchema = lazySchema(() =>
  z
    .object({
      uuid: z.string(),
      name: z.string(),
      fiat_currency: z.object({ code: z.string() }),
      crypto_currency: z.object({ code: z.string() }),
      merchant: z.object({ uuid: z.string(), username: z.string() }),
      merchant_uuid: z.string(),
      is_active: z.boolean(),
      currency_rate_source: z.enum(rateSources),
      /** The manual rate; only meaningful with the manual source. */
      currency_rate: z.string().nullable(),
      rate: flowRateSchema,
      executors: z.array(executorSchema),
      created_at: z.string(),
    })
    .meta({ id: 'Flow' }),
);
export type Flow = z.infer<typeof flowSchema>;

export const flowListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[name]': z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
    'filter[merchant_uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[fiat_currency]': z.string().trim().max(10).optional(),
  }),
);
export type FlowListQuery = z.output<typeof flowListQuerySchema>;

/** POST /flow/: a flow for a merchant; `currency_rate` is taken only with the manual source (SPEC §5). */
export const flowCreateSchema = lazySchema(() =>
  z
    .object({
      name: z
        .string({ error: 'flows.errors.name' })
        .trim()
        .min(1, { error: 'flows.errors.name' })
        .max(100, { error: 'validation.too_long' }),
      fiat_currency: z.string().trim().min(1).max(10).default(flowDefaults.fiat_currency),
      crypto_currency: z.string().trim().min(1).max(10).default(flowDefaults.crypto_currency),
      merchant_uuid: z.uuid({ error: 'flows.errors.merchant' }),
      is_active: z.boolean().default(flowDefaults.is_active),
      currency_rate_source: z.enum(rateSources, { error: 'validation.invalid' }).default('manual'),
      currency_rate: rateSchema.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.currency_rate_source === 'manual' && body.currency_rate === undefined) {
        ctx.addIssue({ code: 'custom', path: ['currency_rate'], message: 'flows.errors.rate' });
      }
    }),
);
export type FlowCreate = z.input<typeof flowCreateSchema>;

/** PATCH /flow/{id}: the name and whether orders may use it. */
export const flowUpdateSchema = lazySchema(() =>
  z.object({
    name: flowCreateSchema.shape.name.optional(),
    is_active: z.boolean().optional(),
  }),
);

/** POST /flow/{id}/executor: a trader or a partner (by its user id). */
export const executorAddSchema = lazySchema(() =>
  z.object({
    executor_type: z.enum(executorTypes, { error: 'validation.invalid' }),
    executor_id: z.uuid({ error: 'flows.errors.executor' }),
    priority: z.number().int().min(0).max(priorityMax).optional(),
  }),
);

/** PATCH /flow/{id}/executor/priority. */
export const executorPrioritySchema = lazySchema(() =>
  z.object({
    bind_id: z.uuid({ error: 'validation.invalid' }),
    priority: z.coerce
      .number({ error: 'flows.errors.priority' })
      .int({ error: 'flows.errors.priority' })
      .min(0, { error: 'flows.errors.priority' })
      .max(priorityMax, { error: 'flows.errors.priority' }),
  }),
);

/** GET /flow/currency_rate_source: the sources for a pair, each with its current rate. */
export const rateSourceQuerySchema = lazySchema(() =>
  z.object({
    fiat_currency: z.string().trim().min(1).max(10).default(flowDefaults.fiat_currency),
    crypto_currency: z.string().trim().min(1).max(10).default(flowDefaults.crypto_currency),
  }),
);

export const rateSourceSchema = lazySchema(() =>
  z.object({
    slug: z.enum(rateSources),
    title: z.string(),
    rate: z.string().nullable(),
    updated_at: z.string().nullable(),
    stale: z.boolean(),
  }),
);
export type RateSourceInfo = z.infer<typeof rateSourceSchema>;

/** PATCH /flow/{flow_uuid}/currency_rate_source: the source, and the rate when it is manual. */
export const rateSourceUpdateSchema = lazySchema(() =>
  z
    .object({
      source: z.enum(rateSources, { error: 'validation.invalid' }),
      rate: rateSchema.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.source === 'manual' && body.rate === undefined) {
        ctx.addIssue({ code: 'custom', path: ['rate'], message: 'flows.errors.rate' });
      }
    }),
);

/** Trader restriction types per flow (DESIGN §8): amount range, daily volume, allowed payment options. */
export const traderRestrictionTypeSchema = lazySchema(() => restrictionTypeSchema);

export const traderRestrictionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    flow_uuid: z.string(),
    trader_uuid: z.string(),
    types: z.array(
      z.object({
        id: z.string(),
        type: z.object({ slug: z.string(), title: z.string() }),
        values: z.record(z.string(), z.string().nullable()),
      }),
    ),
  }),
);
export type TraderRestriction = z.infer<typeof traderRestrictionSchema>;

export const traderRestrictionQuerySchema = lazySchema(() =>
  z.object({
    'filter[trader_uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[flow_uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
  }),
);

/** POST /trader_restriction: sets one type of restriction of a trader in a flow (replacing that type's values). */
export const traderRestrictionCreateSchema = lazySchema(() =>
  z.object({
    flow_uuid: z.uuid({ error: 'validation.invalid' }),
    trader_uuid: z.uuid({ error: 'validation.invalid' }),
    type: z.string().trim().min(1).max(50),
    values: z.record(
      z.string().max(50),
      z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
        z.string().trim().max(200).nullable(),
      ),
    ),
  }),
);
