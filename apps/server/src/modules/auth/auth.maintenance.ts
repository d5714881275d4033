import type { Db } from '../../db/client';
import { handlerList } from '../../lib/handler-list';
import type { JobDefinition } from '../jobs/jobs.runner';
import { deleteStaleSessions } from './sessions.repository';
import { deleteEndedWindows } from './throttle.repository';

/** Who else keeps short-lived records of callers and sweeps them with the sessions (the API's idempotency keys). */
export const authSweepHandlers = handlerList<{ now: Date }>();

/** Removes ended sessions and throttling windows, and whatever the subscribers keep; harmless to run twice. */
export async function sweepAuthState(db: Db, idleMinutes: number, now = new Date()): Promise<void> {
  await deleteStaleSessions(db, new Date(now.getTime() - idleMinutes * 60_000));
  await deleteEndedWindows(db, now);
  await authSweepHandlers.announce(db, { now });
}

/** The recurring job `auth.sweep` (DESIGN §14). */
export const authSweepJob = (db: Db, idleMinutes: number): JobDefinition => ({
  run: () => sweepAuthState(db, idleMinutes),
});
