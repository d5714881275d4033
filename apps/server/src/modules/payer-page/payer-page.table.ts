import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

/**
 * Receipts the payer attached on its page, before or after paying (DESIGN §20): the bytes in the file storage under a
 * random name as dispute evidence is (§12), the row what was read of them (the type by content, the size).
 */
export const payerReceipts = pgTable(
  'payer_receipts',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The content's SHA-256: the same receipt sent twice is kept once. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payer_receipts_order_idx').on(table.orderId, table.createdAt),
    uniqueIndex('payer_receipts_content_key').on(table.orderId, table.sha256),
    check('payer_receipts_type_check', sql`${table.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`),
    check('payer_receipts_size_check', sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
  ],
);
