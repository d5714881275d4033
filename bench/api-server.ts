// One server for bench/api.ts, in a process of its own so the load generator never shares its event loop:
//   bare      a hello-world Fastify, the baseline
//   postgres  Paydesk on BENCH_URL (a migrated database), with a merchant who has deposits and an address
//   pglite    Paydesk on a fresh embedded database in a temporary directory, with the same merchant
// It prints {"port", "username", "password"} on stdout once it listens, and stops on SIGTERM.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createUser, fund, testPassword, testXpub } from '../apps/server/test/harness';
import { listen, stopOnSigterm } from './child-server';

const mode = process.argv[2];
const secretsKey = Buffer.alloc(32, 3).toString('base64');

if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const port = await listen(app);
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  stopOnSigterm(app);
} else if (mode === 'postgres' || mode === 'pglite') {
  const databaseUrl = mode === 'postgres' ? process.env.BENCH_URL : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-api-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    DEPOSIT_XPUB: testXpub,
    SECRETS_KEY: secretsKey,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const merchant = await createUser(database, { type: 'merchant' });
  for (const amount of ['100', '250.5', '42']) await fund(app, merchant.id, amount);
  const port = await listen(app);
  process.stdout.write(`${JSON.stringify({ port, username: merchant.username, password: testPassword })}\n`);
  stopOnSigterm(app, database);
} else {
  process.stderr.write('usage: api-server.ts bare|postgres|pglite\n');
  process.exit(2);
}
