import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from '../reference/reference.table';
import { users } from '../users/users.table';

/**
 * Flows (SPEC §2.19, DESIGN §5, §8): which executors serve a merchant's orders of one fiat and crypto currency, at
 * what rate. One flow per (merchant, fiat, crypto).
 */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fiat: text('fiat')
      .notNull()
      .references(() => currencies.code),
    crypto: text('crypto')
      .notNull()
      .references(() => currencies.code),
    isActive: boolean('is_active').notNull().default(false),
    /** manual or feed. */
    rateSource: text('rate_source').notNull().default('manual'),
    /** Fiat per one crypto, exact; used with the manual source. */
    manualRate: numeric('manual_rate', { precision: 30, scale: 8 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A deleted flow that has orders stays for their history, out of every list and of routing. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('flows_merchant_pair_key')
      .on(table.merchantId, table.fiat, table.crypto)
      .where(sql`${table.deletedAt} is null`),
    index('flows_created_idx').on(table.createdAt, table.id),
    check('flows_rate_source_check', sql`${table.rateSource} in ('manual', 'feed')`),
    check('flows_manual_rate_check', sql`${table.manualRate} is null or ${table.manualRate} > 0`),
  ],
);

/** An executor of a flow (its `id` is the bind id of SPEC §7): a trader or a partner, by priority 0–10. */
export const flowExecutors = pgTable(
  'flow_executors',
  {
    id: uuid('id').primaryKey(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    executorType: text('executor_type').notNull(),
    priority: integer('priority').notNull().default(0),
    /** When it was last given an order of this flow: ties of priority go to the one assigned least recently. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flow_executors_flow_user_key').on(table.flowId, table.userId),
    index('flow_executors_user_idx').on(table.userId),
    // The matcher's order (DESIGN §5): a flow's executors by priority, then the one assigned least recently, so a
    // page of candidates reads the first executors instead of sorting all of them.
    index('flow_executors_matching_idx').on(
      table.flowId,
      table.priority.desc().nullsFirst(),
      table.lastAssignedAt.asc().nullsFirst(),
      table.id,
    ),
    check('flow_executors_type_check', sql`${table.executorType} in ('trader', 'partner')`),
    check('flow_executors_priority_check', sql`${table.priority} between 0 and 10`),
  ],
);

/** A trader's restrictions within one flow (DESIGN §8), one row per type. */
export const traderRestrictions = pgTable(
  'trader_restrictions',
  {
    id: uuid('id').primaryKey(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    values: jsonb('values').$type<Record<string, string | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('trader_restrictions_key').on(table.flowId, table.traderId, table.type)],
);

/** The last rate a feed gave for a pair, and when: a stale one is never used for pricing. */
export const rateQuotes = pgTable(
  'rate_quotes',
  {
    source: text('source').notNull(),
    fiat: text('fiat').notNull(),
    crypto: text('crypto').notNull(),
    rate: numeric('rate', { precision: 30, scale: 8 }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** What the feed said, for an operator who wonders where a rate came from. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.fiat, table.crypto] }),
    check('rate_quotes_rate_check', sql`${table.rate} > 0`),
  ],
);
