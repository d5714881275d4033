import type { Db } from '../../db/client';
import { sweepKeys } from '../api/api.module';
import type { JobDefinition } from '../jobs/jobs.runner';
import { deleteStaleSessions } from './sessions.repository';
import { deleteEndedWindows } from './throttle.repository';

/** Removes ended sessions and throttling windows; harmless to run twice. */
export async function sweepAuthState(db: Db, idleMinutes: number, now = new Date()): Promise<void> {
  await deleteStaleSessions(db, new Date(now.getTime() - idleMinutes * 60_000));
  await deleteEndedWindows(db, now);
  await sweepKeys(db);
}

/** The recurring job `auth.sweep` (DESIGN §14). */
export const authSweepJob = (db: Db, idleMinutes: number): JobDefinition => ({
  run: () => sweepAuthState(db, idleMinutes),
});
