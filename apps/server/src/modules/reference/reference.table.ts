import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Names in both languages of the screens. */
export interface Localized {
  en: string;
  ru: string;
}

/** One attribute of a payment option, as the reference data keeps it (DESIGN §8). */
export interface StoredAttribute {
  field: string;
  label: Localized;
  validation_rules: string[];
  mask: Localized | null;
  is_holder: boolean;
}

/**
 * Currencies (DESIGN §8): the fiat currencies payers pay in and the crypto currency balances are kept in. Seeded by
 * migration; `ratio_fraction` is the number of decimals of the minor unit.
 */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    ratioFraction: integer('ratio_fraction').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    check('currencies_kind_check', sql`${table.kind} in ('fiat', 'crypto')`),
    check('currencies_fraction_check', sql`${table.ratioFraction} between 0 and 18`),
  ],
);

/** Payment options (card, SBP, account): what a requisite is, with the attributes it holds and their rules. */
export const paymentOptions = pgTable('payment_options', {
  slug: text('slug').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
  attributes: jsonb('attributes').$type<StoredAttribute[]>().notNull(),
  position: integer('position').notNull().default(0),
});

/** Payment types: the banks and systems of each currency, the payment options each accepts, and a logo colour. */
export const paymentTypes = pgTable('payment_types', {
  slug: text('slug').primaryKey(),
  currency: text('currency')
    .notNull()
    .references(() => currencies.code),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
  paymentOptions: text('payment_options').array().notNull(),
  /** The background of its logo (served as SVG by the API). */
  color: text('color').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});
