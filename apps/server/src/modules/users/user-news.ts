import { sql } from 'drizzle-orm';
import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';

/**
 * Every process keeps what it knows of a signed-in user for a moment (plugins/session.ts); a change to the user or
 * its sessions is announced here, in the transaction that makes it, so every process forgets the user when it commits.
 */
export const sessionsChannel = 'paydesk_sessions';

export async function announceUserChanged(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${sessionsChannel}, ${userId})`);
}

/**
 * Ends every session of a user, on every process, in the caller's transaction: `user.access_revoked`, which auth
 * hears (it keeps the sessions), then the change announced to every process.
 */
export async function revokeAccess(tx: Executor, userId: string): Promise<void> {
  await appEvents.announce(tx, 'user.access_revoked', { userId });
  await announceUserChanged(tx, userId);
}
