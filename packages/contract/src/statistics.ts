import { z } from 'zod';
import { lazySchema } from './lazy';
import { orderStatuses, orderTypes } from './orders';
import { dateFilter, enumList } from './wallet';
import { availableFilterSchema } from './wire';

/**
 * Statistics (SPEC §2.9, §3 Statistics, §7; DESIGN §13): per currency the sum of the orders the filters select, the
 * rewards each role earned from them, and the volume per day for the chart. Read from a per-day summary the job runner
 * keeps current, so a million orders answer as fast as a hundred.
 */

const uuidFilter = lazySchema(() => z.uuid({ error: 'validation.invalid' }).optional());

/** `GET /my/order/statistic/`: the viewer's own orders; the dates, type, flow and statuses narrow them. */
export const myStatisticQuerySchema = lazySchema(() =>
  z.object({
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
    'filter[type]': z.enum(orderTypes, { error: 'validation.invalid' }).optional(),
    'filter[flow]': uuidFilter,
    /** Without it: paid orders (the volume that moved money). */
    'filter[status]': enumList(orderStatuses),
  }),
);
export type MyStatisticQuery = z.output<typeof myStatisticQuerySchema>;

/** `GET /order/statistic/` (admin): the platform's, narrowed also to one merchant or one executor (trader or partner). */
export const statisticQuerySchema = lazySchema(() =>
  myStatisticQuerySchema.extend({
    'filter[merchant]': uuidFilter,
    'filter[trader]': uuidFilter,
  }),
);
export type StatisticQuery = z.output<typeof statisticQuerySchema>;

/** Who earns from an order: its executor (trader or partner), the agents of each side, and the platform's fee. */
export const rewardRoles = ['trader', 'partner', 'referral', 'teamlead', 'platform'] as const;
export type RewardRole = (typeof rewardRoles)[number];

const titled = lazySchema(() => z.object({ slug: z.string(), title: z.string() }));
const namedCurrency = lazySchema(() => z.object({ code: z.string(), name: z.string() }));

export const statisticSchema = lazySchema(() =>
  z
    .object({
      statistic: z.object({
        /** One row per currency (each fiat and each crypto); `status` is the Total of the statuses asked for. */
        sum: z.array(
          z.object({ status: titled, orders: z.number().int(), amount: z.string(), currency: namedCurrency }),
        ),
        role_rewards: z.array(
          z.object({
            status: titled,
            role: titled,
            rewards: z.array(z.object({ amount: z.string(), currency: namedCurrency })),
          }),
        ),
        /** The chart: per day (UTC, oldest first) the orders and the amount per currency. */
        per_day: z.array(
          z.object({
            date: z.string(),
            orders: z.number().int(),
            amounts: z.array(z.object({ amount: z.string(), currency: z.string() })),
          }),
        ),
        /** When the summary was last brought up to date; orders changed since then show on the next refresh. */
        refreshed_at: z.string().nullable(),
      }),
      context: z.object({ available_filters: z.array(availableFilterSchema) }),
    })
    .meta({ id: 'Statistic' }),
);
export type Statistic = z.infer<typeof statisticSchema>;
