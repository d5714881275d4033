import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { users } from '../users/users.table';

/**
 * The payer's page of a pay-in (DESIGN §20). Its link's token is an HMAC of the order's id under a key derived from
 * SECRETS_KEY (128 bits), so the API can hand the same link out again without keeping it; only its SHA-256 is kept,
 * to find the page by. The merchant's `return_url` and the page's language are fixed at the order's creation.
 */
export const payerPages = pgTable(
  'payer_pages',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    returnUrl: text('return_url'),
    language: text('language'),
    /** When the payer said it paid, on the page (the order's `in-progress` move, DESIGN §20). */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('payer_pages_language_check', sql`${table.language} is null or ${table.language} in ('en', 'ru')`)],
);

/**
 * What a merchant's payers see of it and where its pages may go (DESIGN §20): the shop's name and support contact on
 * the page, the hosts a `return_url` may point at, and the origins that may show the page in a frame (none: none).
 */
export const payerPageSettings = pgTable('payer_page_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  supportContact: text('support_contact'),
  returnHosts: text('return_hosts').array().notNull().default(sql`'{}'::text[]`),
  frameOrigins: text('frame_origins').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
