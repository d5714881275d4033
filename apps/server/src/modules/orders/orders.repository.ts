import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { countRows } from '../../db/count';
import { deferWrite } from '../../db/deferred';
import { type Cursor, keyset } from '../../db/keyset';
import { flows } from '../flows/flows.module';
import { partnerSystems, users } from '../users/users.module';
import { type OrderRow, orderEvents, orders } from './orders.table';

export type { OrderRow };
export type NewOrder = typeof orders.$inferInsert;

const merchants = alias(users, 'merchants');
const executors = alias(users, 'executors');

/** An order with the names its views show: merchant, executor (a partner by its system's title) and flow. */
export interface OrderWithNames {
  order: OrderRow;
  merchant: { id: string; username: string };
  executor: { id: string; username: string } | null;
  partner: { title: string; slug: string } | null;
  flow: { id: string; name: string };
}

const withNames = {
  order: orders,
  merchant: { id: merchants.id, username: merchants.username },
  executor: { id: executors.id, username: executors.username },
  partnerTitle: partnerSystems.title,
  partnerSlug: partnerSystems.slug,
  flow: { id: flows.id, name: flows.name },
};

type NamedRow = {
  order: OrderRow;
  merchant: { id: string; username: string };
  executor: { id: string | null; username: string | null } | null;
  partnerTitle: string | null;
  partnerSlug: string | null;
  flow: { id: string; name: string };
};

const named = (row: NamedRow): OrderWithNames => ({
  order: row.order,
  merchant: row.merchant,
  executor: row.executor?.id && row.executor.username ? { id: row.executor.id, username: row.executor.username } : null,
  partner: row.partnerTitle && row.partnerSlug ? { title: row.partnerTitle, slug: row.partnerSlug } : null,
  flow: row.flow,
});

function selectNamed<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...withNames, ...(extra as Extra) })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .innerJoin(flows, eq(flows.id, orders.flowId))
    .leftJoin(executors, eq(executors.id, orders.executorId))
    .leftJoin(partnerSystems, eq(partnerSystems.userId, orders.executorId));
}

export async function findOrder(db: Executor, id: string): Promise<OrderWithNames | undefined> {
  const [row] = await selectNamed(db).where(eq(orders.id, id)).limit(1);
  return row ? named(row) : undefined;
}

/** Orders with their names, by id (the orders of a page of disputes). */
export async function findOrders(db: Executor, ids: string[]): Promise<Map<string, OrderWithNames>> {
  if (ids.length === 0) return new Map();
  const rows = await selectNamed(db).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.order.id, named(row)]));
}

export async function orderRow(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

export async function findByClientOrderId(db: Executor, merchantId: string, clientOrderId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.clientOrderId, clientOrderId)))
    .limit(1);
  return row?.id;
}

export async function insertOrder(db: Executor, row: NewOrder): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  if (!inserted) throw new Error('an order was not inserted');
  return inserted;
}

/**
 * Inserts a new order with the transaction's other deferred writes (db/deferred.ts), as its creation's first: its
 * timeline, webhook, page and hold go in the same statement, after it. Answers the row as it will be stored (no column
 * of an order has a default the database computes but its times, which the caller gives).
 */
export async function insertOrderAtEnd(db: Executor, row: NewOrder & Pick<OrderRow, 'createdAt' | 'updatedAt'>) {
  const insert = db.insert(orders).values(row).getSQL();
  await deferWrite(db, { parts: () => [['order', insert]] });
  const stored: OrderRow = {
    executorId: null,
    executorType: null,
    requisiteId: null,
    executorFeeHundredths: null,
    paymentOption: null,
    paymentType: null,
    clientId: null,
    paidBy: null,
    statusBeforeDispute: null,
    expiresAt: null,
    takenAt: null,
    paidAt: null,
    canceledAt: null,
    ...(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as typeof row),
  };
  return stored;
}

/**
 * The matcher's tie-break (DESIGN §5): an executor of a flow was just given an order. When another creation is
 * writing the same executor's time right now, it is left to that one (`skip locked`): both write "now", and
 * concurrent pay-ins must not queue on one row of flow_executors (DESIGN §16).
 */
export async function markAssigned(db: Executor, bindId: string, at: Date): Promise<void> {
  const update = sql`update flow_executors set last_assigned_at = ${at.toISOString()}::timestamptz
    where id = (select id from flow_executors where id = ${bindId}::uuid for update skip locked)
      and (last_assigned_at is null or last_assigned_at < ${at.toISOString()}::timestamptz)`;
  // Sent with the creation's other writes, at its end (db/deferred.ts): the row is held the shortest time.
  await deferWrite(db, { parts: () => [['assigned', update]] });
}

/** Locks the orders, in id order so that two batches never wait on each other. */
export async function lockOrders(db: Executor, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
}

/** Changes the orders alike and returns them as they are now. */
export async function updateOrders(db: Executor, ids: string[], changes: Partial<NewOrder>): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(orders)
    .set({ updatedAt: new Date(), ...changes })
    .where(inArray(orders.id, ids))
    .returning();
}

/** `updateOrders` with the transaction's other deferred writes (db/deferred.ts): the caller knows the rows it makes. */
export async function updateOrdersAtEnd(db: Executor, ids: string[], changes: Partial<NewOrder>): Promise<void> {
  if (ids.length === 0) return;
  const update = db.update(orders).set(changes).where(inArray(orders.id, ids)).getSQL();
  await deferWrite(db, { parts: () => [['orders', update]] });
}

