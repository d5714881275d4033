import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { countRows } from '../../db/count';
import { flows } from '../flows/flows.table';
import { partnerSystems } from '../partners/partners.table';
import { users } from '../users/users.table';
import { orderEvents, orders } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
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

function selectNamed(db: Executor) {
  return db
    .select(withNames)
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

export async function insertOrder(db: Executor, row: NewOrder): Promise<void> {
  await db.insert(orders).values(row);
}

export async function updateOrder(db: Executor, id: string, changes: Partial<NewOrder>): Promise<void> {
  await db
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

export async function insertEvent(db: Executor, event: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(event);
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

function conditions(scope: OrderScope, filter: OrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (scope.kind === 'merchant') parts.push(eq(orders.merchantId, scope.merchantId));
  if (scope.kind === 'executor') {
    // Its own orders, and the pay-outs waiting to be taken in the flows it executes (DESIGN §5).
    const own = eq(orders.executorId, scope.executorId);
    parts.push(
      scope.takeableFlowIds.length > 0
        ? (sql`(${own} or (${orders.type} = 'pay_out' and ${orders.status} = 'new' and ${orders.executorId} is null and ${inArray(orders.flowId, scope.takeableFlowIds)}))` as SQL)
        : own,
    );
  }
  if (filter.type) parts.push(eq(orders.type, filter.type));
  if (filter.statuses) parts.push(inArray(orders.status, filter.statuses));
  if (filter.id) parts.push(eq(orders.id, filter.id));
  if (filter.clientOrderId) parts.push(eq(orders.clientOrderId, filter.clientOrderId));
  if (filter.from) parts.push(gte(orders.createdAt, filter.from));
  if (filter.until) parts.push(lt(orders.createdAt, filter.until));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of orders of a scope, newest first by default, with the total (counted up to a bound, DESIGN §5). */
export async function listOrders(
  db: Executor,
  scope: OrderScope,
  filter: OrderFilter,
  page: { limit: number; offset: number; ascending: boolean },
) {
  const where = conditions(scope, filter);
  const order = page.ascending ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  const [rows, count] = await Promise.all([
    selectNamed(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: orders.id }).from(orders).where(where)),
  ]);
  return { rows: rows.map(named), count };
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
