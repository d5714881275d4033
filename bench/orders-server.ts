// The server of bench/orders.ts, in a process of its own so the load generator never shares its event loop: Paydesk on
// BENCH_URL, production mode, the API rate limit out of the way. Two bench-only hooks, here and nowhere else:
// - the database pool keeps its idle connections (no idle timeout), as it does under steady traffic: the bench drives
//   this server in slices with pauses between them, and reads the CPU of the database backends by their pids;
// - `pg.Client.prototype.query` is wrapped to count the statements this process sends and to time each run of the
//   statement that posts the money (the ledger's own, `ledger_post_by_key`, or a transaction's deferred writes that
//   carry its transfers), which takes the account locks: its time is the lock wait plus a fraction of a millisecond. GET /counters on a second port (127.0.0.1) answers
//   `{"statements": <sent since start>, "ledger_ms": [<durations since the last call>]}`.
// With BENCH_SEED=1 (the default) it migrates and builds the world of orders-world.ts (BENCH_MERCHANTS merchants,
// BENCH_TRADERS traders of BENCH_REQUISITES cards each) and issues API keys. With BENCH_SEED=0 it is a second process
// on a database another one seeded: it neither migrates nor issues secrets (the bench reuses the first one's).
// Once it listens it prints one line of JSON: the port, the counters port, and when seeding each merchant's API key
// and secret and each trader's key, secret and card numbers (a pay-in names the card to pay to, which is how the load
// generator knows whose "paid" it is). It stops on SIGTERM.
import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { requisites } from '../apps/server/src/modules/requisites/requisites.table';
import { testSecretsKey, testXpub } from '../apps/server/test/harness';
import { apiCredentials, seedWorld } from './orders-world';

const counters = { statements: 0, ledgerMs: [] as number[] };
/** The statement that posts a pay-in's money: the ledger's own, or the deferred writes that carry it (issue 33). */
const postsMoney = (first: unknown) => {
  const { name, text } = (first ?? {}) as { name?: unknown; text?: unknown };
  return name === 'ledger_post_by_key' || (typeof text === 'string' && text.includes('insert into ledger_transfers'));
};
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  counters.statements += 1;
  if (!postsMoney(args[0])) return query.apply(this, args);
  const sent = process.hrtime.bigint();
  const took = () => counters.ledgerMs.push(Number(process.hrtime.bigint() - sent) / 1e6);
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...result: unknown[]) => {
      took();
      return callback(...result);
    };
    return query.apply(this, args);
  }
  return (query.apply(this, args) as Promise<unknown>).finally(took);
};
const { Pool } = pg;
pg.Pool = class extends Pool {
  constructor(options?: pg.PoolConfig) {
    super({ idleTimeoutMillis: 0, ...options });
  }
};

const databaseUrl = process.env.BENCH_URL;
if (!databaseUrl) throw new Error('BENCH_URL is required');
const seeding = process.env.BENCH_SEED !== '0';
const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
if (seeding) await database.migrate();
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DEMO: 'false',
  DEPOSIT_XPUB: testXpub,
  SECRETS_KEY: testSecretsKey,
  DATABASE_URL: databaseUrl,
  API_RATE_LIMIT_PER_SECOND: '1000000',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

async function seed() {
  const world = await seedWorld(database, {
    traders: Number(process.env.BENCH_TRADERS ?? 100),
    requisites: Number(process.env.BENCH_REQUISITES ?? 3),
    merchants: Number(process.env.BENCH_MERCHANTS ?? 1),
    fundsUsdt: '1000000',
  });
  const cards = new Map<string, string>();
  for (const row of await database.db
    .select({ id: requisites.id, attributes: requisites.attributes })
    .from(requisites)) {
    cards.set(row.id, row.attributes.card_number ?? '');
  }
  const traders = [];
  for (const trader of world.traders) {
    traders.push({
      ...(await apiCredentials(app, trader.id)),
      cards: trader.requisiteIds.map((id) => cards.get(id) ?? ''),
    });
  }
  const merchants = [];
  for (const { merchant } of world.merchants) merchants.push(await apiCredentials(app, merchant.id));
  await database.db.execute(sql`vacuum analyze`);
  return { merchants, traders };
}

const seeded = seeding ? await seed() : {};
const counterServer = createServer((request, response) => {
  if (request.url !== '/counters') {
    response.writeHead(404).end();
    return;
  }
  const body = JSON.stringify({ statements: counters.statements, ledger_ms: counters.ledgerMs });
  counters.ledgerMs = [];
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise<void>((resolve) => counterServer.listen(0, '127.0.0.1', resolve));
const countersPort = (counterServer.address() as { port: number }).port;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port), countersPort, ...seeded })}\n`);
// BENCH_PROFILE=<dir>: a CPU profile of this server from the moment it listens (seeding aside) to its stop, written
// as <dir>/orders-server-<pid>.cpuprofile for Chrome's DevTools or a script (where does a pay-in's CPU go).
const profiling = process.env.BENCH_PROFILE ? await startProfile() : null;
async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}
async function stopProfile() {
  if (!profiling) return;
  const { profile } = await profiling.post('Profiler.stop');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const dir = process.env.BENCH_PROFILE as string;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/orders-server-${process.pid}.cpuprofile`, JSON.stringify(profile));
}
process.on('SIGTERM', () => {
  counterServer.close();
  void stopProfile()
    .then(() => app.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
});