/** Adds lines to the orders' timelines, with the transaction's other deferred writes (nothing reads them back in it). */
export async function insertEvents(db: Executor, events: (typeof orderEvents.$inferInsert)[]): Promise<void> {
  if (events.length === 0) return;
  const insert = db.insert(orderEvents).values(events).getSQL();
  await deferWrite(db, { parts: () => [['events', insert]] });
}

export const eventsOf = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));

/** Whose orders a list shows: every order, a merchant's, or an executor's (with the pay-outs it may take). */
export type OrderScope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'executor'; executorId: string; takeableFlowIds: string[] };

export interface OrderFilter {
  type?: string | undefined;
  statuses?: string[] | undefined;
  id?: string | undefined;
  clientOrderId?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

function filterConditions(filter: OrderFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.type) parts.push(eq(orders.type, filter.type));
  if (filter.statuses) parts.push(inArray(orders.status, filter.statuses));
  if (filter.id) parts.push(eq(orders.id, filter.id));
  if (filter.clientOrderId) parts.push(eq(orders.clientOrderId, filter.clientOrderId));
  if (filter.from) parts.push(gte(orders.createdAt, filter.from));
  if (filter.until) parts.push(lt(orders.createdAt, filter.until));
  return parts;
}

/**
 * The row sets a scope's list is made of, each a plain condition one index can walk in the list's order: every
 * order, a merchant's, or an executor's own orders and, apart, the pay-outs waiting to be taken in the flows it
 * executes (DESIGN §5). The two of an executor never share a row (an order taken has an executor).
 */
function scopeParts(scope: OrderScope, filter: OrderFilter): (SQL | undefined)[] {
  const rest = filterConditions(filter);
  if (scope.kind === 'all') return [and(...rest)];
  if (scope.kind === 'merchant') return [and(eq(orders.merchantId, scope.merchantId), ...rest)];
  const own = and(eq(orders.executorId, scope.executorId), ...rest);
  if (scope.takeableFlowIds.length === 0) return [own];
  const takeable = and(
    eq(orders.type, 'pay_out'),
    eq(orders.status, 'new'),
    isNull(orders.executorId),
    inArray(orders.flowId, scope.takeableFlowIds),
    ...rest,
  );
  return [own, takeable];
}

/** One page of orders of a scope, newest first by default, with the total (counted up to a bound, DESIGN §5). */
export async function listOrders(
  db: Executor,
  scope: OrderScope,
  filter: OrderFilter,
  page: { limit: number; offset: number; ascending: boolean },
) {
  const order = page.ascending ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  const parts = scopeParts(scope, filter);
  // The page's ids first, from the orders alone (an index walk per part, never an OR that no index follows), then
  // the names joined for those rows only: a deep page never joins the thousands of rows it skips.
  const depth = page.offset + page.limit;
  const ids = (where: SQL | undefined, limit: number) =>
    db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  const direction = page.ascending ? sql`asc` : sql`desc`;
  const pageIds =
    parts.length === 1
      ? ids(parts[0], page.limit).offset(page.offset)
      : sql`select id from (${sql.join(
          parts.map((part) => sql`(${ids(part, depth)})`),
          sql` union all `,
        )}) as scoped order by created_at ${direction}, id ${direction} limit ${page.limit} offset ${page.offset}`;
  const [rows, ...counts] = await Promise.all([
    selectNamed(db)
      .where(sql`${orders.id} in (select id from (${pageIds}) as page)`)
      .orderBy(...order),
    ...parts.map((part) => countRows(db, db.select({ id: orders.id }).from(orders).where(part))),
  ]);
  const count = {
    total: counts.reduce((sum, counted) => sum + counted.total, 0),
    estimated: counts.some((counted) => counted.estimated),
  };
  return { rows: rows.map(named), count };
}

/**
 * One chunk of an export of a scope's orders (DESIGN §13): the rows after the cursor in the list's order, with their
 * names. The same scope and filters as the list; the parts of an executor's scope are joined by `or` here, since an
 * export walks the keyset once instead of merging pages.
 */
export async function orderChunk(
  db: Executor,
  scope: OrderScope,
  filter: OrderFilter,
  ascending: boolean,
  after: Cursor | undefined,
  size: number,
): Promise<(OrderWithNames & { cursor: Cursor })[]> {
  const keys = keyset(orders.createdAt, orders.id, ascending);
  // The chunk's ids first, walking the index in the list's order; then the names joined for those rows only. `= any
  // (array(…))` makes the ids one value, so the orders are fetched by key: an `in (…)` may be planned as a semi join
  // that scans every order on every chunk.
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(...scopeParts(scope, filter)), keys.after(after)))
    .orderBy(...keys.orderBy)
    .limit(size);
  const rows = await selectNamed(db, keys.cursor)
    .where(sql`${orders.id} = any(array(${ids}))`)
    .orderBy(...keys.orderBy);
  return rows.map((row) => ({ ...named(row), cursor: { at: row.at, tie: row.tie } }));
}

/** The flows whose pay-outs an executor may take: those it executes. */
export async function executedFlowIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await selectRows<{ flow_id: string }>(
    db,
    sql`select flow_id from flow_executors where user_id = ${userId}`,
  );
  return rows.map((row) => row.flow_id);
}

/** Orders that expire whose time is up (an open pay-in, an untaken pay-out), for the expiry job's safety net. */
export async function expiredOpenOrders(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(
          and(eq(orders.type, 'pay_in'), inArray(orders.status, ['new', 'in-progress'])),
          and(eq(orders.type, 'pay_out'), eq(orders.status, 'new')),
        ),
        lt(orders.expiresAt, now),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}
