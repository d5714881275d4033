import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, selectRows } from '../../db/client';
import { countRows } from '../../db/count';
import { contains } from '../../db/like';
import { partnerSystems, users } from '../users/users.module';
import { flowExecutors, flows, traderRestrictions } from './flows.table';

export type FlowRow = typeof flows.$inferSelect;
export type NewFlow = typeof flows.$inferInsert;
export type ExecutorRow = typeof flowExecutors.$inferSelect;
export type TraderRestrictionRow = typeof traderRestrictions.$inferSelect;

const merchants = alias(users, 'merchants');

export interface FlowFilter {
  name?: string | undefined;
  merchantId?: string | undefined;
  fiat?: string | undefined;
}

function conditions(filter: FlowFilter): SQL | undefined {
  const parts: SQL[] = [isNull(flows.deletedAt)];
  if (filter.name) parts.push(contains(flows.name, filter.name));
  if (filter.merchantId) parts.push(eq(flows.merchantId, filter.merchantId));
  if (filter.fiat) parts.push(eq(flows.fiat, filter.fiat));
  return and(...parts);
}

/** One page of flows with their merchants, newest first, and the total. */
export async function listFlows(db: Executor, filter: FlowFilter, page: { limit: number; offset: number }) {
  const where = conditions(filter);
  const [rows, count] = await Promise.all([
    db
      .select({ flow: flows, merchant: { id: merchants.id, username: merchants.username } })
      .from(flows)
      .innerJoin(merchants, eq(merchants.id, flows.merchantId))
      .where(where)
      .orderBy(desc(flows.createdAt), desc(flows.id))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: flows.id }).from(flows).where(where)),
  ]);
  return { rows, count };
}

export async function findFlow(db: Executor, id: string, forUpdate = false) {
  const query = db
    .select({ flow: flows, merchant: { id: merchants.id, username: merchants.username } })
    .from(flows)
    .innerJoin(merchants, eq(merchants.id, flows.merchantId))
    .where(and(eq(flows.id, id), isNull(flows.deletedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: flows }) : await query;
  return row;
}

export type FlowWithMerchant = NonNullable<Awaited<ReturnType<typeof findFlow>>>;

export async function insertFlow(db: Executor, row: NewFlow): Promise<void> {
  await db.insert(flows).values(row);
}

export async function updateFlow(db: Executor, id: string, changes: Partial<NewFlow>): Promise<void> {
  await db
    .update(flows)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(flows.id, id));
}

/** Whether a flow has orders at all, and whether any is open (new, in progress or disputed). */
export async function ordersOfFlow(db: Executor, flowId: string) {
  const [row] = await selectRows<{ open: boolean; any: boolean }>(
    db,
    sql`select exists (select 1 from orders where flow_id = ${flowId}
                        and status in ('new', 'in-progress', 'dispute')) as open,
               exists (select 1 from orders where flow_id = ${flowId}) as any`,
  );
  return { open: row?.open ?? false, any: row?.any ?? false };
}

/**
 * Deletes a flow. One with orders stays, marked deleted, for their history: out of the lists and of routing, with no
 * executors left, and its pair free for a new flow.
 */
export async function deleteFlow(db: Executor, id: string, hasOrders: boolean): Promise<void> {
  if (!hasOrders) {
    await db.delete(flows).where(eq(flows.id, id));
    return;
  }
  await db.delete(flowExecutors).where(eq(flowExecutors.flowId, id));
  await db.delete(traderRestrictions).where(eq(traderRestrictions.flowId, id));
  await db.update(flows).set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() }).where(eq(flows.id, id));
}

export interface ExecutorWithNames {
  executor: ExecutorRow;
  username: string;
  partner: { title: string; slug: string } | null;
}

/** The executors of many flows in one query, by priority (10 first), with the names the screens show. */
export async function executorsOf(db: Executor, flowIds: string[]): Promise<ExecutorWithNames[]> {
  if (flowIds.length === 0) return [];
  const rows = await db
    .select({
      executor: flowExecutors,
      username: users.username,
      partnerTitle: partnerSystems.title,
      partnerSlug: partnerSystems.slug,
    })
    .from(flowExecutors)
    .innerJoin(users, eq(users.id, flowExecutors.userId))
    .leftJoin(partnerSystems, eq(partnerSystems.userId, flowExecutors.userId))
    .where(inArray(flowExecutors.flowId, flowIds))
    .orderBy(desc(flowExecutors.priority), asc(flowExecutors.createdAt));
  return rows.map((row) => ({
    executor: row.executor,
    username: row.username,
    partner: row.partnerTitle && row.partnerSlug ? { title: row.partnerTitle, slug: row.partnerSlug } : null,
  }));
}

export async function insertExecutor(db: Executor, row: typeof flowExecutors.$inferInsert): Promise<void> {
  await db.insert(flowExecutors).values(row);
}

export async function findExecutor(db: Executor, flowId: string, bindId: string) {
  const [row] = await db
    .select()
    .from(flowExecutors)
    .where(and(eq(flowExecutors.flowId, flowId), eq(flowExecutors.id, bindId)))
    .limit(1);
  return row;
}

export const deleteExecutor = (db: Executor, bindId: string) =>
  db.delete(flowExecutors).where(eq(flowExecutors.id, bindId));

export const setPriority = (db: Executor, bindId: string, priority: number) =>
  db.update(flowExecutors).set({ priority }).where(eq(flowExecutors.id, bindId));

export async function traderRestrictionsOf(db: Executor, filter: { traderId?: string; flowId?: string }) {
  const parts: SQL[] = [];
  if (filter.traderId) parts.push(eq(traderRestrictions.traderId, filter.traderId));
  if (filter.flowId) parts.push(eq(traderRestrictions.flowId, filter.flowId));
  return db
    .select()
    .from(traderRestrictions)
    .where(parts.length > 0 ? and(...parts) : undefined)
    .orderBy(asc(traderRestrictions.flowId), asc(traderRestrictions.traderId), asc(traderRestrictions.type))
    .limit(1000);
}

export async function upsertTraderRestriction(db: Executor, row: typeof traderRestrictions.$inferInsert) {
  await db
    .insert(traderRestrictions)
    .values(row)
    .onConflictDoUpdate({
      target: [traderRestrictions.flowId, traderRestrictions.traderId, traderRestrictions.type],
      set: { values: sql`excluded.values`, updatedAt: sql`now()` },
    });
}

export async function findTraderRestriction(db: Executor, id: string) {
  const [row] = await db.select().from(traderRestrictions).where(eq(traderRestrictions.id, id)).limit(1);
  return row;
}

export const deleteTraderRestriction = (db: Executor, id: string) =>
  db.delete(traderRestrictions).where(eq(traderRestrictions.id, id));

/** The flows a user executes, for a partner system's detail view. */
export async function flowsExecutedBy(db: Executor, userId: string) {
  return db
    .select({ id: flows.id, name: flows.name, fiat: flows.fiat, crypto: flows.crypto })
    .from(flowExecutors)
    .innerJoin(flows, eq(flows.id, flowExecutors.flowId))
    .where(eq(flowExecutors.userId, userId))
    .orderBy(asc(flows.name));
}
