import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';

/** The channel a new job is announced on; every process listens and looks for work at once. */
export const jobsChannel = 'paydesk_jobs';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  repeatSeconds: number | null;
  runAt: Date;
}

interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
  repeat_seconds: number | null;
  run_at: Date | string;
}

const claimedOf = (row: JobRow): ClaimedJob => ({
  id: row.id,
  kind: row.kind,
  payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  repeatSeconds: row.repeat_seconds,
  runAt: new Date(row.run_at),
});

/**
 * Claims up to `limit` due jobs for `worker`: queued jobs whose time has come, and running jobs whose lease lapsed
 * (their process died). SKIP LOCKED lets every process claim at once without waiting on or taking each other's rows.
 */
export async function claimJobs(db: Executor, worker: string, limit: number, leaseSeconds: number) {
  const rows = await selectRows<JobRow>(
    db,
    sql`update jobs set status = 'running', attempts = attempts + 1, locked_by = ${worker},
               locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        where id in (
          select id from jobs
          where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
          order by run_at
          limit ${limit}
          for update skip locked)
        returning id, kind, payload, attempts, max_attempts, repeat_seconds, run_at`,
  );
  return rows.map(claimedOf);
}

/** Keeps the lease of jobs this worker still runs; false for a job it no longer holds. */
export async function renewLeases(db: Executor, worker: string, ids: string[], leaseSeconds: number) {
  if (ids.length === 0) return new Set<string>();
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id = any(${sql.param(ids)}::uuid[]) and locked_by = ${worker} and status = 'running'
        returning id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** A finished job is deleted; a recurring one is queued again for its next run. Only its holder may finish it. */
export async function completeJob(db: Executor, worker: string, job: ClaimedJob): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    job.repeatSeconds === null
      ? sql`delete from jobs where id = ${job.id} and locked_by = ${worker} and status = 'running' returning id`
      : sql`update jobs set status = 'queued', attempts = 0, locked_by = null, locked_until = null, last_error = null,
                 run_at = now() + make_interval(secs => ${job.repeatSeconds}), updated_at = now()
            where id = ${job.id} and locked_by = ${worker} and status = 'running' returning id`,
  );
  return rows.length > 0;
}

/** A failed attempt: queued again after `delayMs`, or kept as `dead` when it was the last. */
export async function failJob(db: Executor, worker: string, job: ClaimedJob, error: string, delayMs: number | null) {
  await db.execute(
    sql`update jobs set status = ${delayMs === null ? 'dead' : 'queued'}, locked_by = null, locked_until = null,
               last_error = ${error.slice(0, 2000)}, updated_at = now(),
               run_at = now() + make_interval(secs => ${(delayMs ?? 0) / 1000})
        where id = ${job.id} and locked_by = ${worker} and status = 'running'`,
  );
}

/**
 * Hands jobs this worker holds back to the queue, due at once and their attempt not counted: a process that stops
 * releases what it could not finish instead of leaving it to its lease.
 */
export async function releaseJobs(db: Executor, worker: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), locked_by = null, locked_until = null,
               run_at = least(run_at, now()), updated_at = now()
        where id = any(${sql.param(ids)}::uuid[]) and locked_by = ${worker} and status = 'running'`,
  );
}

/** Milliseconds until the next queued job is due (0 when one is due now), or null when none is queued. */
export async function msUntilNextJob(db: Executor): Promise<number | null> {
  const [row] = await selectRows<{ ms: string | number | null }>(
    db,
    sql`select greatest(0, extract(epoch from (min(run_at) - now())) * 1000)::bigint as ms
        from jobs where status = 'queued'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}
