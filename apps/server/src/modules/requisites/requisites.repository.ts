import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { countRows } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { contains } from '../../db/like';
import { users } from '../users/users.module';
import { requisiteRestrictions, requisites } from './requisites.table';

export type RequisiteRow = typeof requisites.$inferSelect;
export type NewRequisite = typeof requisites.$inferInsert;
export type RestrictionRow = typeof requisiteRestrictions.$inferSelect;

export interface RequisiteWithOwner {
  requisite: RequisiteRow;
  owner: { id: string; username: string; type: string; lastSeenAt: Date | null };
}

export interface RequisiteFilter {
  ownerId?: string | undefined;
  name?: string | undefined;
  currency?: string | undefined;
  paymentOption?: string | undefined;
  paymentType?: string | undefined;
  isActive?: boolean | undefined;
  username?: string | undefined;
}

function conditions(filter: RequisiteFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.ownerId) parts.push(eq(requisites.userId, filter.ownerId));
  if (filter.name) parts.push(contains(requisites.name, filter.name));
  if (filter.currency) parts.push(eq(requisites.currency, filter.currency));
  if (filter.paymentOption) parts.push(eq(requisites.paymentOption, filter.paymentOption));
  if (filter.paymentType) parts.push(eq(requisites.paymentType, filter.paymentType));
  if (filter.isActive !== undefined) parts.push(eq(requisites.isActive, filter.isActive));
  if (filter.username) parts.push(contains(users.username, filter.username));
  return parts.length > 0 ? and(...parts) : undefined;
}

const ownerColumns = { id: users.id, username: users.username, type: users.type, lastSeenAt: users.lastSeenAt };

/** The lists' order: newest first. */
const requisiteKeys = keyset(requisites.createdAt, requisites.id, false);

function selectWithOwners<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ requisite: requisites, owner: ownerColumns, ...(extra as Extra) })
    .from(requisites)
    .innerJoin(users, eq(users.id, requisites.userId));
}

/** One chunk of the requisites export (DESIGN §13): the list's rows after the cursor, in the list's order. */
export const requisiteChunk = (db: Executor, filter: RequisiteFilter, after: Cursor | undefined, size: number) =>
  readChunk(selectWithOwners(db, requisiteKeys.cursor), requisiteKeys, conditions(filter), after, size);

/** One page of requisites with their owners, newest first, and the total; paging in SQL. */
export async function listRequisites(db: Executor, filter: RequisiteFilter, page: { limit: number; offset: number }) {
  const where = conditions(filter);
  const [rows, count] = await Promise.all([
    selectWithOwners(db)
      .where(where)
      .orderBy(...requisiteKeys.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(
      db,
      filter.username
        ? db
            .select({ id: requisites.id })
            .from(requisites)
            .innerJoin(users, eq(users.id, requisites.userId))
            .where(where)
        : db.select({ id: requisites.id }).from(requisites).where(where),
    ),
  ]);
  return { rows, count };
}

export async function findRequisite(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<RequisiteWithOwner | undefined> {
  const query = db
    .select({ requisite: requisites, owner: ownerColumns })
    .from(requisites)
    .innerJoin(users, eq(users.id, requisites.userId))
    .where(eq(requisites.id, id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: requisites }) : await query;
  return row;
}

export async function insertRequisite(db: Executor, row: NewRequisite): Promise<void> {
  await db.insert(requisites).values(row);
}

export async function updateRequisite(db: Executor, id: string, changes: Partial<NewRequisite>): Promise<void> {
  await db
    .update(requisites)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(requisites.id, id));
}

/** The restrictions of many requisites in one query. */
export async function restrictionsOf(db: Executor, requisiteIds: string[]): Promise<RestrictionRow[]> {
  if (requisiteIds.length === 0) return [];
  return db
    .select()
    .from(requisiteRestrictions)
    .where(inArray(requisiteRestrictions.requisiteId, requisiteIds))
    .orderBy(requisiteRestrictions.type);
}

export async function replaceRestrictions(
  db: Executor,
  requisiteId: string,
  rows: Omit<RestrictionRow, 'requisiteId'>[],
) {
  await db.delete(requisiteRestrictions).where(eq(requisiteRestrictions.requisiteId, requisiteId));
  if (rows.length > 0) await db.insert(requisiteRestrictions).values(rows.map((row) => ({ ...row, requisiteId })));
}

/** Whether a requisite has open orders (new, in progress or disputed): its details are theirs until they finish. */
export async function hasOpenOrders(db: Executor, requisiteId: string): Promise<boolean> {
  const [row] = await selectRows<{ open: boolean }>(
    db,
    sql`select exists (select 1 from orders where requisite_id = ${requisiteId}
                        and status in ('new', 'in-progress', 'dispute')) as open`,
  );
  return row?.open ?? false;
}
