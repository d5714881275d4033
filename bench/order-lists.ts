/**
 * Order lists at a million orders (issue "Orders"): each role's list through the whole server (routing, session,
 * validation, SQL with the total, serialisation), page 1 and page 500, beside a bare Fastify answering in the same
 * process the same way (`inject`). Not a test.
 *
 *   npm run order-lists --workspace bench          (add `-- --keep` to keep the database)
 *
 * A PostgreSQL database paydesk_bench_order_lists is migrated and filled straight with SQL (generate_series, triggers
 * off: the lists only read the rows): BENCH_ROWS orders over 20 merchants and 20 flows, one merchant holding half of
 * them; half executed by one trader, a tenth by a partner, the rest by 50 other traders; a fifth are pay-outs, most
 * are paid. Then VACUUM ANALYZE, as autovacuum would. Each call is made BENCH_REPEAT times; the table shows the
 * median, the slowest, and the median as a multiple of the bare Fastify's. The goal is a median <= 25 ms.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_ROWS [1000000],
 * BENCH_REPEAT [15].
 */
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { flowExecutors, flows } from '../apps/server/src/modules/flows/flows.table';
import { partnerSystems } from '../apps/server/src/modules/partners/partners.table';
import { Client, createUser, testPassword, testSecretsKey } from '../apps/server/test/harness';
import { fillSql } from './orders-bulk';
import {
  drop,
  msSince,
  numberSetting,
  printRows,
  recreate,
  secondsSince,
  serverVersion,
  sorted,
  urlOf,
  watchCpu,
} from './support';

const rows = Math.floor(numberSetting('BENCH_ROWS', 1_000_000));
const repeat = Math.floor(numberSetting('BENCH_REPEAT', 15));
const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
const databaseName = 'paydesk_bench_order_lists';

async function measure(call: () => Promise<{ statusCode: number; body: string }>) {
  const times: number[] = [];
  let status = 0;
  let body = '';
  for (let run = 0; run < repeat; run += 1) {
    const started = process.hrtime.bigint();
    const response = await call();
    times.push(msSince(started));
    status = response.statusCode;
    body = response.body;
  }
  const values = sorted(times);
  return { median: values[Math.floor(values.length / 2)] ?? 0, slowest: values.at(-1) ?? 0, status, body };
}

