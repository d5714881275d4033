import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustedProxies } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { type FileStorage, localDiskStorage } from './lib/file-storage';
import { createSecrets, loadSecretsKey, type Secrets } from './lib/secrets';
import { accountRoutes } from './modules/account/account.module';
import {
  antiFraudCheckJob,
  antiFraudRoutes,
  antiFraudSweepJob,
  antiFraudSweepSeconds,
  runChecks,
  runOverdueSweep,
} from './modules/anti-fraud/anti-fraud.module';
import { apiV1 } from './modules/api/api.module';
import { authRoutes, authSweepJob, type CurrentUsers, createCurrentUsers } from './modules/auth/auth.module';
import { disputesRoutes } from './modules/disputes/disputes.module';
import { createEventHub, eventsRoutes } from './modules/events/events.module';
import { createRateFeed, flowsRoutes } from './modules/flows/flows.module';
import { healthRoutes } from './modules/health/health.module';
import { createJobRunner, ensureRecurring, type JobDefinition, type JobRunner } from './modules/jobs/jobs.module';
import { ledgerRoutes } from './modules/ledger/ledger.module';
import { openapiRoutes } from './modules/openapi/openapi.module';
import {
  createDemoTraffic,
  type DemoTraffic,
  expireJob,
  expireOrder,
  expirySweepJob,
  expirySweepSeconds,
  ordersRoutes,
  sweepExpiredOrders,
} from './modules/orders/orders.module';
import { partnersRoutes } from './modules/partners/partners.module';
import {
  createDemoChain,
  createTronGridWatcher,
  type DemoChain,
  paymentsRoutes,
} from './modules/payments/payments.module';
import { loadReferenceData, type ReferenceData, referenceRoutes } from './modules/reference/reference.module';
import { requisitesRoutes } from './modules/requisites/requisites.module';
import {
  directionsRefreshJob,
  directionsRefreshSeconds,
  refreshDirections,
  refreshStatistics,
  statisticsRefreshJob,
  statisticsRefreshSeconds,
  statisticsRoutes,
} from './modules/statistics/statistics.module';
import {
  deviceApi,
  heartbeatSweepJob,
  heartbeatSweepSeconds,
  sweepLostConnections,
  terminalsRoutes,
} from './modules/terminals/terminals.module';
import { usersRoutes } from './modules/users/users.module';
import {
  createWalletsService,
  loadDepositKey,
  type WalletsService,
  walletsRoutes,
} from './modules/wallets/wallets.module';
import { webhookDelivery, webhookJob } from './modules/webhooks/webhooks.module';
import { contextPlugin } from './plugins/context';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin, loggableError } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { registerOpenapi } from './plugins/openapi';
import { rbacPlugin } from './plugins/rbac';
import { RequestLogController } from './plugins/request-log';
import { clientRefusal, routerRefusal } from './plugins/router-refusals';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The key that seals secrets at rest; read from the configuration when absent (lib/secrets.ts). */
  secrets?: Secrets;
  /**
   * Starts the job runner (DESIGN §14) with the recurring jobs of this configuration: session sweeping, the TronGrid
   * watcher (when TRONGRID_URL is set) and demo mode's simulated chain. The server process sets it; tests start the
   * runner or run a job's work themselves.
   */
  workers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallets: WalletsService;
    /** Currencies, payment options and types (DESIGN §8): fixed by migration, read once. */
    reference: ReferenceData;
    /** This process's short memory of current users (modules/auth/current-user.ts). */
    currentUsers: CurrentUsers;
    /** Demo mode's simulated chain; null outside demo mode. */
    demo: DemoChain | null;
    /** Demo mode's live orders; null outside demo mode. */
    demoTraffic: DemoTraffic | null;
    jobs: JobRunner;
    /** Uploaded files, outside the database (DESIGN §12). */
    files: FileStorage;
  }
}

/** Jobs that run again and again, each every so many seconds (null: not in this configuration). */
type RecurringJobs = Record<string, { every: number | null; definition: JobDefinition }>;

