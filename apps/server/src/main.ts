import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import { symbols } from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUse } from './db/data-dir-lock';
import { seedDemo } from './db/seed';
import { listenFailure, startFailure } from './db/start-failure';
import { createSecrets, loadSecretsKey, SecretsKeyError } from './lib/secrets';
import { sealPlainSecrets } from './modules/users/users.module';
import { paydeskVersion } from './version';

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
      lockMs: config.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  await database.migrate();
} catch (error) {
  // A wrong DATABASE_URL (or a database that is down) is an operator's mistake: one readable line, no stack.
  const reason = error instanceof DataDirInUse ? `${error.message}.` : startFailure(error, config.DATABASE_URL);
  process.stderr.write(`Paydesk cannot start: ${reason}\n`);
  process.exit(1);
}
const sealed = await sealPlainSecrets(database.db, secrets);
const app = await buildApp({ config: { ...config, WEB_DIST_DIR: webDist }, database, secrets, workers: true });
if (sealed > 0) app.log.info({ users: sealed }, 'secrets stored in plain text were sealed');

if (config.demo && app.demo) {
  const seeded = await seedDemo(database.db, config, app.demo, app.demoTraffic);
  if (seeded.length > 0) app.log.info({ users: seeded }, 'demo platform seeded');
}

/** Past this, a shutdown that has not finished ends the process anyway. */
const shutdownLimitMs = 10_000;

/**
 * SIGTERM or SIGINT (DESIGN §18): new requests are refused (503, the listener closed), those in flight and the running
 * jobs finish (what cannot is handed back to the queue), sockets are closed, then the database.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing the requests and jobs in flight');
  const force = setTimeout(() => {
    app.log.error({ limitMs: shutdownLimitMs }, 'shutdown took too long; stopping now');
    process.exit(1);
  }, shutdownLimitMs);
  force.unref();
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Under `npm start` the server stops with the script that started it, however that one ended (even SIGKILL): the
// IPC channel between them closes.
if (process.env.PAYDESK_STOP_WITH_PARENT === '1' && process.connected) {
  process.on('disconnect', () => {
    // The log went to that script through a pipe nobody reads any more, where a write would be retried for ever:
    // what is still logged goes nowhere.
    const logStream = (app.log as unknown as Record<symbol, { fd?: number } | undefined>)[symbols.streamSym];
    if (logStream && typeof logStream.fd === 'number') logStream.fd = openSync('/dev/null', 'w');
    void shutdown('parent exited');
  });
}

try {
  await app.listen({ port: config.PORT, host: config.host });
} catch (error) {
  // A port someone else holds is an operator's matter: one readable line, no stack trace.
  process.stderr.write(`Paydesk cannot start: ${listenFailure(error, config.PORT, config.host)}\n`);
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(1);
}
const address = app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
app.log.info(
  {
    url,
    version: paydeskVersion,
    database: database.kind,
    // Which folder the embedded database is in: `npm start` and `npm run dev` both resolve it from the repository.
    ...(database.kind === 'pglite' ? { dataDir: resolve(config.DATA_DIR) } : {}),
    startupMs: Math.round(performance.now() - startedAt),
  },
  'Paydesk is running',
);
if (config.demo) {
  // Through the log's own stream, which writes in the background: the banner comes after what was logged before it.
  const logStream = (app.log as unknown as Record<symbol, { write(text: string): void } | undefined>)[
    symbols.streamSym
  ];
  const print = (text: string) => (logStream ? logStream.write(text) : process.stdout.write(text));
  print(
    `\n  Paydesk ${paydeskVersion} is running at ${url}\n` +
      '  Demo sign-ins (password paydesk-demo): root, support, merchant, trader, trader2, agent, partner\n\n',
  );
}
