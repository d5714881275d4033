import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { flows } from '../flows/flows.table';
import { requisites } from '../requisites/requisites.table';
import { users } from '../users/users.table';

/** One agent's share of an order, fixed at creation (DESIGN §5): a merchant's referral or a trader's team lead. */
export interface AgentShare {
  userId: string;
  role: 'referral' | 'teamlead';
  hundredths: number;
}

/**
 * Orders (DESIGN §5): one payer's pay-in or one recipient's pay-out, priced at creation and settled through the ledger.
 * Every amount is a bigint of minor units; the rate is exact. What the payer sees (the requisite's details) is copied
 * into `details`, so an edit of the requisite never changes an order already given out.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'restrict' }),
    executorId: uuid('executor_id').references(() => users.id, { onDelete: 'restrict' }),
    executorType: text('executor_type'),
    requisiteId: uuid('requisite_id').references(() => requisites.id, { onDelete: 'restrict' }),
    fiat: text('fiat').notNull(),
    fiatAmountMinor: bigint('fiat_amount_minor', { mode: 'bigint' }).notNull(),
    crypto: text('crypto').notNull(),
    /** The crypto worth of the fiat at the rate, rounded up to a minor unit (what a pay-in holds). */
    cryptoAmountMinor: bigint('crypto_amount_minor', { mode: 'bigint' }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 8 }).notNull(),
    merchantFeeHundredths: integer('merchant_fee_hundredths').notNull(),
    /** The executor's reward; a pay-out's is fixed when it is taken. */
    executorFeeHundredths: integer('executor_fee_hundredths'),
    agentShares: jsonb('agent_shares').$type<AgentShare[]>().notNull(),
    /** What is held until the order settles or is canceled. */
    holdMinor: bigint('hold_minor', { mode: 'bigint' }).notNull(),
    paymentOption: text('payment_option'),
    paymentType: text('payment_type'),
    /** Pay-in: the requisite's attributes as given to the payer; pay-out: the recipient as the merchant gave it. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    clientOrderId: text('client_order_id').notNull(),
    clientId: text('client_id'),
    /** Who or what settled it: executor, terminal, dispute or admin. */
    paidBy: text('paid_by'),
    /** The status a dispute will return to when it is rejected (DESIGN §12). */
    statusBeforeDispute: text('status_before_dispute'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('orders_client_order_key').on(table.merchantId, table.clientOrderId),
    // The role paths of the lists (DESIGN §5): newest first per merchant, per executor, and for admins.
    index('orders_merchant_created_idx').on(table.merchantId, table.createdAt, table.id),
    index('orders_executor_created_idx').on(table.executorId, table.createdAt, table.id),
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_type_created_idx').on(table.type, table.createdAt, table.id),
    // The statistics' summary reads what changed since its last refresh; the directions count the open orders (§13).
    index('orders_updated_idx').on(table.updatedAt),
    index('orders_open_direction_idx')
      .on(table.fiat, table.crypto, table.paymentOption)
      .where(sql`${table.status} in ('new', 'in-progress')`),
    // The matcher: open orders per requisite (concurrency, one per amount) and the day's and month's per requisite.
    index('orders_requisite_open_idx')
      .on(table.requisiteId, table.fiatAmountMinor)
      .where(sql`${table.status} in ('new', 'in-progress')`),
    index('orders_requisite_created_idx').on(table.requisiteId, table.createdAt),
    // Anti-fraud (DESIGN §13): one payer's orders of a merchant in the last hour.
    index('orders_client_created_idx')
      .on(table.merchantId, table.clientId, table.createdAt)
      .where(sql`${table.clientId} is not null`),
    index('orders_flow_executor_created_idx').on(table.flowId, table.executorId, table.createdAt),
    // Pay-outs taken and not yet paid, oldest first: the anti-fraud sweep of overdue pay-outs (DESIGN §13).
    index('orders_payout_taken_idx')
      .on(table.takenAt)
      .where(sql`${table.type} = 'pay_out' and ${table.status} = 'in-progress'`),
    // Pay-outs waiting to be taken in a flow.
    index('orders_payout_open_idx')
      .on(table.flowId, table.createdAt)
      .where(sql`${table.type} = 'pay_out' and ${table.status} = 'new'`),
    check('orders_type_check', sql`${table.type} in ('pay_in', 'pay_out')`),
    check('orders_status_check', sql`${table.status} in ('new', 'in-progress', 'paid', 'canceled', 'dispute')`),
    check(
      'orders_amounts_check',
      sql`${table.fiatAmountMinor} > 0 and ${table.cryptoAmountMinor} > 0 and ${table.holdMinor} > 0`,
    ),
    check('orders_rate_check', sql`${table.rate} > 0`),
  ],
);

/** An order as stored: what the module's reads and use cases give other modules, to read, never to write. */
export type OrderRow = typeof orders.$inferSelect;

/** Every transition of an order, for its timeline (who did what, when). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** merchant, executor, admin, terminal or system. */
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);