/** Secrets and passwords never reach the logs; neither do the values of a failed query (plugins/errors.ts). */
const redact = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
];

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function trusting that many hops next to the server
 * (Fastify trusts nobody for a bare number), as Express reads a number: the rightmost addresses of X-Forwarded-For,
 * which the trusted proxies appended, are believed and whatever a client prepended is not.
 */
function trustProxyOption(trusted: TrustedProxies) {
  if (typeof trusted !== 'number') return trusted;
  return (_address: string, hop: number) => hop < trusted;
}

export async function buildApp({ config, database, logger, secrets, workers = false }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact, serializers: { err: loggableError } },
    trustProxy: trustProxyOption(config.TRUST_PROXY ?? false),
    logController: new RequestLogController(),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    frameworkErrors: routerRefusal,
    clientErrorHandler: clientRefusal,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: Deps = { db: database.db, config, secrets: secrets ?? createSecrets(loadSecretsKey(config)) };

  // Cross-cutting plugins first, in the order a request meets them.
  await app.register(contextPlugin, { config, database, deps });
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin);
  await app.register(rbacPlugin);

  // Services of the process, then the feature modules.
  const wallets = createWalletsService(deps.db, config, await loadDepositKey(deps.db, config, app.log));
  const demo = config.demo ? createDemoChain({ db: deps.db, config, wallets }) : null;
  const reference = await loadReferenceData(deps.db);
  app.decorate('reference', reference);
  app.decorate('files', localDiskStorage(config.FILES_DIR ?? join(resolve(config.DATA_DIR), 'files')));
  const demoTraffic = config.demo ? createDemoTraffic({ db: deps.db, config, reference, files: app.files }) : null;
  app.decorate('demoTraffic', demoTraffic);
  const demoJobs: RecurringJobs = { ...demo?.jobs, ...demoTraffic?.jobs };
  const currentUsers = createCurrentUsers(deps, wallets);
  const hub = createEventHub(database, app.log);
  app.decorate('wallets', wallets);
  app.decorate('currentUsers', currentUsers);
  app.decorate('demo', demo);
  // What this process keeps of a user is dropped when anything about the user changes: an event of the user (its
  // money moved), a change announced through the database, or any change the user itself just made.
  hub.subscribeAll((event) => currentUsers.forget(event.userId));
  app.sessions.onUserChanged((userId) => currentUsers.forget(userId));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') currentUsers.forget(request.user.id);
    return payload;
  });
  app.decorate('jobs', defineJobs(deps, database, app.log, demoJobs, reference));

  await app.register(healthRoutes);
  await app.register(metricsPlugin);
  // The web app's API, with its own OpenAPI document; the merchant and executor API beside it, with its own.
  await app.register(
    async (inner) => {
      await registerOpenapi(inner, {
        title: 'Paydesk inner API',
        description:
          'The API of the Paydesk web app: session cookie, the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN on every ' +
          'call that changes state, and x-language (en, ru) for localized messages. Every answer is an envelope: ' +
          '{ success: true, data } or { success: false, error: { code, message }, localized_message, errors? }.',
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: config.SESSION_COOKIE_NAME },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
        // As the hooks decide: the session for every route but the public ones, the echoed token for every call
        // that changes state (DESIGN §3).
        securityOf: ({ method, access, csrf }) => {
          const changes = !['GET', 'HEAD', 'OPTIONS'].includes(method) && csrf !== false;
          const needs = [...(access === 'public' ? [] : ['session']), ...(changes ? ['xsrf'] : [])];
          return needs.length > 0 ? [needs] : [];
        },
      });
      for (const routes of [
        authRoutes,
        usersRoutes,
        accountRoutes,
        walletsRoutes,
        paymentsRoutes,
        ledgerRoutes,
        referenceRoutes,
        requisitesRoutes,
        flowsRoutes,
        partnersRoutes,
        ordersRoutes,
        terminalsRoutes,
        disputesRoutes,
        antiFraudRoutes,
        statisticsRoutes,
        openapiRoutes,
      ]) {
        await inner.register(routes);
      }
    },
    { prefix: '/api/inner' },
  );
  await app.register(apiV1, { prefix: '/api/v1' });
  await app.register(deviceApi, { prefix: '/api/device/v1' });
  await app.register(eventsRoutes, { hub });
  if (workers) {
    app.addHook('onReady', async () => {
      await ensureRecurringJobs(deps, demoJobs);
      await app.jobs.start();
    });
    // Shutting down (DESIGN §18), the running jobs finish while the requests in flight do; the database closes after.
    let jobsStopped: Promise<void> | null = null;
    app.addHook('preClose', async () => {
      jobsStopped = app.jobs.stop();
    });
    app.addHook('onClose', async () => {
      await (jobsStopped ?? app.jobs.stop());
    });
  }

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

