import { resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { startFailure } from './db/start-failure';
import { createSecrets, loadSecretsKey, SecretsKeyError } from './lib/secrets';
import { sealPlainSecrets } from './modules/users/secrets-at-rest';

const startedAt = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`Paydesk cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const webDist = config.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname;
let secrets: ReturnType<typeof createSecrets>;
try {
  secrets = createSecrets(loadSecretsKey(config));
} catch (error) {
  if (!(error instanceof SecretsKeyError)) throw error;
  process.stderr.write(`Paydesk cannot start: ${error.message}\n`);
  process.exit(1);
}
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  await database.migrate();
} catch (error) {
  // A wrong DATABASE_URL (or a database that is down) is an operator's mistake: one readable line, no stack.
  process.stderr.write(`Paydesk cannot start: ${startFailure(error, config.DATABASE_URL)}\n`);
  process.exit(1);
}
const sealed = await sealPlainSecrets(database.db, secrets);
const app = await buildApp({ config: { ...config, WEB_DIST_DIR: webDist }, database, secrets, workers: true });
if (sealed > 0) app.log.info({ users: sealed }, 'secrets stored in plain text were sealed');

if (config.demo && app.demo) {
  const seeded = await seedDemo(database.db, config, app.demo, app.demoTraffic);
  if (seeded.length > 0) app.log.info({ users: seeded }, 'demo platform seeded');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.host });
const url = `http://localhost:${config.PORT}`;
app.log.info(
  { url, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  'Paydesk is running',
);
if (config.demo) {
  process.stdout.write(
    `\n  Paydesk is running at ${url}\n` +
      '  Demo sign-ins (password paydesk-demo): root, support, merchant, trader, trader2, agent, partner\n\n',
  );
}
