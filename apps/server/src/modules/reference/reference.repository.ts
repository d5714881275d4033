import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currencies, paymentOptions, paymentTypes } from './reference.table';

export type CurrencyRow = typeof currencies.$inferSelect;
export type PaymentOptionRow = typeof paymentOptions.$inferSelect;
export type PaymentTypeRow = typeof paymentTypes.$inferSelect;

export const currenciesOfKind = (db: Executor, kind: 'fiat' | 'crypto') =>
  db
    .select()
    .from(currencies)
    .where(and(eq(currencies.kind, kind), eq(currencies.isActive, true)))
    .orderBy(asc(currencies.position), asc(currencies.code));

export const allCurrencies = (db: Executor) => db.select().from(currencies).orderBy(asc(currencies.position));

export const allPaymentOptions = (db: Executor) =>
  db.select().from(paymentOptions).orderBy(asc(paymentOptions.position), asc(paymentOptions.slug));

export const allPaymentTypes = (db: Executor) =>
  db
    .select()
    .from(paymentTypes)
    .where(eq(paymentTypes.isActive, true))
    .orderBy(asc(paymentTypes.position), asc(paymentTypes.slug));

export async function findPaymentType(db: Executor, slug: string): Promise<PaymentTypeRow | undefined> {
  const [row] = await db.select().from(paymentTypes).where(eq(paymentTypes.slug, slug)).limit(1);
  return row;
}
