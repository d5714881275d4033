import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The job runner's queue (DESIGN §14): everything that happens later or again. A job is enqueued in the transaction
 * of the change that caused it, claimed by one process at a time (`FOR UPDATE SKIP LOCKED`), held under a lease that
 * the process keeps renewing while it works, and deleted when done. A process that dies lets its lease lapse, and
 * another process claims the job again. A job that fails waits its backoff and runs again until its last attempt,
 * then stays here as `dead` for an operator to see.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** What to do: the name a handler is registered under, such as `auth.sweep` or `deposits.poll`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** queued, running or dead. */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Attempts started so far, including one whose process died. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** A recurring job runs again this many seconds after each run instead of being deleted. */
    repeatSeconds: integer('repeat_seconds'),
    /** At most one queued or running job has a given key: recurring jobs and deduplicated work. */
    singletonKey: text('singleton_key'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'queued'`),
    index('jobs_lease_idx').on(table.lockedUntil).where(sql`${table.status} = 'running'`),
    uniqueIndex('jobs_singleton_key').on(table.singletonKey).where(sql`${table.status} in ('queued', 'running')`),
    index('jobs_dead_idx').on(table.kind, table.updatedAt).where(sql`${table.status} = 'dead'`),
    check('jobs_status_check', sql`${table.status} in ('queued', 'running', 'dead')`),
    check('jobs_attempts_check', sql`${table.maxAttempts} >= 1 and ${table.attempts} >= 0`),
  ],
);
