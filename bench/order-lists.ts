/**
 * Order lists at a million orders (issue "Orders"): each role's list through the whole server (routing, session,
 * validation, SQL with the total, serialisation), page 1 and page 500, beside a bare Fastify answering in the same
 * process the same way (`inject`). Not a test.
 *
 *   npm run order-lists --workspace bench          (add `-- --keep` to keep the database)
 *
 * A PostgreSQL database <prefix>order_lists is migrated and filled straight with SQL (generate_series, triggers
 * off: the lists only read the rows): BENCH_ROWS orders over 20 merchants and 20 flows, one merchant holding half of
 * them; half executed by one trader, a tenth by a partner, the rest by 50 other traders; a fifth are pay-outs, most
 * are paid, the open pay-outs wait to be taken. Then VACUUM ANALYZE, as autovacuum would. Each call is made
 * BENCH_REPEAT times; the table shows the median, the slowest, and the median as a multiple of the bare Fastify's.
 * The goal is a median <= 25 ms.
 *
 * Every call is checked, and a failed check stops the run with exit code 1: each answer is a 200 with a list, the page
 * holds as many rows as the table says that role's page has, the total is the table's count (an estimate above the
 * server's counting limit), rows are newest first and are the role's own (or pay-outs waiting in its flows).
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_ROWS [1000000], BENCH_REPEAT [15], BENCH_KEEP=1.
 */
import { cpus } from 'node:os';
import type { Order } from '@paydesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { flowExecutors, flows } from '../apps/server/src/modules/flows/flows.table';
import { partnerSystems } from '../apps/server/src/modules/users/partner-systems.table';
import { Client, createUser, testPassword } from '../apps/server/test/harness';
import { runAppBench } from './bench-app';
import { checkPage, listOf, type PageExpectation } from './list-checks';
import { fillSql } from './orders-bulk';
import { checkStatus, numberSetting, printRows, secondsSince, timeCalls, watchCpu } from './support';

const rows = Math.floor(numberSetting('BENCH_ROWS', 1_000_000));
const repeat = Math.floor(numberSetting('BENCH_REPEAT', 15));

/** Times `repeat` calls, each of which must answer 200 (or the run stops). */
const measure = (name: string, call: () => Promise<{ statusCode: number; body: string }>) =>
  timeCalls(repeat, call, { check: (answer) => checkStatus(name, answer) });

await runAppBench('order_lists', async ({ database: opened, app, bulk, bare, version, started }) => {
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
  await bulk.db.execute(
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
  await bulk.db.execute(sql`vacuum analyze`);
  const fillSeconds = secondsSince(fillStart);
  console.log(`filled ${rows} orders in ${fillSeconds.toFixed(1)} s`);

  // The truth every page is checked against, counted straight in the table: an executor's list is its own orders
  // and the pay-outs waiting to be taken in the flows it executes.
  const executorTruth = (id: string) =>
    sql`select count(*)::int as count from orders where executor_id = ${id}
        or (type = 'pay_out' and status = 'new' and executor_id is null
            and flow_id in (select flow_id from flow_executors where user_id = ${id}))`;
  const count = async (query: SQL) => (await selectRows<{ count: number }>(opened.db, query))[0]?.count ?? -1;
  const heavyMerchant = merchants[0]?.id as string;
  const heavyTrader = traders[0]?.id as string;
  const truths = {
    admin: await count(sql`select count(*)::int as count from orders`),
    merchant: await count(sql`select count(*)::int as count from orders where merchant_id = ${heavyMerchant}`),
    trader: await count(executorTruth(heavyTrader)),
    partner: await count(executorTruth(partner.id)),
  };
  const waiting = (row: Order) => row.type === 'pay_out' && row.status.slug === 'new' && row.executor === null;
  const belongs: Record<keyof typeof truths, [string, (row: Order) => boolean]> = {
    admin: ['an order', () => true],
    merchant: ["the merchant's", (row) => row.merchant.uuid === heavyMerchant],
    trader: ["the trader's or waiting", (row) => row.executor?.trader?.uuid === heavyTrader || waiting(row)],
    partner: ["the partner's or waiting", (row) => row.executor?.type.slug === 'partner' || waiting(row)],
  };

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(merchants[0]?.username as string, testPassword);
  const trader = await new Client(app).signIn(traders[0]?.username as string, testPassword);
  const partnerClient = await new Client(app).signIn(partner.username, testPassword);
  const calls: [string, Client, string, PageExpectation<Order>][] = [];
  for (const [role, client, path] of [
    ['admin', admin, '/api/inner/order'],
    ['merchant', merchant, '/api/inner/merchant/order'],
    ['trader', trader, '/api/inner/trader/order'],
    ['partner', partnerClient, '/api/inner/partner/order'],
  ] as const) {
    const truth = truths[role];
    const expect = (page: number): PageExpectation<Order> => ({
      truth,
      page,
      dateOf: (row) => row.created_at,
      every: belongs[role],
    });
    // Page 500 unless the list is shorter (a reduced BENCH_ROWS): then its last full page.
    const deep = Math.max(1, Math.min(500, Math.floor(truth / 20)));
    calls.push([`${role}: GET ${path.replace('/api/inner', '')}`, client, path, expect(1)]);
    calls.push([`${role}: … page ${deep}`, client, `${path}?page=${deep}`, expect(deep)]);
  }

  const cpu = watchCpu();
  const baseline = await measure('bare Fastify', () => bare.inject({ method: 'GET', url: '/' }));
  const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
  for (const [name, client, path, expected] of calls) {
    checkPage(name, listOf<Order>(name, await client.get(path)), expected); // warm-up: plans, caches
    const result = await measure(name, () => client.get(path));
    checkPage(name, listOf<Order>(name, result.last), expected);
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
      JSON.parse(result.last.body) as {
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
});
