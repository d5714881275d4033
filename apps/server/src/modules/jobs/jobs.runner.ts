import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import * as repo from './jobs.repository';

export interface JobContext {
  /** The job's own payload, as it was enqueued. */
  payload: Record<string, unknown>;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the process shuts down or loses the job's lease: stop early, the job runs again elsewhere. */
  signal: AbortSignal;
}

export interface JobDefinition {
  run(context: JobContext): Promise<void>;
  /**
   * Delay before the retry that follows failed attempt `attempt` (1-based), before jitter. Defaults to exponential
   * backoff from 5 s, doubling, capped at one hour.
   */
  backoffMs?: (attempt: number) => number;
}

export interface JobRunnerOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often to look for due jobs when no notification came (DESIGN §14's polling fallback). */
  pollMs: number;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** A claimed job is this process's for this long; it is renewed every third of it while the job runs. */
  leaseSeconds?: number;
  /** Source of jitter, in [0, 1); tests pin it. */
  random?: () => number;
  /** How long stopping lets running jobs finish before asking them to stop (5 s unless set). */
  stopGraceMs?: number;
}

/** How long a job asked to stop has to notice before its lease is handed back anyway. */
const abortGraceMs = 1_000;

/** Resolves true when `work` settles within `ms`, false otherwise. */
const settlesWithin = (work: Promise<unknown>, ms: number) =>
  Promise.race([
    work.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);

/** The default retry schedule: 5 s, 10 s, 20 s, … one hour at most. */
export const exponentialBackoffMs = (attempt: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));

/** Up to 20 % either way, so jobs that failed together do not all come back in the same instant. */
export const jitterFraction = 0.2;

export function withJitter(delayMs: number, random: () => number): number {
  return Math.round(delayMs * (1 - jitterFraction + 2 * jitterFraction * random()));
}

