import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/**
 * Partner payment systems (SPEC §2.20, DESIGN §8): a user of type partner that executes orders through the executor
 * API, with the currencies and payment options it serves. Its balance is its own ledger accounts. The partner's
 * profile, kept with the users as a trader's is (flows and orders name a partner executor by it); the partners
 * module manages them.
 */
export const partnerSystems = pgTable(
  'partner_systems',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    paymentMethod: text('payment_method').notNull(),
    fiatCurrencies: text('fiat_currencies').array().notNull(),
    paymentOptions: text('payment_options').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('partner_systems_user_key').on(table.userId),
    uniqueIndex('partner_systems_slug_key').on(table.slug),
  ],
);
