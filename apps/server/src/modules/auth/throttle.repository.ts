import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottle } from './auth.table';

export interface WindowCount {
  key: string;
  /** Attempts counted in the window, this one included. */
  failures: number;
  resetAt: Date;
}

/**
 * Counts one attempt in the fixed window of each key (a window of its own length, starting with the first attempt after
 * the last reset)
 * and answers every window's count after it, in one statement: the count and the decision made from it cannot be
 * separated by another request's attempt, however many arrive at once. Keys are taken in one order so two requests
 * never wait for each other's rows crosswise.
 */
export async function countAttempt(
  db: Executor,
  windows: readonly { key: string; seconds: number }[],
  now: Date,
): Promise<WindowCount[]> {
  const ended = sql`${loginThrottle.resetAt} <= ${now.toISOString()}::timestamptz`;
  const byKey = new Map(windows.map((window) => [window.key, window.seconds]));
  return db
    .insert(loginThrottle)
    .values(
      [...byKey.keys()]
        .sort()
        .map((key) => ({ key, failures: 1, resetAt: new Date(now.getTime() + (byKey.get(key) ?? 0) * 1000) })),
    )
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${ended} then 1 else ${loginThrottle.failures} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${loginThrottle.resetAt} end`,
      },
    })
    .returning({ key: loginThrottle.key, failures: loginThrottle.failures, resetAt: loginThrottle.resetAt });
}

/** Gives back an attempt counted by `countAttempt` that turned out not to be a wrong guess. */
export async function uncountAttempt(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(lockedInOrder(keys));
}

/**
 * The rows of `keys`, locked in key order first: a plain `key in (…)` locks them in the order the scan meets them,
 * and two requests meeting them crosswise would deadlock (seen under 200 guesses at once on PostgreSQL).
 */
const lockedInOrder = (keys: readonly string[]) =>
  sql`${loginThrottle.key} in (select t.key from login_throttle t where t.key = any(${sql.param([...new Set(keys)].sort())}::text[])
        order by t.key for update)`;

export async function clearFailures(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(loginThrottle).where(lockedInOrder(keys));
}

/** Drops windows that have ended. */
export const deleteEndedWindows = (db: Executor, now: Date) =>
  db.delete(loginThrottle).where(lt(loginThrottle.resetAt, now));
