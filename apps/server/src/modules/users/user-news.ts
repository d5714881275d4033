import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { handlerList } from '../../lib/handler-list';

/**
 * Every process keeps what it knows of a signed-in user for a moment (plugins/session.ts); a change to the user or
 * its sessions is announced here, in the transaction that makes it, so every process forgets the user when it commits.
 */
export const sessionsChannel = 'paydesk_sessions';

export async function announceUserChanged(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${sessionsChannel}, ${userId})`);
}

/**
 * Who ends a user's access when users take it away (blocking, deactivation, a new password or an accepted invite):
 * the sessions, which auth keeps and subscribes for (DESIGN §17).
 */
export const accessRevokedHandlers = handlerList<{ userId: string }>();

/** Ends every session of a user, on every process, in the caller's transaction. */
export async function revokeAccess(tx: Executor, userId: string): Promise<void> {
  await accessRevokedHandlers.announce(tx, { userId });
  await announceUserChanged(tx, userId);
}
