import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { deferNotices, deferWrite } from '../../db/deferred';
import { newId } from '../../lib/ids';

/** The channel a new job is announced on; every process listens and looks for work at once. */
export const jobsChannel = 'paydesk_jobs';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run; now when absent. */
  runAt?: Date;
  maxAttempts?: number;
  /** Only one queued or running job with this key: enqueueing another is a no-op. */
  singletonKey?: string;
  repeatSeconds?: number;
}

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
 * Queues a job inside the caller's transaction (DESIGN §14): it exists, and the processes hear of it, only if that
 * transaction commits. Returns false when a job with the same singleton key is already queued or running.
 */
export async function enqueueJob(tx: Executor, job: NewJob): Promise<boolean> {
  const [row] = await selectRows<{ queued: number }>(
    tx,
    sql`with queued as (${insertJobs([job], sql`kind`)})
        select (select count(*) from queued)::int as queued, pg_notify(${jobsChannel}, ${job.kind})`,
  );
  return (row?.queued ?? 0) > 0;
}

/** The insert of these jobs; a job whose singleton key is taken is not queued. */
function insertJobs(jobs: readonly NewJob[], returning?: SQL) {
  return sql`insert into jobs (id, kind, payload, run_at, max_attempts, singleton_key, repeat_seconds)
    values ${sql.join(jobs.map(jobValues), sql`, `)}
    on conflict (singleton_key) where status in ('queued', 'running') do nothing${returning ? sql` returning ${returning}` : sql``}`;
}

const jobValues = (job: NewJob) =>
  sql`(${newId()}::uuid, ${job.kind}::text, ${JSON.stringify(job.payload ?? {})}::jsonb,
       coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()), ${job.maxAttempts ?? 10}::integer,
       ${job.singletonKey ?? null}::text, ${job.repeatSeconds ?? null}::integer)`;

/**
 * The insert of those of these jobs whose payload meets `keep`, for another module's deferred write that decides in
 * the database which of its jobs exist (the webhooks whose deliveries went in). Queue their kinds' notices with
 * `noticeJobs`.
 */
export function insertJobsWhere(jobs: readonly NewJob[], keep: (payload: SQL) => SQL): SQL {
  return sql`insert into jobs (id, kind, payload, run_at, max_attempts, singleton_key, repeat_seconds)
    select * from (values ${sql.join(jobs.map(jobValues), sql`, `)})
      as job (id, kind, payload, run_at, max_attempts, singleton_key, repeat_seconds)
    where ${keep(sql`job.payload`)}
    on conflict (singleton_key) where status in ('queued', 'running') do nothing`;
}

/** Tells the processes of these jobs' kinds when the transaction commits (with its deferred writes). */
export async function noticeJobs(tx: Executor, jobs: readonly NewJob[]): Promise<void> {
  await deferNotices(tx, jobsChannel, [...new Set(jobs.map((job) => job.kind))]);
}

/**
 * Queues many jobs at once, like `enqueueJob`, with the transaction's other deferred writes (db/deferred.ts): one
 * insert, and one notification per kind when it commits (a job whose singleton key is taken is not queued, and its
 * kind's runners look for work once for nothing).
 */
export async function enqueueJobs(tx: Executor, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await deferWrite(tx, { parts: () => [['jobs', insertJobs(jobs)]] });
  await noticeJobs(tx, jobs);
}

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

/**
 * Keeps one recurring job of `kind` every `seconds` (null: none). Every process may call it at start: the singleton
 * key makes it one job, and a changed interval is written to the job that exists.
 */
export async function ensureRecurring(db: Executor, kind: string, seconds: number | null, firstRunAt?: Date) {
  if (seconds === null) {
    await db.execute(sql`delete from jobs where singleton_key = ${kind} and status = 'queued'`);
    return;
  }
  const created = await enqueueJob(db, {
    kind,
    singletonKey: kind,
    repeatSeconds: seconds,
    ...(firstRunAt ? { runAt: firstRunAt } : {}),
  });
  if (!created) {
    await db.execute(
      sql`update jobs set repeat_seconds = ${seconds} where singleton_key = ${kind} and status in ('queued', 'running')`,
    );
  }
}
