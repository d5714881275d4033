// One server for bench/payer-page.ts, in a process of its own so the load generator never shares its event loop:
//   bare <file>  a bare Fastify answering GET / with the HTML in <file> (the page's own bytes), the baseline; and
//                GET /pay/:token reading the page's context first, the page's one statement through the server's own
//                database layer (findContext) on BENCH_URL, then the same bytes: the floor of any page that reads it
//   postgres     Paydesk on BENCH_URL (a migrated database) with one merchant and one trader, and one pay-in made
//                through the signed merchant API: its payment_url is the page measured
// It prints {"port", "path"} on stdout once it listens, counts the statements it sends to PostgreSQL (answered on its
// IPC channel: "statements" → the count so far), and stops on SIGTERM.
import { readFileSync } from 'node:fs';
import { createPaydeskClient } from '@paydesk/api-client';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { findContext } from '../apps/server/src/modules/payer-page/payer-page.module';
import { testSecretsKey } from '../apps/server/test/harness';
import { listen, stopOnSigterm } from './child-server';
import { apiCredentials, seedWorld } from './orders-world';

const [mode, file] = process.argv.slice(2);

/** Every statement a pooled client sends, counted where pg sends it. */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
process.on('message', (message) => {
  if (message === 'statements') process.send?.({ statements });
});

if (mode === 'bare' && file) {
  const html = readFileSync(file, 'utf8');
  const database = await openDatabase({ databaseUrl: process.env.BENCH_URL, dataDir: 'unused' });
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html),
  );
  app.get<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
    const context = await findContext(database.db, request.params.token);
    if (!context) return reply.status(404).send();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
  process.stdout.write(`${JSON.stringify({ port: await listen(app), path: '/' })}\n`);
  stopOnSigterm(app, database);
} else if (mode === 'postgres' && process.env.BENCH_URL) {
  const databaseUrl = process.env.BENCH_URL;
  const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SECRETS_KEY: testSecretsKey });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const world = await seedWorld(database, { traders: 1, requisites: 4, fundsUsdt: '10000' });
  const port = await listen(app);
  const api = createPaydeskClient({
    baseUrl: `http://127.0.0.1:${port}`,
    ...(await apiCredentials(app, world.merchant.id)),
  });
  const { response, data, error } = await api.POST('/api/v1/orders', {
    params: { header: { 'Idempotency-Key': 'bench-payer-page' } },
    body: { type: 'pay_in', amount: '1500', currency: 'RUB', client_order_id: 'bench-payer-page', language: 'en' },
  });
  const pageUrl = data?.data.payment_url;
  if (response.status !== 201 || !pageUrl) {
    process.stderr.write(`create: ${response.status} ${JSON.stringify(error ?? data)}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ port, path: new URL(pageUrl).pathname })}\n`);
  stopOnSigterm(app, database);
} else {
  process.stderr.write('usage: payer-page-server.ts bare <html file> | postgres (with BENCH_URL)\n');
  process.exit(2);
}
