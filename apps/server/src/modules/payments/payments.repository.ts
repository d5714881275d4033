import type { PaymentStatus, PaymentType } from '@paydesk/contract';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { countRows, type RowCount } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { contains } from '../../db/like';
import { users } from '../users/users.module';
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
  /** One owner's payments only (the owner's own list). */
  ownerId?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

function listConditions(filter: PaymentListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(payments.type, filter.type));
  if (filter.statuses) conditions.push(inArray(payments.status, filter.statuses));
  if (filter.id) conditions.push(eq(payments.id, filter.id));
  if (filter.username) conditions.push(contains(users.username, filter.username));
  if (filter.ownerId) conditions.push(eq(payments.userId, filter.ownerId));
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

/** One of a user's entries as the history groups it; `seq` as text (a bigint), `created_at` as the database wrote it. */
export interface HistoryEntry {
  seq: string;
  transfer_id: string;
  reference_id: string | null;
  code: string;
  account_kind: string;
  currency: string;
  amount: string;
  before: string;
  after: string;
  created_at: Date | string;
  payment_id: string | null;
  payment_status: string | null;
  payable_id: string | null;
  payable_username: string | null;
  order_id: string | null;
}

/** The entries of one owner that a history filter keeps (the rows events are made of); `e` names ledger_entries. */
function historyWhere(ownerId: string, filter: HistoryFilter): SQL {
  const conditions: SQL[] = [sql`e.owner_id = ${ownerId}`];
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  if (filter.codes) conditions.push(sql`e.code in (${list(filter.codes)})`);
  if (filter.accounts) conditions.push(sql`e.account_kind in (${list(filter.accounts)})`);
  if (filter.from) conditions.push(sql`e.created_at >= ${filter.from}`);
  if (filter.until) conditions.push(sql`e.created_at < ${filter.until}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The first entry (in the list's order) of every event of the owner: an event is a run of consecutive entries of one
 * reference (an order, a payment) written by one transaction (one `created_at`). The window runs over the
 * (owner_id, seq) index in order, so a page reads only its own entries and stops: no grouping of the whole history.
 */
function eventStarts(ownerId: string, filter: HistoryFilter, ascending: boolean, from?: bigint): SQL {
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const after = from === undefined ? sql`` : ascending ? sql` and e.seq >= ${from}` : sql` and e.seq <= ${from}`;
  return sql`select seq from (
      select seq, lag(seq) over w is null
                  or reference_id is distinct from lag(reference_id) over w
                  or created_at is distinct from lag(created_at) over w as starts
      from ledger_entries as e
      where ${historyWhere(ownerId, filter)}${after}
      window w as (order by seq ${direction})
      order by seq ${direction}
    ) as runs where starts`;
}

/**
 * One page of a user's history as events (issue 21): the seqs where the page's events start, then their entries in one
 * range read. `from` is a keyset cursor (the seq the page starts at, as the previous page answered it); without it the
 * page is found by offset. The total counts events, bounded like every list's (db/count.ts).
 */
export async function historyEventsOf(
  db: Executor,
  ownerId: string,
  filter: HistoryFilter,
  page: { limit: number; offset: number; ascending: boolean; from?: bigint | undefined },
) {
  const direction = sql.raw(page.ascending ? 'asc' : 'desc');
  const [starts, count] = await Promise.all([
    // No `order by` out here: the runs come in the window's order already, and an outer sort makes the planner read
    // and sort all of the owner's entries (2 s at a million) instead of walking its index and stopping.
    selectRows<{ seq: string }>(
      db,
      sql`${eventStarts(ownerId, filter, page.ascending, page.from)}
          limit ${page.limit + 1} offset ${page.from === undefined ? page.offset : 0}`,
    ),
    countRows(db, eventStarts(ownerId, filter, page.ascending)),
  ]);
  const first = starts[0];
  if (!first) return { starts: [] as bigint[], next: null, entries: [] as HistoryEntry[], count };
  const next = starts[page.limit];
  const low = page.ascending ? BigInt(first.seq) : next ? BigInt(next.seq) + 1n : 0n;
  const high = page.ascending ? (next ? BigInt(next.seq) - 1n : null) : BigInt(first.seq);
  const entries = await selectRows<HistoryEntry>(
    db,
    sql`select e.seq::text as seq, e.transfer_id, e.reference_id, e.code, e.account_kind,
               a.currency, e.amount_minor::text as amount,
               e.balance_before_minor::text as before, e.balance_after_minor::text as after, e.created_at,
               p.id as payment_id, p.status as payment_status, u.id as payable_id, u.username as payable_username,
               o.id as order_id
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        left join payments p on p.id = e.reference_id
        left join users u on u.id = p.user_id
        left join orders o on o.id = e.reference_id
        where ${historyWhere(ownerId, filter)}
          and e.seq >= ${low}${high === null ? sql`` : sql` and e.seq <= ${high}`}
        order by e.seq ${direction}`,
  );
  return {
    starts: starts.slice(0, page.limit).map((row) => BigInt(row.seq)),
    next: next ? BigInt(next.seq) : null,
    entries,
    count,
  };
}
