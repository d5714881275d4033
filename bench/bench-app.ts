import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { testSecretsKey } from '../apps/server/test/harness';
import { benchDatabase, drop, failureText, recreate, serverVersion, urlOf } from './support';

/**
 * A bench's own PostgreSQL database, made anew and migrated, and the whole server on it with its logs off; `bulk` is a
 * second pool on it without the server's statement timeout, for the fills, VACUUM and checks that read every row (a
 * million rows on a busy machine take longer than any request may). Close both.
 */
export async function benchApp(databaseName: string) {
  await recreate(databaseName);
  const database = await openDatabase({ databaseUrl: urlOf(databaseName), dataDir: 'unused' });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: urlOf(databaseName), SECRETS_KEY: testSecretsKey });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const bulk = await openDatabase({
    databaseUrl: urlOf(databaseName),
    dataDir: 'unused',
    timeouts: { statementMs: 0, lockMs: 0, idleInTransactionMs: 0 },
  });
  return { database, app, bulk };
}

/** What a bench of the whole server works with: its app and database, and bare Fastify to measure beside. */
export type AppBench = Awaited<ReturnType<typeof benchApp>> & {
  /** Bare Fastify answering `GET /` with a small JSON: the baseline every call's time is divided by. */
  bare: ReturnType<typeof Fastify>;
  /** The PostgreSQL server's version, for the settings line. */
  version: string;
  /** When the bench started (process.hrtime.bigint()), for its total time. */
  started: bigint;
  databaseName: string;
};

/**
 * Runs a bench on its own database (`benchApp`) beside bare Fastify: `work` fills, measures and prints; a failure is
 * printed and makes the exit code 1. Everything is closed after, and the database dropped unless `--keep` (or
 * BENCH_KEEP=1) asks to keep it. Ends the process.
 */
export async function runAppBench(name: string, work: (bench: AppBench) => Promise<void>): Promise<never> {
  const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
  const databaseName = benchDatabase(name);
  const version = await serverVersion();
  const started = process.hrtime.bigint();
  const opened = await benchApp(databaseName);
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.ready();
  let exitCode = 0;
  try {
    await work({ ...opened, bare, version, started, databaseName });
  } catch (error) {
    console.error(failureText(error));
    exitCode = 1;
  } finally {
    await opened.app.close();
    await bare.close();
    await opened.database.close();
    await opened.bulk.close();
    if (keep) console.log(`kept database ${databaseName}`);
    else await drop(databaseName);
  }
  process.exit(exitCode);
}
