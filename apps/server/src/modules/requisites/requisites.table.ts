import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { currencies, paymentOptions, paymentTypes } from '../reference/reference.table';
import { users } from '../users/users.table';

/**
 * Requisites (SPEC §2.14): the cards, phones and accounts a trader (or a partner) receives payments on. Attributes are
 * the payment option's fields (card_number, holder, …), checked against its rules on every write.
 */
export const requisites = pgTable(
  'requisites',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    paymentOption: text('payment_option')
      .notNull()
      .references(() => paymentOptions.slug),
    paymentType: text('payment_type')
      .notNull()
      .references(() => paymentTypes.slug),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('requisites_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('requisites_created_idx').on(table.createdAt, table.id),
    // The matcher's way in: active requisites of a currency and option.
    index('requisites_matching_idx')
      .on(table.currency, table.paymentOption, table.userId)
      .where(sql`${table.isActive}`),
  ],
);

/** A requisite's restrictions (DESIGN §8), one row per type; `value` maps each field to its text, or null (no limit). */
export const requisiteRestrictions = pgTable(
  'requisite_restrictions',
  {
    requisiteId: uuid('requisite_id')
      .notNull()
      .references(() => requisites.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: jsonb('value').$type<Record<string, string | null>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.requisiteId, table.type] })],
);