const version = await serverVersion();
const started = process.hrtime.bigint();
await recreate(databaseName);
const opened = await openDatabase({ databaseUrl: urlOf(databaseName), dataDir: 'unused' });
await opened.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: urlOf(databaseName), SECRETS_KEY: testSecretsKey });
const app = await buildApp({ config, database: opened, logger: false });
await app.ready();
const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.ready();
let exitCode = 0;
try {
  const root = await createUser(opened, { type: 'admin', username: 'root', isRoot: true });
  const merchants = await Promise.all(
    Array.from({ length: 20 }, (_, index) => createUser(opened, { type: 'merchant', username: `merchant${index}` })),
  );
  const traders = await Promise.all(
    Array.from({ length: 51 }, (_, index) => createUser(opened, { type: 'trader', username: `trader${index}` })),
  );
  const partner = await createUser(opened, { type: 'partner', username: 'partner' });
  await opened.db.insert(partnerSystems).values({
    id: newId(),
    userId: partner.id,
    title: 'Bench partner',
    slug: 'bench-partner',
    paymentMethod: 'card',
    fiatCurrencies: ['RUB'],
    paymentOptions: ['card'],
  });
  const flowIds = merchants.map(() => newId());
  await opened.db.insert(flows).values(
    merchants.map((merchant, index) => ({
      id: flowIds[index] as string,
      name: `Flow ${index}`,
      merchantId: merchant.id,
      fiat: 'RUB',
      crypto: 'USDT',
      isActive: true,
      rateSource: 'manual',
      manualRate: '92.5',
    })),
  );
  // The heavy trader and the partner execute every flow: their lists include the pay-outs waiting to be taken.
  await opened.db.insert(flowExecutors).values(
    flowIds.flatMap((flowId) => [
      { id: newId(), flowId, userId: traders[0]?.id as string, executorType: 'trader', priority: 5 },
      { id: newId(), flowId, userId: partner.id, executorType: 'partner', priority: 5 },
    ]),
  );
  const fillStart = process.hrtime.bigint();
  await opened.db.execute(
    sql.raw(
      fillSql(
        rows,
        merchants.map((user) => user.id),
        flowIds,
        traders.map((user) => user.id),
        partner.id,
      ),
    ),
  );
  await opened.db.execute(sql`vacuum analyze`);
  const fillSeconds = secondsSince(fillStart);
  console.log(`filled ${rows} orders in ${fillSeconds.toFixed(1)} s`);

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(merchants[0]?.username as string, testPassword);
  const trader = await new Client(app).signIn(traders[0]?.username as string, testPassword);
  const partnerClient = await new Client(app).signIn(partner.username, testPassword);
  const calls: [string, Client, string][] = [];
  for (const [role, client, path] of [
    ['admin', admin, '/api/inner/order'],
    ['merchant', merchant, '/api/inner/merchant/order'],
    ['trader', trader, '/api/inner/trader/order'],
    ['partner', partnerClient, '/api/inner/partner/order'],
  ] as const) {
    calls.push([`${role}: GET ${path.replace('/api/inner', '')}`, client, path]);
    calls.push([`${role}: … page 500`, client, `${path}?page=500`]);
  }

  const cpu = watchCpu();
  const baseline = await measure(() => bare.inject({ method: 'GET', url: '/' }));
  const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
  for (const [name, client, path] of calls) {
    await client.get(path); // warm-up: plans, caches
    const result = await measure(() => client.get(path));
    if (result.status !== 200) throw new Error(`${name}: status ${result.status} ${result.body.slice(0, 300)}`);
    results.push([name, result]);
  }
  const used = cpu();

  console.log(
    `\n${'call'.padEnd(36)}${'median ms'.padStart(11)}${'slowest ms'.padStart(12)}${'× bare'.padStart(9)}  rows  total`,
  );
  console.log(
    `${'bare Fastify (inject)'.padEnd(36)}${baseline.median.toFixed(2).padStart(11)}${baseline.slowest.toFixed(2).padStart(12)}${'1'.padStart(9)}`,
  );
  let slowestMedian = 0;
  for (const [name, result] of results) {
    const data = (
      JSON.parse(result.body) as {
        data: { items: unknown[]; context: { pagination: { total_count: number; total_is_estimate?: boolean } } };
      }
    ).data;
    const { pagination } = data.context;
    const total = `${pagination.total_is_estimate ? '~' : ''}${pagination.total_count}`;
    slowestMedian = Math.max(slowestMedian, result.median);
    console.log(
      `${name.padEnd(36)}${result.median.toFixed(1).padStart(11)}${result.slowest.toFixed(1).padStart(12)}${(result.median / baseline.median).toFixed(0).padStart(9)}  ${String(data.items.length).padStart(4)}  ${total}`,
    );
  }
  console.log('');
  printRows([
    ['cpu while measuring', used.text],
    [
      'settings',
      `${rows} orders, ${repeat} calls each, PostgreSQL ${version}, ${cpus().length} cores, total ${secondsSince(started).toFixed(0)} s`,
    ],
  ]);
  if (used.other > 20) console.log(`warning: other processes used ${used.other}% of a core while measuring`);
  console.log(
    slowestMedian <= 25
      ? `goal met: every median <= 25 ms (slowest median ${slowestMedian.toFixed(1)} ms)`
      : `goal missed: a median of ${slowestMedian.toFixed(1)} ms > 25 ms`,
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await app.close();
  await bare.close();
  await opened.close();
  if (keep) console.log(`kept database ${databaseName}`);
  else await drop(databaseName);
}
process.exit(exitCode);
