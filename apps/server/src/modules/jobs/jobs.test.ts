import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { selectRows } from '../../db/client';
import { enqueueJob, ensureRecurring } from './jobs.queue';
import { claimJobs } from './jobs.repository';
import { createJobRunner, exponentialBackoffMs, type JobRunner, jitterFraction, withJitter } from './jobs.runner';
import { jobs } from './jobs.table';

/**
 * The job runner of DESIGN §14. On PostgreSQL the other processes are real child processes on the same database; on
 * the embedded database, which one process owns, they are further runners in this process, each with its own worker
 * identity, exactly as a second process would claim.
 */
let ctx: TestContext;
const runners: JobRunner[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db.execute(sql`create table job_runs (job text not null, worker text not null)`);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const runner of runners) await runner.stop();
  await ctx.close();
});

const db = () => ctx.database.db;

function runner(options: { pollMs?: number; leaseSeconds?: number; random?: () => number; stopGraceMs?: number } = {}) {
  const made = createJobRunner({
    database: ctx.database,
    log: ctx.app.log,
    pollMs: options.pollMs ?? 100,
    concurrency: 4,
    leaseSeconds: options.leaseSeconds ?? 30,
    ...(options.random ? { random: options.random } : {}),
    ...(options.stopGraceMs !== undefined ? { stopGraceMs: options.stopGraceMs } : {}),
  });
  made.define('test.record', {
    async run({ payload }) {
      await db().execute(sql`insert into job_runs (job, worker) values (${String(payload.n)}, ${made.worker})`);
    },
  });
  runners.push(made);
  return made;
}

