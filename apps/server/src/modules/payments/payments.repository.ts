import type { PaymentStatus, PaymentType } from '@paydesk/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { countRows, type RowCount } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { contains } from '../../db/like';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.table';
import { users } from '../users/users.table';
import { payments } from './payments.table';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

const traders = alias(users, 'traders');
const deciders = alias(users, 'deciders');

/** A payment with the usernames of its owner and, for a merchant withdrawal, its trader. */
export interface PaymentWithPeople {
  payment: PaymentRow;
  owner: { id: string; username: string };
  trader: { id: string; username: string } | null;
  decider: { id: string; username: string } | null;
}

export async function insertPayment(db: Executor, row: NewPayment): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

export async function findPayment(db: Executor, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findDeposit(db: Executor, txHash: string, address: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.type, 'deposit'), eq(payments.txHash, txHash), eq(payments.address, address)))
    .limit(1);
  return row;
}

export async function updatePayment(db: Executor, id: string, changes: Partial<NewPayment>): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export interface PaymentListFilter {
  type?: PaymentType | undefined;
  statuses?: PaymentStatus[] | undefined;
  id?: string | undefined;
  username?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

function listConditions(filter: PaymentListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(payments.type, filter.type));
  if (filter.statuses) conditions.push(inArray(payments.status, filter.statuses));
  if (filter.id) conditions.push(eq(payments.id, filter.id));
  if (filter.username) conditions.push(contains(users.username, filter.username));
  if (filter.from) conditions.push(gte(payments.createdAt, filter.from));
  if (filter.until) conditions.push(lt(payments.createdAt, filter.until));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function selectWithPeople<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({
      payment: payments,
      owner: { id: users.id, username: users.username },
      trader: { id: traders.id, username: traders.username },
      decider: { id: deciders.id, username: deciders.username },
      ...(extra as Extra),
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(traders, eq(traders.id, payments.traderId))
    .leftJoin(deciders, eq(deciders.id, payments.decidedBy));
}

/** One page of payments, with their people, and the total; paging happens in SQL. */
export async function listPayments(
  db: Executor,
  filter: PaymentListFilter,
  page: { limit: number; offset: number; ascending: boolean },
): Promise<{ rows: PaymentWithPeople[]; count: RowCount }> {
  const where = listConditions(filter);
  const [rows, count] = await Promise.all([
    selectWithPeople(db)
      .where(where)
      .orderBy(...keyset(payments.createdAt, payments.id, page.ascending).orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, filteredPayments(db, filter, where)),
  ]);
  return { rows, count };
}

/** The filtered payments, for the total; the owners are joined only when a filter needs their names. */
function filteredPayments(db: Executor, filter: PaymentListFilter, where: SQL | undefined) {
  const rows = db.select({ id: payments.id }).from(payments);
  return filter.username ? rows.innerJoin(users, eq(users.id, payments.userId)).where(where) : rows.where(where);
}

export async function findPaymentWithPeople(db: Executor, id: string): Promise<PaymentWithPeople | undefined> {
  const [row] = await selectWithPeople(db).where(eq(payments.id, id)).limit(1);
  return row;
}

/** One chunk of the payments export (DESIGN §13): the list's rows after the cursor, in the list's order. */
export function paymentChunk(
  db: Executor,
  filter: PaymentListFilter,
  ascending: boolean,
  after: Cursor | undefined,
  size: number,
): Promise<(PaymentWithPeople & { cursor: Cursor })[]> {
  const keys = keyset(payments.createdAt, payments.id, ascending);
  return readChunk(selectWithPeople(db, keys.cursor), keys, listConditions(filter), after, size);
}

/**
 * The owner's balance around each payment's first movement: the entry of the payment's earliest transfer on the
 * owner's available account (or, for a deposit that went wholly to insurance, on the insurance account).
 */
export async function firstMovements(
  db: Executor,
  paymentIds: string[],
): Promise<Map<string, { before: bigint; after: bigint }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await selectRows<{ reference_id: string; before: string; after: string }>(
    db,
    sql`select distinct on (e.reference_id) e.reference_id,
          e.balance_before_minor::text as before, e.balance_after_minor::text as after
        from ledger_entries e
        join payments p on p.id = e.reference_id and p.user_id = e.owner_id
        where e.reference_id in (${sql.join(
          paymentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by e.reference_id, (e.account_kind = 'available') desc, e.seq`,
  );
  return new Map(rows.map((row) => [row.reference_id, { before: BigInt(row.before), after: BigInt(row.after) }]));
}

export async function countWaitingWithdrawals(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.type, 'withdraw'), inArray(payments.status, ['moderation', 'pending'])));
  return row?.count ?? 0;
}

/** Approved withdrawals created before `before`: what demo mode's simulated custody sends. */
export async function pendingWithdrawals(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.type, 'withdraw'), lt(payments.createdAt, before)))
    .orderBy(payments.createdAt)
    .limit(limit);
}

export interface HistoryFilter {
  codes?: string[] | undefined;
  accounts?: string[] | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A user's entries, newest first by default, with the payment each belongs to; paging happens in SQL. */
export async function historyOf(
  db: Executor,
  ownerId: string,
  filter: HistoryFilter,
  page: { limit: number; offset: number; ascending: boolean },
) {
  const conditions: SQL[] = [eq(ledgerEntries.ownerId, ownerId)];
  if (filter.codes) conditions.push(inArray(ledgerEntries.code, filter.codes));
  if (filter.accounts) conditions.push(inArray(ledgerEntries.accountKind, filter.accounts));
  if (filter.from) conditions.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.until) conditions.push(lt(ledgerEntries.createdAt, filter.until));
  const where = and(...conditions);
  const [rows, count] = await Promise.all([
    db
      .select({
        entry: ledgerEntries,
        currency: ledgerAccounts.currency,
        payment: { id: payments.id, status: payments.status, type: payments.type },
        payable: { id: users.id, username: users.username },
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .leftJoin(payments, eq(payments.id, ledgerEntries.referenceId))
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(
        ...(page.ascending
          ? [asc(ledgerEntries.seq), asc(ledgerEntries.accountId)]
          : [desc(ledgerEntries.seq), desc(ledgerEntries.accountId)]),
      )
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ seq: ledgerEntries.seq }).from(ledgerEntries).where(where)),
  ]);
  return { rows, count };
}
