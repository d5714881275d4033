import { canonicalUsername, USDT } from '@paydesk/contract';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countRows } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { contains } from '../../db/like';
import { sha256 } from '../../lib/ids';
import { openUserAccounts } from '../ledger/ledger.module';
import {
  agentLinks,
  type TraderProfileRow,
  traderProfiles,
  type UserRow,
  userFees,
  users,
  userWebhooks,
} from './users.table';

export type { TraderProfileRow, UserRow };
export type NewUser = typeof users.$inferInsert;
export type NewTraderProfile = Omit<typeof traderProfiles.$inferInsert, 'userId'>;
export type FeeRow = typeof userFees.$inferSelect;
export type AgentLinkRow = typeof agentLinks.$inferSelect & { agentUsername: string };
export type NewAgentLink = Omit<typeof agentLinks.$inferInsert, 'userId'>;
export type NewFee = Omit<typeof userFees.$inferInsert, 'userId'>;

/**
 * The user a name signs in as, compared in the canonical form (`canonicalUsername`): stored names are ASCII (SPEC §5),
 * so `lower()` on them, which the unique index uses, is that form too. A name that is no possible username finds none.
 */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const canonical = canonicalUsername(username);
  if (canonical === null) return undefined;
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${canonical}`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findUserWithProfile(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, profile: traderProfiles })
    .from(users)
    .leftJoin(traderProfiles, eq(traderProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The user an invite code was made for: codes are kept only as their SHA-256 (create-user.ts). */
export async function findUserByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.inviteCodeHash, sha256(code)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertUser(db: Executor, user: NewUser, traderProfile?: NewTraderProfile): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  await openUserAccounts(db, row.id, USDT.code);
  if (user.type === 'trader') await db.insert(traderProfiles).values({ userId: row.id, ...traderProfile });
  return row;
}

export async function updateUser(db: Executor, id: string, changes: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function updateTraderProfile(db: Executor, id: string, changes: Partial<NewTraderProfile>) {
  if (Object.keys(changes).length === 0) return;
  await db.update(traderProfiles).set(changes).where(eq(traderProfiles.userId, id));
}

export const updatePasswordHash = (db: Executor, id: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));

export async function anyUserExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export const markSeen = (db: Executor, id: string, at: Date) =>
  db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));

export interface UserListFilter {
  type?: string | undefined;
  uuid?: string | undefined;
  username?: string | undefined;
  isActive?: boolean | undefined;
  isBlocked?: boolean | undefined;
}

function listConditions(filter: UserListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(users.type, filter.type));
  if (filter.uuid) conditions.push(eq(users.id, filter.uuid));
  if (filter.username) {
    conditions.push(contains(users.username, filter.username));
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (filter.isBlocked !== undefined) conditions.push(eq(users.isBlocked, filter.isBlocked));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The lists' order: newest first. */
const userKeys = keyset(users.createdAt, users.id, false);

function selectWithProfiles<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ user: users, profile: traderProfiles, ...(extra as Extra) })
    .from(users)
    .leftJoin(traderProfiles, eq(traderProfiles.userId, users.id));
}

/** One chunk of the users export (DESIGN §13): the list's rows after the cursor, in the list's order. */
export const userChunk = (db: Executor, filter: UserListFilter, after: Cursor | undefined, size: number) =>
  readChunk(selectWithProfiles(db, userKeys.cursor), userKeys, listConditions(filter), after, size);

/** One page of users, newest first, with the total for pagination; paging happens in SQL. */
export async function listUsers(db: Executor, filter: UserListFilter, page: { limit: number; offset: number }) {
  const where = listConditions(filter);
  const [rows, count] = await Promise.all([
    selectWithProfiles(db)
      .where(where)
      .orderBy(...userKeys.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: users.id }).from(users).where(where)),
  ]);
  return { rows, count };
}

/** Fee tiers of many users in one query. */
export async function feesOf(db: Executor, userIds: string[]): Promise<FeeRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(userFees)
    .where(inArray(userFees.userId, userIds))
    .orderBy(userFees.direction, userFees.minAmountMinor);
}

/** Agent links of many users in one query, with the agents' usernames. */
export async function agentLinksOf(db: Executor, userIds: string[]): Promise<AgentLinkRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ link: agentLinks, agentUsername: users.username })
    .from(agentLinks)
    .innerJoin(users, eq(users.id, agentLinks.agentId))
    .where(inArray(agentLinks.userId, userIds))
    .orderBy(desc(agentLinks.isMain), users.username);
  return rows.map(({ link, agentUsername }) => ({ ...link, agentUsername }));
}

export async function replaceFees(db: Executor, userId: string, fees: (NewFee & { id: string })[]) {
  await db.delete(userFees).where(eq(userFees.userId, userId));
  if (fees.length > 0) await db.insert(userFees).values(fees.map((fee) => ({ ...fee, userId })));
}

export async function replaceAgentLinks(db: Executor, userId: string, links: NewAgentLink[]) {
  await db.delete(agentLinks).where(eq(agentLinks.userId, userId));
  if (links.length > 0) await db.insert(agentLinks).values(links.map((link) => ({ ...link, userId })));
}

/** The ids among `ids` that belong to agents. */
export async function agentIdsAmong(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.type, 'agent')));
  return new Set(rows.map((row) => row.id));
}

/** Traders linked to an agent, with the agent's percentages. */
export async function tradersOfAgent(db: Executor, agentId: string, page: { limit: number; offset: number }) {
  const where = and(eq(agentLinks.agentId, agentId), eq(users.type, 'trader'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, link: agentLinks })
      .from(agentLinks)
      .innerJoin(users, eq(users.id, agentLinks.userId))
      .where(where)
      .orderBy(users.username)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(agentLinks)
      .innerJoin(users, eq(users.id, agentLinks.userId))
      .where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

export async function webhooksOf(db: Executor, userId: string) {
  return db.select().from(userWebhooks).where(eq(userWebhooks.userId, userId));
}

export async function upsertWebhooks(db: Executor, userId: string, settings: { slug: string; isDisabled: boolean }[]) {
  if (settings.length === 0) return;
  await db
    .insert(userWebhooks)
    .values(settings.map((setting) => ({ userId, ...setting })))
    .onConflictDoUpdate({
      target: [userWebhooks.userId, userWebhooks.slug],
      set: { isDisabled: sql`excluded.is_disabled` },
    });
}

/** Marks a two-factor time step used; false when it (or a later one) was used already, even concurrently. */
export async function claimTwoFactorStep(db: Executor, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A trader's profile, locked until the transaction ends: deposits decide about the insurance one at a time. */
export async function lockTraderProfile(db: Executor, userId: string): Promise<TraderProfileRow | undefined> {
  const [row] = await db.select().from(traderProfiles).where(eq(traderProfiles.userId, userId)).limit(1).for('update');
  return row;
}
