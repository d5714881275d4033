import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import { selectRows } from '../db/client';
import { DomainError } from '../lib/errors';
import { createFailureLimit } from '../lib/failure-limit';
import { processMetrics } from '../lib/metrics';

/** Gauges read from the database are read at most this often, whatever the number of scrapes (DESIGN §18). */
export const databaseGaugesMaxAgeMs = 15_000;

/** The job kind webhook deliveries run as (modules/webhooks/outbox.ts): its queued jobs are the pending deliveries. */
const webhookJobKind = 'webhooks.deliver';

const httpMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface JobCounts {
  kind: string;
  /** Queued, due or not. */
  queued: number;
  waiting: number;
  running: number;
  failed: number;
}

interface DatabaseSnapshot {
  ready: boolean;
  jobs: JobCounts[];
  oldestDueSeconds: number;
  terminalsEnabled: number;
  terminalLongestSilenceSeconds: number;
}

/** What the gauges show: the jobs by kind and status, the oldest due job, the enabled terminals' silence. */
async function readSnapshot(app: FastifyInstance): Promise<DatabaseSnapshot> {
  const jobs = await selectRows<{ kind: string; queued: string; waiting: string; running: string; failed: string }>(
    app.db,
    sql`select kind,
               count(*) filter (where status = 'queued') as queued,
               count(*) filter (where status = 'queued' and run_at <= now()) as waiting,
               count(*) filter (where status = 'running') as running,
               count(*) filter (where status = 'dead') as failed
        from jobs group by kind`,
  );
  const [due] = await selectRows<{ seconds: string | number | null }>(
    app.db,
    sql`select extract(epoch from now() - min(run_at))::float8 as seconds
        from jobs where status = 'queued' and run_at <= now()`,
  );
  // An enabled terminal open for pay-ins that has forwarded nothing for long has likely stopped reading the bank's
  // messages (a phone asleep, an app killed); silence counts from its last message, else from its approval.
  const [terminals] = await selectRows<{ enabled: string | number; seconds: string | number | null }>(
    app.db,
    sql`select count(*) as enabled,
               max(extract(epoch from now() - coalesce(
                 (select m.received_at from bank_messages m where m.terminal_id = t.id
                  order by m.received_at desc limit 1),
                 t.approved_at, t.created_at)))::float8 as seconds
        from terminals t
        where t.status = 'enabled' and t.deleted_at is null and t.deposit_open`,
  );
  return {
    ready: true,
    jobs: jobs.map((row) => ({
      kind: row.kind,
      queued: Number(row.queued),
      waiting: Number(row.waiting),
      running: Number(row.running),
      failed: Number(row.failed),
    })),
    oldestDueSeconds: Math.max(0, Number(due?.seconds ?? 0)),
    terminalsEnabled: Number(terminals?.enabled ?? 0),
    terminalLongestSilenceSeconds: Math.max(0, Number(terminals?.seconds ?? 0)),
  };
}