/** Another process on the same PostgreSQL database, running the same kinds of job. */
async function childRunner(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker-process.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: ctx.database.url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`job worker process exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  return { child, worker: (JSON.parse(line) as { worker: string }).worker };
}

const runsOf = async (prefix: string) =>
  selectRows<{ job: string; worker: string }>(
    db(),
    sql`select job, worker from job_runs where job like ${`${prefix}%`}`,
  );
const queued = async (kind: string) => db().select().from(jobs).where(eq(jobs.kind, kind));

describe('enqueueing', () => {
  it('exists only if the transaction that enqueued it commits', async () => {
    await db().transaction(async (tx) => {
      await enqueueJob(tx, { kind: 'test.record', payload: { n: 'commit-1' } });
    });
    await db()
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test.record', payload: { n: 'rollback-1' } });
        throw new Error('the business change failed');
      })
      .catch(() => undefined);
    const one = runner();
    await one.start();
    await expect.poll(async () => (await runsOf('commit-')).length).toBe(1);
    await one.stop();
    expect(await runsOf('rollback-')).toEqual([]);
    expect(await queued('test.record')).toEqual([]);
  });

  it('keeps one queued job per singleton key', async () => {
    expect(await enqueueJob(db(), { kind: 'test.other', singletonKey: 'only-one' })).toBe(true);
    expect(await enqueueJob(db(), { kind: 'test.other', singletonKey: 'only-one' })).toBe(false);
    expect(await queued('test.other')).toHaveLength(1);
    await db().delete(jobs).where(eq(jobs.kind, 'test.other'));
  });

  it('wakes a sleeping runner at once through NOTIFY, without waiting for its poll', async () => {
    // Its poll comes after the test's own guard: only the notification can bring the job.
    const sleeper = runner({ pollMs: 24 * 3_600_000 });
    await sleeper.start();
    // Let the first look (which found nothing) finish, so that it cannot find the job itself.
    await expect.poll(() => sleeper.looking).toBe(false);
    await enqueueJob(db(), { kind: 'test.record', payload: { n: 'notify-1' } });
    await expect.poll(async () => (await runsOf('notify-')).length).toBe(1);
    await sleeper.stop();
  });
});

describe('claiming', () => {
  it('runs each of many jobs exactly once while two processes race for them', async () => {
    const total = 60;
    for (let n = 0; n < total; n++) await enqueueJob(db(), { kind: 'test.record', payload: { n: `race-${n}` } });
    const workers: string[] = [];
    if (ctx.database.url) {
      const [first, second] = await Promise.all([childRunner(), childRunner()]);
      workers.push(first.worker, second.worker);
    } else {
      const [first, second] = [runner(), runner()];
      await Promise.all([first.start(), second.start()]);
      workers.push(first.worker, second.worker);
    }
    await expect.poll(async () => (await runsOf('race-')).length).toBe(total);
    await expect.poll(async () => (await queued('test.record')).length).toBe(0);
    const runs = await runsOf('race-');
    expect(new Set(runs.map((run) => run.job)).size).toBe(total);
    expect(runs.every((run) => workers.includes(run.worker))).toBe(true);
    for (const child of children.splice(0)) child.kill('SIGTERM');
    for (const made of runners.splice(0)) await made.stop();
  });

  it('gives the job of a process killed while holding it to another process, which finishes it', async () => {
    let deadWorker: string;
    if (ctx.database.url) {
      // A real process claims the job with a short lease, then dies without a word (SIGKILL).
      const { child, worker } = await childRunner({ JOB_LEASE_SECONDS: '1' });
      deadWorker = worker;
      await enqueueJob(db(), { kind: 'test.hang', payload: { n: 'killed-1' } });
      await expect.poll(async () => (await queued('test.hang'))[0]?.lockedBy).toBe(worker);
      child.kill('SIGKILL');
    } else {
      // The one process of an embedded database cannot be killed from within; a claim that is never renewed nor
      // finished is exactly what a dead process leaves behind.
      deadWorker = 'dead-process';
      await enqueueJob(db(), { kind: 'test.hang', payload: { n: 'killed-1' } });
      expect(await claimJobs(db(), deadWorker, 1, 1)).toHaveLength(1);
    }
    const survivor = runner({ leaseSeconds: 1 });
    survivor.define('test.hang', {
      async run({ payload }) {
        await db().execute(sql`insert into job_runs (job, worker) values (${String(payload.n)}, ${survivor.worker})`);
      },
    });
    await survivor.start();
    await expect.poll(async () => (await runsOf('killed-')).map((run) => run.worker)).toEqual([survivor.worker]);
    await expect.poll(async () => (await queued('test.hang')).length).toBe(0);
    expect(deadWorker).not.toBe(survivor.worker);
    await survivor.stop();
  });

  it('survives a restart: a job enqueued while no process runs is run by the next one to start', async () => {
    await enqueueJob(db(), { kind: 'test.record', payload: { n: 'restart-1' } });
    // Every runner of this file is stopped: nothing can run it until one starts.
    expect(runners.filter((made) => made.started)).toEqual([]);
    expect(await runsOf('restart-')).toEqual([]);
    const next = runner();
    await next.start();
    await expect.poll(async () => (await runsOf('restart-')).length).toBe(1);
    await next.stop();
  });
});

describe('retries', () => {
  it('follows the backoff schedule, then keeps the job as dead with its last error', async () => {
    const schedule = [1_000, 7_000, 60_000];
    const failing = runner({ random: () => 0.5 });
    let calls = 0;
    failing.define('test.fail', {
      backoffMs: (attempt) => schedule[attempt - 1] ?? 0,
      async run({ attempt }) {
        calls += 1;
        throw new Error(`failure number ${attempt}`);
      },
    });
    await enqueueJob(db(), { kind: 'test.fail', maxAttempts: 4 });
    await failing.start();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expect.poll(() => calls).toBe(attempt);
      await expect.poll(async () => (await queued('test.fail'))[0]?.status).toBe(attempt < 4 ? 'queued' : 'dead');
      const [row] = await selectRows<{ delay_ms: string; attempts: number; last_error: string }>(
        db(),
        sql`select (extract(epoch from (run_at - updated_at)) * 1000)::bigint::text as delay_ms, attempts, last_error
            from jobs where kind = 'test.fail'`,
      );
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toBe(`failure number ${attempt}`);
      if (attempt < 4) {
        delays.push(Number(row?.delay_ms));
        // Instead of waiting out the backoff, bring the next attempt forward.
        await db().execute(sql`update jobs set run_at = now() where kind = 'test.fail'`);
        failing.wake();
      }
    }
    // With the jitter source pinned to its middle, each delay is exactly the schedule's.
    expect(delays).toEqual(schedule);
    // Dead: the stopped runner made no fifth attempt.
    await failing.stop();
    expect(calls).toBe(4);
    await db().delete(jobs).where(eq(jobs.kind, 'test.fail'));
  });

  it('backs off exponentially by default, with at most 20 % of jitter either way', () => {
    expect([1, 2, 3, 4, 5].map(exponentialBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(exponentialBackoffMs(30)).toBe(3_600_000);
    expect(withJitter(10_000, () => 0)).toBe(10_000 * (1 - jitterFraction));
    expect(withJitter(10_000, () => 0.999999)).toBeLessThanOrEqual(10_000 * (1 + jitterFraction));
    expect(withJitter(10_000, () => 0.5)).toBe(10_000);
  });
});

describe('recurring jobs', () => {
  it('keeps one per kind whatever the number of processes, and runs it again after each run', async () => {
    await Promise.all([ensureRecurring(db(), 'test.tick', 1), ensureRecurring(db(), 'test.tick', 1)]);
    expect(await queued('test.tick')).toHaveLength(1);
    const ticker = runner();
    let ticks = 0;
    ticker.define('test.tick', {
      async run() {
        ticks += 1;
      },
    });
    await ticker.start();
    await expect.poll(() => ticks).toBeGreaterThanOrEqual(2);
    await ticker.stop();
    const [row] = await queued('test.tick');
    expect(row).toMatchObject({ status: 'queued', repeatSeconds: 1, attempts: 0 });
    await ensureRecurring(db(), 'test.tick', null);
    expect(await queued('test.tick')).toEqual([]);
  });
});

describe('stopping (DESIGN §18: graceful shutdown)', () => {
  it('lets a running job finish, and hands back at once, uncounted, one that does not end', async () => {
    // The grace a running job has to end is a hundred times what the finishing job needs once released (two short
    // statements); the stuck one is handed back after it.
    const stopping = runner({ stopGraceMs: 3_000 });
    let release: () => void = () => undefined;
    const finishing = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    stopping.define('test.finishing', {
      async run() {
        started += 1;
        await finishing;
        await db().execute(sql`insert into job_runs (job, worker) values ('finishing-1', ${stopping.worker})`);
      },
    });
    // A job that never ends and ignores being asked to stop.
    stopping.define('test.stuck', { run: () => new Promise<void>(() => undefined) });
    await enqueueJob(db(), { kind: 'test.finishing' });
    await enqueueJob(db(), { kind: 'test.stuck', maxAttempts: 3 });
    await stopping.start();
    await expect.poll(() => started).toBe(1);
    await expect.poll(async () => (await queued('test.stuck'))[0]?.status).toBe('running');

    const stopped = stopping.stop();
    release();
    await stopped;
    expect(await runsOf('finishing-')).toHaveLength(1);
    expect(await queued('test.finishing')).toEqual([]);
    const [stuck] = await queued('test.stuck');
    expect(stuck).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null, lastError: null });
    expect(stuck?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    await db().delete(jobs).where(eq(jobs.kind, 'test.stuck'));
  });
});
