import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A sum of minor units over many orders: numeric, so no volume can overflow a bigint. */
const sum = (name: string) => numeric(name, { precision: 38, scale: 0 }).notNull().default(sql`0`);

/** The executor of an order nobody has taken yet, in a summary's key (a primary key holds no null). */
export const noExecutor = '00000000-0000-0000-0000-000000000000';

/**
 * The statistics' summary (DESIGN §13): per UTC day of creation and per everything the filters narrow by, the orders,
 * their amounts and what their settlements paid each role — read from the orders and the ledger by the job runner
 * (statistics.refresh), so the screens read a few rows per day instead of a million orders.
 */
export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    executorId: uuid('executor_id').notNull(),
    /** trader, partner, or '' before anyone took the order. */
    executorType: text('executor_type').notNull(),
    flowId: uuid('flow_id').notNull(),
    fiat: text('fiat').notNull(),
    crypto: text('crypto').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    fiatMinor: sum('fiat_minor'),
    cryptoMinor: sum('crypto_minor'),
    /** The settlements' order_reward transfers: the executor's reward. */
    executorRewardMinor: sum('executor_reward_minor'),
    /** The settlements' order_referral transfers, by the share's role: the merchant's agent, the trader's team lead. */
    referralMinor: sum('referral_minor'),
    teamleadMinor: sum('teamlead_minor'),
    /** The settlements' order_fee transfers: the platform's revenue. */
    platformMinor: sum('platform_minor'),
  },
  (table) => [
    primaryKey({
      name: 'order_stats_daily_pk',
      columns: [
        table.day,
        table.type,
        table.status,
        table.merchantId,
        table.executorId,
        table.executorType,
        table.flowId,
        table.fiat,
        table.crypto,
      ],
    }),
    index('order_stats_daily_merchant_idx').on(table.merchantId, table.day),
    index('order_stats_daily_executor_idx').on(table.executorId, table.day),
  ],
);

/** The agents' side of the summary: per day, agent and role, the orders that pay it a share and what they paid. */
export const agentStatsDaily = pgTable(
  'agent_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: uuid('agent_id').notNull(),
    /** referral (a merchant's agent) or teamlead (a trader's). */
    role: text('role').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    flowId: uuid('flow_id').notNull(),
    fiat: text('fiat').notNull(),
    crypto: text('crypto').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    fiatMinor: sum('fiat_minor'),
    cryptoMinor: sum('crypto_minor'),
    rewardMinor: sum('reward_minor'),
  },
  (table) => [
    primaryKey({
      name: 'agent_stats_daily_pk',
      columns: [table.agentId, table.day, table.role, table.type, table.status, table.flowId, table.fiat, table.crypto],
    }),
  ],
);

/**
 * The directions' order figures (DESIGN §13): per (fiat, crypto, payment option), open orders and the last 24 hours,
 * rewritten whole by the job runner (directions.refresh); the executors and requisites are counted live instead.
 */
export const directionStats = pgTable(
  'direction_stats',
  {
    fiat: text('fiat').notNull(),
    crypto: text('crypto').notNull(),
    paymentOption: text('payment_option').notNull(),
    openOrders: integer('open_orders').notNull(),
    created24h: integer('created_24h').notNull(),
    paid24h: integer('paid_24h').notNull(),
    medianPaySeconds: integer('median_pay_seconds'),
  },
  (table) => [primaryKey({ name: 'direction_stats_pk', columns: [table.fiat, table.crypto, table.paymentOption] })],
);

/** When each summary was last brought up to date, and (orders) from which change of an order it reads next time. */
export const summaryRefreshes = pgTable('summary_refreshes', {
  name: text('name').primaryKey(),
  watermark: timestamp('watermark', { withTimezone: true, mode: 'date' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
});
