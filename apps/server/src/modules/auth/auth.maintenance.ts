import { appEvents } from '../../app-events';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../jobs/jobs.runner';
import { deleteStaleSessions } from './sessions.repository';
import { deleteEndedWindows } from './throttle.repository';

/**
 * Removes ended sessions and throttling windows, then announces `auth.swept` for whoever keeps other short-lived
 * records of callers (the API's idempotency keys); harmless to run twice.
 */
export async function sweepAuthState(db: Db, idleMinutes: number, now = new Date()): Promise<void> {
  await deleteStaleSessions(db, new Date(now.getTime() - idleMinutes * 60_000));
  await deleteEndedWindows(db, now);
  await appEvents.announce(db, 'auth.swept', { now });
}

/** The recurring job `auth.sweep` (DESIGN §14). */
export const authSweepJob = (db: Db, idleMinutes: number): JobDefinition => ({
  run: () => sweepAuthState(db, idleMinutes),
});
