import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottle } from './auth.table';

/** Seconds until the window of `key` resets, when it holds `limit` failures or more; otherwise 0. */
export async function blockedForSeconds(db: Executor, key: string, limit: number, now: Date): Promise<number> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
  if (!row || row.resetAt <= now || row.failures < limit) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
}

/** Counts one failure in a fixed window that starts with the first failure after the last reset. */
export async function recordFailure(db: Executor, key: string, windowSeconds: number, now: Date): Promise<void> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, resetAt })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
        resetAt: sql`case when ${loginThrottle.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${loginThrottle.resetAt} end`,
      },
    });
}

export const clearFailures = (db: Executor, key: string) => db.delete(loginThrottle).where(eq(loginThrottle.key, key));

/** Drops windows that have ended. */
export const deleteEndedWindows = (db: Executor, now: Date) =>
  db.delete(loginThrottle).where(lt(loginThrottle.resetAt, now));
