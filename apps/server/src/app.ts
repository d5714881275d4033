import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { appEvents, neededSubscribers } from './app-events';
import type { Config, TrustedProxies } from './config';
import type { Database } from './db/client';
import { createDemoTraffic, type DemoTraffic } from './demo/traffic';
import type { Deps } from './deps';
import { requestBodyLimit } from './http/body-limit';
import type { ZodApp } from './http/route';
import type { TrustedHop } from './http/transport';
import { type FileStorage, localDiskStorage } from './lib/file-storage';
import { createSecrets, loadSecretsKey, type Secrets } from './lib/secrets';
import { accountModule } from './modules/account/account.module';
import { antiFraudModule } from './modules/anti-fraud/anti-fraud.module';
import { apiModule } from './modules/api/api.module';
import {
  authModule,
  type CurrentUsers,
  createCurrentUsers,
  sessionStore,
  socketSessions,
} from './modules/auth/auth.module';
import { disputesModule, openDispute } from './modules/disputes/disputes.module';
import { createEventHub, eventsModule } from './modules/events/events.module';
import { flowsModule } from './modules/flows/flows.module';
import { healthModule } from './modules/health/health.module';
import { createJobRunner, ensureRecurring, type JobDefinition, type JobRunner } from './modules/jobs/jobs.module';
import { ledgerModule } from './modules/ledger/ledger.module';
import { openapiModule } from './modules/openapi/openapi.module';
import { ordersModule } from './modules/orders/orders.module';
import { partnersModule } from './modules/partners/partners.module';
import { payerLinksModule } from './modules/payer-links/payer-links.module';
import { payerPageModule, payerPageSite } from './modules/payer-page/payer-page.module';
import { createDemoChain, type DemoChain, paymentsModule } from './modules/payments/payments.module';
import { loadReferenceData, type ReferenceData, referenceModule } from './modules/reference/reference.module';
import { requisitesModule } from './modules/requisites/requisites.module';
import { statisticsModule } from './modules/statistics/statistics.module';
import { deviceApi, terminalsModule } from './modules/terminals/terminals.module';
import { sessionsChannel, usersModule } from './modules/users/users.module';
import {
  createWalletsService,
  loadDepositKey,
  type WalletsService,
  walletsModule,
} from './modules/wallets/wallets.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
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
  /** Where Paydesk's own logger writes instead of standard output (a test reads what was logged). */
  logStream?: DestinationStream;
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
 * Fastify's trustProxy for TRUST_PROXY, as one function that the router's own refusals use too (Fastify builds their
 * request without it). A hop count trusts that many hops next to the server (Fastify trusts nobody for a bare
 * number), as Express reads a number: the rightmost addresses of X-Forwarded-For, which the trusted proxies appended,
 * are believed and whatever a client prepended is not. A list trusts those addresses and CIDRs, as Fastify would.
 */
function trustProxyFunction(trusted: TrustedProxies): TrustedHop {
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return proxyAddr.compile(trusted);
}

export async function buildApp({ config, database, logger, logStream, secrets, workers = false }: AppOptions) {
  const app = createFastify(config, logger, logStream);
  const deps: Deps = { db: database.db, config, secrets: secrets ?? createSecrets(loadSecretsKey(config)) };
  await registerCrossCutting(app, config, database, deps);
  const hub = await decorateServices(app, database, deps);

  await app.register(healthModule);
  await app.register(metricsPlugin);
  // The web app's API, with its own OpenAPI document; the merchant and executor API beside it, with its own.
  await app.register((inner) => registerInnerApi(inner, config), { prefix: '/api/inner' });
  // The edges that open disputes get the disputes module's opening here: no edge imports another (DESIGN §17).
  await app.register(apiModule, { prefix: '/api/v1', openDispute });
  await app.register(deviceApi, { prefix: '/api/device/v1' });
  await app.register(payerPageSite, { hub, openDispute });
  await app.register(eventsModule, { hub, sessions: socketSessions });
  // Every module has subscribed to the events it hears: the app does not start without one it needs (DESIGN §17).
  appEvents.assertSubscribed(neededSubscribers);
  if (workers) runJobsWithApp(app, deps);

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

/** The Fastify instance with Paydesk's logger, proxies, request ids, limits and refusals, validating by zod. */
function createFastify(config: Config, logger: AppOptions['logger'], logStream: AppOptions['logStream']) {
  const logController = new RequestLogController();
  const trusted = trustProxyFunction(config.TRUST_PROXY ?? false);
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact,
      // A request is logged by its method and its path, without the query and without the secrets in the path.
      serializers: { err: loggableError, req: logController.serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trusted,
    logController,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: requestBodyLimit,
    frameworkErrors: routerRefusal(trusted),
    clientErrorHandler: clientRefusal,
    // While closing, plugins/errors.ts answers 503 in the envelope with Retry-After.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  logController.watch(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Cross-cutting plugins first, in the order a request meets them. */
async function registerCrossCutting(app: ZodApp, config: Config, database: Database, deps: Deps) {
  await app.register(contextPlugin, { config, database, deps });
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin, {
    store: { ...sessionStore, changesChannel: sessionsChannel },
  });
  await app.register(rbacPlugin);
}

/** The services of the process, decorated on the app before the feature modules; returns the hub of live events. */
async function decorateServices(app: ZodApp, database: Database, deps: Deps) {
  const { config } = deps;
  const wallets = createWalletsService(deps.db, config, await loadDepositKey(deps.db, config, app.log));
  const demo = config.demo ? createDemoChain({ db: deps.db, config, wallets }) : null;
  const reference = await loadReferenceData(deps.db);
  app.decorate('reference', reference);
  app.decorate('files', localDiskStorage(config.FILES_DIR ?? join(resolve(config.DATA_DIR), 'files')));
  const demoTraffic = config.demo
    ? createDemoTraffic({ db: deps.db, config, reference, files: app.files, secrets: deps.secrets })
    : null;
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
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') currentUsers.forget(request.user.id);
    done(null, payload);
  });
  const jobs = createJobRunner({
    database,
    log: app.log,
    pollMs: config.JOB_POLL_MS,
    concurrency: config.JOB_CONCURRENCY,
  });
  for (const [kind, job] of Object.entries(demoJobs)) {
    jobs.define(kind, job.definition);
    jobs.schedule(kind, job.every);
  }
  app.decorate('jobs', jobs);
  return hub;
}

/**
 * The modules of the web app's API (DESIGN §17), in the order they register: each registers its routes and its jobs and
 * subscribes to what the core announces. The edges follow the core they subscribe to.
 */
const innerModules = [
  authModule,
  usersModule,
  accountModule,
  walletsModule,
  paymentsModule,
  ledgerModule,
  referenceModule,
  requisitesModule,
  flowsModule,
  partnersModule,
  ordersModule,
  webhooksModule,
  terminalsModule,
  disputesModule,
  payerLinksModule,
  payerPageModule,
  antiFraudModule,
  statisticsModule,
  openapiModule,
];

/** The web app's API under /api/inner: its OpenAPI document, then its modules. */
async function registerInnerApi(inner: ZodApp, config: Config) {
  await registerOpenapi(inner, {
    title: 'Paydesk inner API',
    bodyLimit: requestBodyLimit,
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
  for (const module of innerModules) await inner.register(module);
}

/** With workers, the job runner starts once the app is ready and stops with it. */
function runJobsWithApp(app: ZodApp, deps: Deps) {
  app.addHook('onReady', async () => {
    for (const [kind, every] of app.jobs.schedules) await ensureRecurring(deps.db, kind, every);
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

export type App = Awaited<ReturnType<typeof buildApp>>;
