import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countRows } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { orders } from '../orders/orders.module';
import { disputeFiles, disputes } from './disputes.table';

export type DisputeRow = typeof disputes.$inferSelect;
export type NewDispute = typeof disputes.$inferInsert;
export type DisputeFileRow = typeof disputeFiles.$inferSelect;

export async function insertDispute(db: Executor, row: NewDispute): Promise<DisputeRow> {
  const [inserted] = await db.insert(disputes).values(row).returning();
  if (!inserted) throw new Error('the dispute was not inserted');
  return inserted;
}

export async function insertFiles(db: Executor, rows: (typeof disputeFiles.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(disputeFiles).values(rows);
}

export async function lockDispute(db: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1).for('update');
  return row;
}

export async function updateDispute(db: Executor, id: string, changes: Partial<NewDispute>): Promise<DisputeRow> {
  const [row] = await db.update(disputes).set(changes).where(eq(disputes.id, id)).returning();
  if (!row) throw new Error('the dispute updated is gone');
  return row;
}

/** Whose disputes a list shows: every one (admin), a merchant's orders', an executor's orders'. */
export type DisputeScope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'executor'; executorId: string };

export interface DisputeFilter {
  statuses?: string[];
  orderId?: string;
  from?: Date;
  until?: Date;
}

function whereOf(scope: DisputeScope, filter: DisputeFilter): SQL | undefined {
  return and(
    scope.kind === 'merchant' ? eq(orders.merchantId, scope.merchantId) : undefined,
    scope.kind === 'executor' ? eq(orders.executorId, scope.executorId) : undefined,
    filter.statuses?.length ? inArray(disputes.status, filter.statuses) : undefined,
    filter.orderId ? eq(disputes.orderId, filter.orderId) : undefined,
    filter.from ? gte(disputes.createdAt, filter.from) : undefined,
    filter.until ? lt(disputes.createdAt, filter.until) : undefined,
  );
}

/** The lists' order: newest first. */
const disputeKeys = keyset(disputes.createdAt, disputes.id, false);

function selectDisputes<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ dispute: disputes, ...(extra as Extra) })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId));
}

/** One chunk of the disputes export (DESIGN §13): the list's rows after the cursor, in the list's order. */
export function disputeChunk(
  db: Executor,
  scope: DisputeScope,
  filter: DisputeFilter,
  after: Cursor | undefined,
  size: number,
) {
  return readChunk(selectDisputes(db, disputeKeys.cursor), disputeKeys, whereOf(scope, filter), after, size);
}

/** A page of disputes, newest first, and how many there are. */
export async function listDisputes(
  db: Executor,
  scope: DisputeScope,
  filter: DisputeFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(scope, filter);
  const [rows, count] = await Promise.all([
    selectDisputes(db)
      .where(where)
      .orderBy(...disputeKeys.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(
      db,
      db.select({ id: disputes.id }).from(disputes).innerJoin(orders, eq(orders.id, disputes.orderId)).where(where),
    ),
  ]);
  return { rows: rows.map((row) => row.dispute), count };
}

export async function findDispute(db: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  return row;
}

/** The files of these disputes, oldest first, by dispute. */
export async function filesOf(db: Executor, disputeIds: string[]): Promise<Map<string, DisputeFileRow[]>> {
  const byDispute = new Map<string, DisputeFileRow[]>();
  if (disputeIds.length === 0) return byDispute;
  const rows = await db
    .select()
    .from(disputeFiles)
    .where(inArray(disputeFiles.disputeId, disputeIds))
    .orderBy(disputeFiles.createdAt, disputeFiles.id);
  for (const row of rows) byDispute.set(row.disputeId, [...(byDispute.get(row.disputeId) ?? []), row]);
  return byDispute;
}

/** A file with the parties of its order: who may see it is decided from them. */
export async function findFile(db: Executor, id: string) {
  const [row] = await db
    .select({ file: disputeFiles, merchantId: orders.merchantId, executorId: orders.executorId })
    .from(disputeFiles)
    .innerJoin(disputes, eq(disputes.id, disputeFiles.disputeId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputeFiles.id, id))
    .limit(1);
  return row;
}
