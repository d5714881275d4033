import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { deferNotices, deferWrite } from '../../db/deferred';
import { newId } from '../../lib/ids';
import { jobsChannel } from './jobs.repository';

/** The queue as other modules use it (DESIGN §14): work enqueued in their transaction, and recurring jobs kept. */

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
