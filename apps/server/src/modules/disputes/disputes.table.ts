import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { users } from '../users/users.table';

/** What the opener said beside the reason (DESIGN §12): the fields the reason asks for. */
export interface DisputeFieldValues {
  paid_amount: string | null;
  paid_at: string | null;
  comment: string | null;
}

/**
 * An appeal on a paid or canceled order (DESIGN §12). While it is open the order shows `dispute`; `order_status_before`
 * is what a rejection restores. At most one open dispute per order, which the database enforces.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    fields: jsonb('fields').$type<DisputeFieldValues>().notNull(),
    status: text('status').notNull().default('open'),
    orderStatusBefore: text('order_status_before').notNull(),
    /** The fiat amount a resolution settled when it corrected the order's (minor units of the order's fiat). */
    resolvedFiatAmountMinor: bigint('resolved_fiat_amount_minor', { mode: 'bigint' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('disputes_one_open_per_order_idx').on(table.orderId).where(sql`${table.status} = 'open'`),
    index('disputes_order_idx').on(table.orderId, table.createdAt),
    index('disputes_created_idx').on(table.createdAt, table.id),
    index('disputes_status_created_idx').on(table.status, table.createdAt, table.id),
    check('disputes_status_check', sql`${table.status} in ('open', 'rejected', 'resolved')`),
    check(
      'disputes_closed_check',
      sql`(${table.status} = 'open') = (${table.closedAt} is null) and (${table.status} = 'open') = (${table.closedBy} is null)`,
    ),
    check(
      'disputes_resolved_amount_check',
      sql`${table.resolvedFiatAmountMinor} is null or (${table.status} = 'resolved' and ${table.resolvedFiatAmountMinor} > 0)`,
    ),
  ],
);

/**
 * Evidence of a dispute: the bytes live in the file storage under `storage_key`, a random name; the row keeps what
 * was checked of them (the type read from the content, the size) and the name the opener gave.
 */
export const disputeFiles = pgTable(
  'dispute_files',
  {
    id: uuid('id').primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('dispute_files_dispute_idx').on(table.disputeId),
    check('dispute_files_type_check', sql`${table.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`),
    check('dispute_files_size_check', sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
  ],
);
