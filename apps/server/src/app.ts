import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { authMaintenance } from './modules/auth/auth.maintenance';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
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
}

/** Secrets and passwords never reach the logs. */
const redact = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]', '*.password'];

export async function buildApp({ config, database, logger }: AppOptions) {
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
  const auth = createAuthService(database.db, config);
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/inner', auth });
  await authMaintenance(app);
  await app.register(usersRoutes, { prefix: '/api/inner', users: createUsersService(database.db) });
  await app.register(accountRoutes, { prefix: '/api/inner', account: createAccountService(database.db) });

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
