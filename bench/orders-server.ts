// The server of bench/orders.ts, in a process of its own so the load generator never shares its event loop: Paydesk on
// BENCH_URL (migrated here), production mode, the API rate limit out of the way, and the world of orders-world.ts with
// BENCH_TRADERS traders of BENCH_REQUISITES cards each. Once it listens it prints one line of JSON: the port, the
// merchant's API key and secret, and each trader's key, secret and card numbers (a pay-in names the card to pay to,
// which is how the load generator knows whose "paid" it is). It stops on SIGTERM.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { requisites } from '../apps/server/src/modules/requisites/requisites.table';
import { testSecretsKey, testXpub } from '../apps/server/test/harness';
import { apiCredentials, seedWorld } from './orders-world';

const databaseUrl = process.env.BENCH_URL;
if (!databaseUrl) throw new Error('BENCH_URL is required');
const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
await database.migrate();
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
const world = await seedWorld(database, {
  traders: Number(process.env.BENCH_TRADERS ?? 100),
  requisites: Number(process.env.BENCH_REQUISITES ?? 3),
  fundsUsdt: '1000000',
});
const cards = new Map<string, string>();
for (const row of await database.db.select({ id: requisites.id, attributes: requisites.attributes }).from(requisites)) {
  cards.set(row.id, row.attributes.card_number ?? '');
}
const traders = [];
for (const trader of world.traders) {
  traders.push({
    ...(await apiCredentials(app, trader.id)),
    cards: trader.requisiteIds.map((id) => cards.get(id) ?? ''),
  });
}
const merchant = await apiCredentials(app, world.merchant.id);
await database.db.execute(sql`vacuum analyze`);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port), merchant, traders })}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0)),
);
