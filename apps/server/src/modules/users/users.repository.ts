import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traderProfiles, users } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type NewTraderProfile = Omit<typeof traderProfiles.$inferInsert, 'userId'>;

/** Usernames are unique regardless of case. */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
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

export async function insertUser(db: Executor, user: NewUser, traderProfile?: NewTraderProfile): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  if (user.type === 'trader') await db.insert(traderProfiles).values({ userId: row.id, ...traderProfile });
  return row;
}

export const updatePasswordHash = (db: Executor, id: string, passwordHash: string) =>
  db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));

export async function anyUserExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export const markSeen = (db: Executor, id: string, at: Date) =>
  db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
