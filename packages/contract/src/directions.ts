import { z } from 'zod';
import { lazySchema } from './lazy';

/**
 * Directions (SPEC §2.15, DESIGN §13): one row per (fiat, crypto, payment option) — where the platform's liquidity
 * stands now. The executors and requisites are counted live; the order figures come from a summary the job runner
 * refreshes (its age is in the answer).
 */

/** A direction's id on the wire: `RUB.USDT.card`. */
export const directionIdSchema = lazySchema(() =>
  z.string().regex(/^[A-Z0-9]{2,10}\.[A-Z0-9]{2,10}\.[a-z0-9_-]{1,50}$/, { error: 'validation.invalid' }),
);

const code = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'validation.invalid' })
    .transform((value) => value.toUpperCase())
    .optional(),
);

export const directionQuerySchema = lazySchema(() =>
  z.object({
    'filter[fiat]': code,
    'filter[crypto]': code,
    'filter[payment_option]': z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,50}$/, { error: 'validation.invalid' })
      .optional(),
    /** `short`: only directions nobody can serve now; `ok`: only those someone can. */
    'filter[state]': z.enum(['short', 'ok', 'idle'], { error: 'validation.invalid' }).optional(),
  }),
);
export type DirectionQuery = z.output<typeof directionQuerySchema>;

const namedCurrency = lazySchema(() => z.object({ code: z.string(), name: z.string() }));

/** ok: someone can take an order now; short: an active flow but no executor or requisite able to; idle: no active flow. */
export const directionStates = ['ok', 'short', 'idle'] as const;
export type DirectionState = (typeof directionStates)[number];

export const directionSchema = lazySchema(() =>
  z
    .object({
      id: z.string(),
      fiat: namedCurrency,
      crypto: namedCurrency,
      payment_option: z.object({ slug: z.string(), name: z.string() }),
      state: z.object({ slug: z.enum(directionStates), title: z.string() }),
      rate: z.object({
        /** Fiat per one crypto from the source the flows use most; null when none has been fetched. */
        value: z.string().nullable(),
        source: z.string().nullable(),
        fetched_at: z.string().nullable(),
        age_seconds: z.number().int().nullable(),
        stale: z.boolean(),
      }),
      flows: z.object({ active: z.number().int(), total: z.number().int() }),
      executors: z.object({ active: z.number().int(), total: z.number().int() }),
      requisites: z.object({ active: z.number().int(), total: z.number().int() }),
      open_orders: z.number().int(),
      last_24h: z.object({
        created: z.number().int(),
        paid: z.number().int(),
        /** Paid of created, percent with two decimals; null when none was created. */
        conversion: z.string().nullable(),
        median_seconds_to_pay: z.number().int().nullable(),
      }),
      summary_refreshed_at: z.string().nullable(),
    })
    .meta({ id: 'Direction' }),
);
export type Direction = z.infer<typeof directionSchema>;

/** Why an executor of a direction cannot take an order now, or `ready`. */
export const directionExecutorStates = [
  'ready',
  'inactive',
  'blocked',
  'insurance_unpaid',
  'deposits_closed',
  'anti_fraud',
  'no_balance',
  'no_requisites',
] as const;
export type DirectionExecutorState = (typeof directionExecutorStates)[number];

/** `GET /direction/{id}`: the flows and the executors behind one direction. */
export const directionDetailsSchema = lazySchema(() =>
  z
    .object({
      direction: directionSchema,
      flows: z.array(
        z.object({
          uuid: z.string(),
          name: z.string(),
          merchant: z.object({ uuid: z.string(), username: z.string() }),
          is_active: z.boolean(),
          rate_source: z.string(),
          open_orders: z.number().int(),
        }),
      ),
      executors: z.array(
        z.object({
          uuid: z.string(),
          username: z.string(),
          type: z.enum(['trader', 'partner']),
          state: z.object({ slug: z.enum(directionExecutorStates), title: z.string() }),
          requisites: z.object({ active: z.number().int(), total: z.number().int() }),
          open_orders: z.number().int(),
          flows: z.number().int(),
        }),
      ),
    })
    .meta({ id: 'DirectionDetails' }),
);
export type DirectionDetails = z.infer<typeof directionDetailsSchema>;
