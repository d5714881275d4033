import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countRows } from '../../db/count';
import { contains } from '../../db/like';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.module';
import { partnerSystems, users } from '../users/users.module';

export type PartnerSystemRow = typeof partnerSystems.$inferSelect;
export type NewPartnerSystem = typeof partnerSystems.$inferInsert;

export interface PartnerSystemWithUser {
  system: PartnerSystemRow;
  user: { id: string; username: string };
}

export async function listPartnerSystems(
  db: Executor,
  filter: { title?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where: SQL | undefined = filter.title ? contains(partnerSystems.title, filter.title) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select({ system: partnerSystems, user: { id: users.id, username: users.username } })
      .from(partnerSystems)
      .innerJoin(users, eq(users.id, partnerSystems.userId))
      .where(where)
      .orderBy(asc(partnerSystems.title), asc(partnerSystems.id))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: partnerSystems.id }).from(partnerSystems).where(where)),
  ]);
  return { rows, count };
}

export async function findPartnerSystem(db: Executor, slug: string, forUpdate = false) {
  const query = db
    .select({ system: partnerSystems, user: { id: users.id, username: users.username } })
    .from(partnerSystems)
    .innerJoin(users, eq(users.id, partnerSystems.userId))
    .where(eq(partnerSystems.slug, slug))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: partnerSystems }) : await query;
  return row;
}

export async function insertPartnerSystem(db: Executor, row: NewPartnerSystem) {
  await db.insert(partnerSystems).values(row);
}

export async function updatePartnerSystem(db: Executor, id: string, changes: Partial<NewPartnerSystem>) {
  await db
    .update(partnerSystems)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(partnerSystems.id, id));
}

/** The partners' available balances in all, in one currency. */
export async function totalAvailable(db: Executor, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
    .from(ledgerAccounts)
    .innerJoin(partnerSystems, eq(partnerSystems.userId, ledgerAccounts.ownerId))
    .where(and(eq(ledgerAccounts.kind, 'available'), eq(ledgerAccounts.currency, currency)));
  return BigInt(row?.total ?? '0');
}

export interface BalanceLogFilter {
  codes?: string[] | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A partner's available-account entries, newest first: its balance log (DESIGN §8). */
export async function balanceLog(
  db: Executor,
  ownerId: string,
  filter: BalanceLogFilter,
  page: { limit: number; offset: number },
) {
  const parts: SQL[] = [eq(ledgerEntries.ownerId, ownerId), eq(ledgerEntries.accountKind, 'available')];
  if (filter.codes) parts.push(inArray(ledgerEntries.code, filter.codes));
  if (filter.from) parts.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.until) parts.push(lt(ledgerEntries.createdAt, filter.until));
  const where = and(...parts);
  const [rows, count] = await Promise.all([
    db
      .select({ entry: ledgerEntries, currency: ledgerAccounts.currency })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(where)
      .orderBy(desc(ledgerEntries.seq))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ seq: ledgerEntries.seq }).from(ledgerEntries).where(where)),
  ]);
  return { rows, count };
}
