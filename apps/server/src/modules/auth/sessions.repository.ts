import { and, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announceUserChanged, traderProfiles, users } from '../users/users.module';
import { sessions } from './auth.table';

export interface NewSession {
  tokenHash: string;
  userId: string;
  wsToken: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export const insertSession = (db: Executor, session: NewSession) => db.insert(sessions).values(session);

/** The live session of a token with its user, in one query; idle or expired sessions are not returned. */
export async function findLiveSession(db: Executor, tokenHash: string, idleSince: Date) {
  const rows = await db
    .select({
      session: {
        tokenHash: sessions.tokenHash,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        wsToken: sessions.wsToken,
      },
      user: {
        id: users.id,
        username: users.username,
        type: users.type,
        roles: users.roles,
        isRoot: users.isRoot,
        isActive: users.isActive,
        isBlocked: users.isBlocked,
      },
      insurancePaid: traderProfiles.insurancePaid,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(traderProfiles, eq(traderProfiles.userId, users.id))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), gt(sessions.lastSeenAt, idleSince)),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
}

export const deleteSession = (db: Executor, tokenHash: string) =>
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

/** Ends every session of a user but the one given (blocking, deactivation, a new password), on every process. */
export async function endSessions(tx: Executor, userId: string, keepTokenHash: string | null): Promise<void> {
  await deleteOtherSessions(tx, userId, keepTokenHash);
  await announceUserChanged(tx, userId);
}

/** Ends every session of a user but the one given (password change, blocking). */
export const deleteOtherSessions = (db: Executor, userId: string, keepTokenHash: string | null) =>
  db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );

/** Removes sessions past their absolute or idle limit. */
export const deleteStaleSessions = (db: Executor, idleSince: Date) =>
  db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleSince)));

/** The user of a live session's socket token, when the session is live and the user may sign in. */
export async function findSocketUser(db: Executor, wsToken: string, idleSince: Date) {
  const rows = await db
    .select({ userId: users.id, apiKey: users.apiKey, type: users.type })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.wsToken, wsToken),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastSeenAt, idleSince),
        eq(users.isActive, true),
        eq(users.isBlocked, false),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The socket tokens among `tokens` whose sessions are still live. */
export async function liveSocketTokens(db: Executor, tokens: string[], idleSince: Date): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .select({ wsToken: sessions.wsToken })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.wsToken, tokens),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastSeenAt, idleSince),
        eq(users.isActive, true),
        eq(users.isBlocked, false),
      ),
    );
  return new Set(rows.map((row) => row.wsToken));
}
