import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Payments of SPEC §2.13: deposits that arrived on-chain and withdrawals that leave. The money of each one moves in
 * ledger transfers whose reference is the payment; this row keeps what the ledger does not: status, address, hash.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** deposit or withdraw. */
    type: text('type').notNull(),
    /** moderation, pending, done or rejected. */
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The deposit address that received, or the address a withdrawal goes to. */
    address: text('address'),
    txHash: text('tx_hash'),
    /** Deposits: admin, trongrid or demo. */
    source: text('source'),
    /** A merchant withdrawal: the trader who sends the USDT on-chain and is credited the merchant's money. */
    traderId: uuid('trader_id').references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id'),
    comment: text('comment'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A deposit is credited once per transaction hash and receiving address.
    uniqueIndex('payments_deposit_tx_key').on(table.txHash, table.address).where(sql`${table.type} = 'deposit'`),
    uniqueIndex('payments_withdraw_tx_key')
      .on(table.txHash)
      .where(sql`${table.type} = 'withdraw' and ${table.txHash} is not null`),
    index('payments_deposit_address_idx').on(table.address).where(sql`${table.type} = 'deposit'`),
    // The admin's list (SPEC §2.13) newest first, whole or by day, and by type.
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_type_created_idx').on(table.type, table.createdAt, table.id),
    index('payments_user_created_idx').on(table.userId, table.createdAt),
    index('payments_waiting_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} in ('moderation', 'pending')`),
    check('payments_type_check', sql`${table.type} in ('deposit', 'withdraw')`),
    check('payments_status_check', sql`${table.status} in ('moderation', 'pending', 'done', 'rejected')`),
    check('payments_amount_check', sql`${table.amountMinor} > 0`),
  ],
);