/** One job runner per process; every process knows every kind of job of its configuration. */
function defineJobs(
  deps: Deps,
  database: Database,
  log: FastifyBaseLogger,
  demoJobs: RecurringJobs,
  reference: ReferenceData,
): JobRunner {
  const { config, db } = deps;
  const runner = createJobRunner({ database, log, pollMs: config.JOB_POLL_MS, concurrency: config.JOB_CONCURRENCY });
  runner.define('auth.sweep', authSweepJob(db, config.SESSION_IDLE_MINUTES));
  if (config.TRONGRID_URL) runner.define('deposits.poll', createTronGridWatcher({ db, config, log }).job);
  if (config.RATE_FEED_URL) runner.define('rates.poll', createRateFeed({ db, config, reference, log }).job);
  runner.define(expireJob, { run: ({ payload }) => expireOrder({ db, config, reference }, String(payload.orderId)) });
  runner.define(expirySweepJob, { run: () => sweepExpiredOrders({ db, config, reference }) });
  runner.define(webhookJob, webhookDelivery(deps, log));
  runner.define(heartbeatSweepJob, { run: () => sweepLostConnections(deps).then(() => undefined) });
  runner.define(antiFraudCheckJob, {
    run: async ({ payload }) => {
      const event = String(payload.event) as 'created' | 'canceled' | 'disputed';
      await runChecks(db, (payload.orderIds as string[]) ?? [], event);
    },
  });
  runner.define(antiFraudSweepJob, { run: () => runOverdueSweep(db).then(() => undefined) });
  runner.define(statisticsRefreshJob, { run: () => refreshStatistics(db).then(() => undefined) });
  runner.define(directionsRefreshJob, { run: () => refreshDirections(db) });
  for (const [kind, job] of Object.entries(demoJobs)) runner.define(kind, job.definition);
  return runner;
}

/** The recurring jobs of this configuration: one of each in the queue, whatever the number of processes. */
async function ensureRecurringJobs(deps: Deps, demoJobs: RecurringJobs) {
  const { config, db } = deps;
  await ensureRecurring(db, 'auth.sweep', config.SESSION_SWEEP_SECONDS);
  await ensureRecurring(db, 'deposits.poll', config.TRONGRID_URL ? config.DEPOSIT_POLL_SECONDS : null);
  await ensureRecurring(db, 'rates.poll', config.RATE_FEED_URL ? config.RATE_FEED_POLL_SECONDS : null);
  await ensureRecurring(db, expirySweepJob, expirySweepSeconds);
  await ensureRecurring(db, heartbeatSweepJob, heartbeatSweepSeconds);
  await ensureRecurring(db, antiFraudSweepJob, antiFraudSweepSeconds);
  await ensureRecurring(db, statisticsRefreshJob, statisticsRefreshSeconds);
  await ensureRecurring(db, directionsRefreshJob, directionsRefreshSeconds);
  for (const [kind, job] of Object.entries(demoJobs)) await ensureRecurring(db, kind, job.every);
}

export type App = Awaited<ReturnType<typeof buildApp>>;