/**
 * The job runner of DESIGN §14, one per server process. It claims due jobs with `FOR UPDATE SKIP LOCKED`, so any
 * number of processes share one queue and a job runs on one of them at a time; it wakes on the NOTIFY that every
 * enqueue sends and otherwise polls. A running job's lease is renewed until it ends; if the process dies, the lease
 * lapses and another process claims the job. A failed job is retried after its backoff (with jitter) until its last
 * attempt, then kept as `dead`.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const runner: Runner = {
    options,
    db: options.database.db,
    log: options.log,
    worker: `${process.pid}:${randomUUID()}`,
    leaseSeconds: options.leaseSeconds ?? 30,
    random: options.random ?? Math.random,
    definitions: new Map(),
    schedules: new Map(),
    running: new Map(),
    stopped: true,
    looking: null,
    lookAgain: false,
    timer: undefined,
    leaseTimer: undefined,
    unlisten: null,
  };
  const { definitions, schedules, running } = runner;

  return {
    worker: runner.worker,
    /** Registers what a kind of job does; every process registers the same kinds. */
    define(kind: string, definition: JobDefinition) {
      definitions.set(kind, definition);
    },
    /**
     * Makes a kind of job recur every so many seconds once the runner's process starts (null: not in this
     * configuration, and a recurring one left from another configuration is removed).
     */
    schedule(kind: string, everySeconds: number | null) {
      schedules.set(kind, everySeconds);
    },
    /** The recurring kinds of job, each with its period in seconds (null: not recurring here). */
    get schedules(): [string, number | null][] {
      return [...schedules];
    },
    start: () => startRunner(runner),
    /** Looks for due jobs now (tests, and callers that just enqueued outside a transaction). */
    wake: () => wake(runner),
    /**
     * Stops claiming and lets the running jobs finish (their leases still renewed); a job still running after the
     * grace is asked to stop, and whatever has not ended a second later is handed back: queued again at once, its
     * attempt not counted, for another process (or the next start) to run, instead of waiting for its lease to lapse.
     */
    stop: () => stopRunner(runner),
    /** The kinds of job this process runs. */
    get kinds(): string[] {
      return [...definitions.keys()];
    },
    /** Whether the runner was started and not stopped since: it claims due jobs. */
    get started() {
      return !runner.stopped;
    },
    /** Whether the runner is looking for due jobs right now (between looks it sleeps until a NOTIFY or its poll). */
    get looking() {
      return runner.looking !== null;
    },
    /** Jobs this process is running now. */
    get busy() {
      return running.size;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** A job runner's settings and its state, which the steps below share. */
interface Runner {
  readonly options: JobRunnerOptions;
  readonly db: Database['db'];
  readonly log: FastifyBaseLogger;
  /** This process's name on the jobs it claims. */
  readonly worker: string;
  readonly leaseSeconds: number;
  readonly random: () => number;
  readonly definitions: Map<string, JobDefinition>;
  readonly schedules: Map<string, number | null>;
  readonly running: Map<string, { job: repo.ClaimedJob; abort: AbortController; done: Promise<void> }>;
  stopped: boolean;
  looking: Promise<void> | null;
  lookAgain: boolean;
  timer: NodeJS.Timeout | undefined;
  leaseTimer: NodeJS.Timeout | undefined;
  unlisten: (() => Promise<void>) | null;
}

async function startRunner(runner: Runner) {
  if (!runner.stopped) return;
  runner.stopped = false;
  runner.unlisten = await runner.options.database.listen(repo.jobsChannel, () => wake(runner));
  runner.leaseTimer = setInterval(
    () => {
      renew(runner).catch((error: unknown) => runner.log.warn({ err: error }, 'renewing job leases failed'));
    },
    (runner.leaseSeconds * 1000) / 3,
  );
  runner.leaseTimer.unref();
  wake(runner);
}

async function stopRunner(runner: Runner) {
  const { running, options } = runner;
  if (runner.stopped) return;
  runner.stopped = true;
  clearTimeout(runner.timer);
  await runner.unlisten?.();
  await runner.looking;
  const allDone = () => Promise.all([...running.values()].map((entry) => entry.done));
  if (!(await settlesWithin(allDone(), options.stopGraceMs ?? 5_000))) {
    for (const { abort } of running.values()) abort.abort(new Error('shutting down'));
    await settlesWithin(allDone(), abortGraceMs);
  }
  clearInterval(runner.leaseTimer);
  const left = [...running.keys()];
  if (left.length > 0) {
    runner.log.warn({ jobs: left.length }, 'jobs still running at shutdown were handed back');
    await repo.releaseJobs(runner.db, runner.worker, left);
  }
}

/** Looks for due jobs, or, while a look is under way, makes it look once more. */
function wake(runner: Runner) {
  if (runner.stopped) return;
  if (runner.looking) {
    runner.lookAgain = true;
    return;
  }
  runner.looking = lookForWork(runner)
    .catch((error: unknown) => {
      runner.log.warn({ err: error }, 'looking for jobs failed; trying again at the next poll');
      clearTimeout(runner.timer);
      runner.timer = setTimeout(() => wake(runner), runner.options.pollMs);
      runner.timer.unref();
    })
    .finally(() => {
      runner.looking = null;
    });
}

/** Claims and starts jobs while there are free slots and due jobs; then sleeps until the next due one or a poll. */
async function lookForWork(runner: Runner) {
  const { db, worker, running, options } = runner;
  do {
    runner.lookAgain = false;
    while (!runner.stopped && running.size < options.concurrency) {
      const claimed = await repo.claimJobs(db, worker, options.concurrency - running.size, runner.leaseSeconds);
      for (const job of claimed) startJob(runner, job);
      if (claimed.length === 0) break;
    }
  } while (runner.lookAgain && !runner.stopped);
  if (runner.stopped) return;
  const untilNext = running.size < options.concurrency ? await repo.msUntilNextJob(db) : null;
  clearTimeout(runner.timer);
  runner.timer = setTimeout(() => wake(runner), Math.max(10, Math.min(untilNext ?? options.pollMs, options.pollMs)));
  runner.timer.unref();
}

function startJob(runner: Runner, job: repo.ClaimedJob) {
  const abort = new AbortController();
  const done = execute(runner, job, abort)
    .catch((error: unknown) => runner.log.error({ err: error, job: job.id }, 'could not record the outcome of a job'))
    .finally(() => {
      runner.running.delete(job.id);
      // On the next turn of the event loop, not in this chain of promises: the embedded database answers without
      // waiting on the network, so a backlog of jobs (a fresh demo's month) would otherwise run one after the other
      // without ever letting the server accept a connection or answer a request in between.
      setImmediate(() => wake(runner));
    });
  runner.running.set(job.id, { job, abort, done });
}

/** Runs a claimed job and records how it ended: done, failed (to retry or dead), or handed back at shutdown. */
async function execute(runner: Runner, job: repo.ClaimedJob, abort: AbortController) {
  const { db, worker, log } = runner;
  const definition = runner.definitions.get(job.kind);
  try {
    if (!definition) throw new Error(`no handler for jobs of kind ${job.kind}`);
    if (job.attempts > job.maxAttempts) throw new Error('the process running its last attempt stopped');
    await definition.run({ payload: job.payload, attempt: job.attempts, signal: abort.signal });
    if (!(await repo.completeJob(db, worker, job))) {
      log.warn({ job: job.id, kind: job.kind }, 'a job finished after its lease was lost; it may run again');
    }
  } catch (error) {
    if (runner.stopped && abort.signal.aborted) {
      // Stopped by the shutdown, not failed: handed back at once, its attempt not counted.
      await repo.releaseJobs(db, worker, [job.id]);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const delayMs = job.attempts > job.maxAttempts ? null : delayAfterFailure(job, definition, runner.random);
    log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delayMs, error: message }, 'job failed');
    await repo.failJob(db, worker, job, message, delayMs);
  }
}

/** How long after a failed attempt the job runs again; null: never, it is dead. */
function delayAfterFailure(job: repo.ClaimedJob, definition: JobDefinition | undefined, random: () => number) {
  if (job.repeatSeconds !== null) {
    // A recurring job never dies: it tries again after its backoff, or at its next run if that comes first.
    return Math.min(withJitter(exponentialBackoffMs(job.attempts), random), job.repeatSeconds * 1000);
  }
  if (job.attempts >= job.maxAttempts) return null;
  return withJitter((definition?.backoffMs ?? exponentialBackoffMs)(job.attempts), random);
}

async function renew(runner: Runner) {
  const { running } = runner;
  const ids = [...running.keys()];
  const held = await repo.renewLeases(runner.db, runner.worker, ids, runner.leaseSeconds);
  for (const id of ids) {
    if (!held.has(id)) running.get(id)?.abort.abort(new Error('lease lost'));
  }
}
