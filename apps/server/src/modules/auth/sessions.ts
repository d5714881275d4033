import type { Executor } from '../../db/client';
import {
  deleteOtherSessions,
  findLiveSession,
  findSocketUser,
  liveSocketTokens,
  touchSession,
} from './sessions.repository';

/**
 * The sessions as the process's plugins use them, handed over by app.ts (plugins import no module): the session
 * plugin finds a live session by its token's hash and touches it as it is used.
 */
export const sessionStore = { findLiveSession, touchSession };

/** The sessions as the events socket checks them: a socket's user by its token, and which tokens still live. */
export const socketSessions = { findSocketUser, liveSocketTokens };

/** `user.access_revoked`: every session of the user ends (users announce the change to every process themselves). */
export async function endAllSessions(tx: Executor, { userId }: { userId: string }) {
  await deleteOtherSessions(tx, userId, null);
}
