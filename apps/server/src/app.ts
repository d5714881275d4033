import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { authMaintenance } from './modules/auth/auth.maintenance';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createEventHub } from './modules/events/events.bus';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { createDemoChain, type DemoChain } from './modules/payments/sources/demo';
import { createTronGridWatcher } from './modules/payments/sources/trongrid';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { createWalletsService, loadDepositKey, type WalletsService } from './modules/wallets/wallets.service';
import { contextPlugin } from './plugins/context';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { rbacPlugin } from './plugins/rbac';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Starts the background work: the TronGrid deposit watcher (when TRONGRID_URL is set) and, in demo mode, the
   * simulated chain. The server process sets it; tests call the same pieces directly.
   */
  workers?: boolean;
}

/** The money services, for the demo seed and the command line. */
export interface MoneyServices {
  payments: PaymentsService;
  wallets: WalletsService;
  demo: DemoChain | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    money: MoneyServices;
  }
}

/** Secrets and passwords never reach the logs. */
const redact = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', '*.password'];

export async function buildApp({ config, database, logger, workers = false }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact },
    trustProxy: config.TRUST_PROXY ?? false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins first, in the order a request meets them.
  await app.register(contextPlugin, { config, database });
  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin);
  await app.register(rbacPlugin);

  // Feature modules.
  const { db } = database;
  const wallets = createWalletsService(db, config, await loadDepositKey(db, config, app.log));
  const payments = createPaymentsService(db, config);
  const demo = config.demo ? createDemoChain({ db, config, payments, wallets, log: app.log }) : null;
  app.decorate('money', { payments, wallets, demo });
  const auth = createAuthService(db, config, wallets);
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/inner', auth });
  await authMaintenance(app);
  await app.register(usersRoutes, { prefix: '/api/inner', users: createUsersService(db) });
  await app.register(accountRoutes, { prefix: '/api/inner', account: createAccountService(db) });
  await app.register(walletsRoutes, { prefix: '/api/inner', wallets });
  await app.register(paymentsRoutes, { prefix: '/api/inner', payments, demo });
  await app.register(ledgerRoutes, { prefix: '/api/inner' });
  await app.register(eventsRoutes, { hub: createEventHub(database, app.log) });
  if (workers) startWorkers(app, config, demo);

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

function startWorkers(app: FastifyInstance, config: Config, demo: DemoChain | null) {
  const watcher = config.TRONGRID_URL
    ? createTronGridWatcher({ db: app.db, config, payments: app.money.payments, log: app.log })
    : null;
  app.addHook('onReady', async () => {
    watcher?.start();
    demo?.start();
  });
  app.addHook('preClose', async () => {
    demo?.stop();
    await watcher?.stop();
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