/** The database's gauges, read once per `databaseGaugesMaxAgeMs` at most; concurrent scrapes share one read. */
function cachedSnapshot(app: FastifyInstance) {
  let last: { at: number; snapshot: DatabaseSnapshot } | null = null;
  let reading: Promise<DatabaseSnapshot> | null = null;
  return (): Promise<DatabaseSnapshot> => {
    if (last && Date.now() - last.at < databaseGaugesMaxAgeMs) return Promise.resolve(last.snapshot);
    reading ??= readSnapshot(app)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: reading the database gauges failed');
        // The last values stay (stale rather than made up); readiness says the database did not answer.
        return { ...(last?.snapshot ?? emptySnapshot), ready: false };
      })
      .then((snapshot) => {
        last = { at: Date.now(), snapshot };
        return snapshot;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}

const emptySnapshot: DatabaseSnapshot = {
  ready: false,
  jobs: [],
  oldestDueSeconds: 0,
  terminalsEnabled: 0,
  terminalLongestSilenceSeconds: 0,
};

/** The families this app instance exposes beside the process's counters: HTTP latency, the database's gauges. */
function appRegistry(app: FastifyInstance) {
  const registry = new Registry();
  const snapshot = cachedSnapshot(app);
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  databaseGauges(app, snapshot, registers);
  if (app.database.pool()) poolGauges(app, registers);
  return { registry, httpDuration };
}

/** The gauges read from the database: readiness, the jobs by kind and state, the webhooks pending, the terminals. */
function databaseGauges(app: FastifyInstance, snapshot: () => Promise<DatabaseSnapshot>, registers: Registry[]) {
  new Gauge({
    name: 'paydesk_ready',
    help: '1 while the database answers (as /readyz), 0 when it did not at the last read',
    registers,
    async collect() {
      this.set((await snapshot()).ready ? 1 : 0);
    },
  });
  const jobsGauge = (name: string, help: string, pick: (counts: JobCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const { jobs } = await snapshot();
        this.reset();
        // Every kind this process runs has a series, at zero when it has no job of that state.
        for (const kind of app.jobs.kinds) this.set({ kind }, 0);
        for (const counts of jobs) this.set({ kind: counts.kind }, pick(counts));
      },
    });
  jobsGauge('paydesk_jobs_waiting', 'Jobs due and not yet claimed, by kind', (counts) => counts.waiting);
  jobsGauge('paydesk_jobs_running', 'Jobs claimed by a process and running, by kind', (counts) => counts.running);
  jobsGauge('paydesk_jobs_failed', 'Jobs that failed their last attempt (dead), by kind', (counts) => counts.failed);
  new Gauge({
    name: 'paydesk_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has waited to be claimed (0: none waits)',
    registers,
    async collect() {
      this.set((await snapshot()).oldestDueSeconds);
    },
  });
  new Gauge({
    name: 'paydesk_webhook_pending',
    help: 'Webhook deliveries not yet delivered nor given up: being attempted, due, or waiting for their next retry',
    registers,
    async collect() {
      const counts = (await snapshot()).jobs.find((row) => row.kind === webhookJobKind);
      this.set(counts ? counts.queued + counts.running : 0);
    },
  });
  new Gauge({
    name: 'paydesk_terminals_enabled',
    help: 'Enabled terminals open for pay-ins',
    registers,
    async collect() {
      this.set((await snapshot()).terminalsEnabled);
    },
  });
  new Gauge({
    name: 'paydesk_terminal_longest_silence_seconds',
    help: 'The longest time an enabled terminal open for pay-ins has gone without forwarding a bank message',
    registers,
    async collect() {
      this.set((await snapshot()).terminalLongestSilenceSeconds);
    },
  });
}

/** The connection pool's gauges, when the database is reached through a pool (PostgreSQL, not PGlite). */
function poolGauges(app: FastifyInstance, registers: Registry[]) {
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  poolGauge('paydesk_db_pool_connections', 'Connections the pool holds open', () => app.database.pool()?.total ?? 0);
  poolGauge('paydesk_db_pool_idle', 'Open connections waiting for a query', () => app.database.pool()?.idle ?? 0);
  poolGauge(
    'paydesk_db_pool_waiting',
    'Queries waiting for a free connection',
    () => app.database.pool()?.waiting ?? 0,
  );
  poolGauge('paydesk_db_pool_max', 'The most connections the pool opens', () => app.database.pool()?.max ?? 0);
}

/** The bearer token of the request equals the configured one, compared in constant time (over their digests). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics` (DESIGN §18): Prometheus's text format, only when METRICS_TOKEN is set (else 404) and only to
 * `Authorization: Bearer <METRICS_TOKEN>` (else 401). Wrong tokens are throttled per address (issue 31, F8):
 * LOGIN_MAX_FAILURES in LOGIN_WINDOW_SECONDS, then 429 before the token is looked at, until the window ends.
 * HTTP latency is labelled by the route's pattern, never the URL.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { registry, httpDuration } = appRegistry(app);
    const tokenFailures = createFailureLimit(app.config.LOGIN_MAX_FAILURES, app.config.LOGIN_WINDOW_SECONDS);
    app.addHook('onResponse', (request, reply, done) => {
      httpDuration.observe(
        {
          method: httpMethods.has(request.method) ? request.method : 'OTHER',
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get(
      '/metrics',
      { schema: { hide: true }, config: { access: 'public' }, logLevel: 'warn' },
      async (request, reply) => {
        const token = app.config.METRICS_TOKEN;
        if (!token) throw new DomainError('not_found');
        const failureKeys = [request.ip];
        tokenFailures.assertAllowed(failureKeys);
        if (!tokenMatches(request.headers.authorization, token)) {
          tokenFailures.recordFailure(failureKeys);
          throw new DomainError('unauthenticated');
        }
        const merged = Registry.merge([processMetrics, registry]);
        reply.header('content-type', merged.contentType).header('cache-control', 'no-store');
        return merged.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['context', 'errors'] },
);
