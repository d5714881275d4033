import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of the API (DESIGN §9), kept 24 hours per key owner: the first answer is replayed for the same
 * body; another body is refused; a request still running is a conflict.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    ownerId: uuid('owner_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** running or done. */
    state: text('state').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.key] }),
    index('api_idempotency_created_idx').on(table.createdAt),
  ],
);
