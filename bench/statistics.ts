/**
 * Statistics and directions at a million orders (issue "Statistics"): the summary's refresh (first, idle, after one
 * change today) and the screens' calls through the whole server, beside a bare Fastify answering in the same process
 * (`inject`) and beside the same sums read straight from the orders and the ledger (what the summary saves). Not a
 * test.
 *
 *   npm run statistics --workspace bench          (add `-- --keep` to keep the database)
 *
 * Every answer is checked, and a failed check stops the run with exit code 1: each call answers 200; each statistic's
 * RUB and USDT sums are the paid orders' count and amounts summed straight from the table (all, one merchant over a
 * week, the merchant's own, the trader's own); the directions name RUB.USDT.card with every flow and trader; the
 * first refresh sums every day of the orders and the one after a change one day.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_ROWS [1000000], BENCH_REPEAT [15], BENCH_KEEP=1.
 */
import { cpus } from 'node:os';
import { parseAmount } from '@paydesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { flowExecutors, flows } from '../apps/server/src/modules/flows/flows.table';
import { requisites } from '../apps/server/src/modules/requisites/requisites.table';
import { refreshDirections, refreshStatistics } from '../apps/server/src/modules/statistics/statistics.refresh';
import { Client, createUser, testPassword } from '../apps/server/test/harness';
import { runAppBench } from './bench-app';
import { fillSql, settlementsSql } from './orders-bulk';
import { check, checkStatus, msSince, numberSetting, printRows, secondsSince, timeCalls, watchCpu } from './support';

const rows = Math.floor(numberSetting('BENCH_ROWS', 1_000_000));
const repeat = Math.floor(numberSetting('BENCH_REPEAT', 15));

interface PaidSums {
  orders: number;
  /** Minor units, as text (bigint sums). */
  fiat: string;
  crypto: string;
}

/** A statistic's sums (RUB and USDT rows) must be the paid orders' count and amounts summed straight from the table. */
function checkSums(name: string, body: string, truth: PaidSums) {
  const { sum } = (JSON.parse(body) as { data: { statistic: { sum: SumRow[] } } }).data.statistic;
  for (const [code, fraction, minor] of [
    ['RUB', 2, truth.fiat],
    ['USDT', 6, truth.crypto],
  ] as const) {
    const row = sum.find((candidate) => candidate.currency.code === code);
    check(
      row && row.orders === truth.orders && parseAmount(row.amount, fraction) === BigInt(minor),
      () =>
        `${name}: ${code} ${row ? `${row.orders} orders, ${row.amount}` : 'missing'}; the table says ${truth.orders} paid orders, ${minor} minor units`,
    );
  }
}
interface SumRow {
  orders: number;
  amount: string;
  currency: { code: string };
}

/** The directions list names RUB.USDT.card with every flow and every trader executing it. */
const checkDirections = (flowCount: number, traderCount: number) => (name: string, body: string) => {
  const rows = (JSON.parse(body) as { data: { items?: DirectionRow[] } | DirectionRow[] }).data;
  const list = Array.isArray(rows) ? rows : (rows.items ?? []);
  const card = list.find((row) => row.id === 'RUB.USDT.card');
  check(
    card && card.flows.total === flowCount && card.executors.total >= traderCount,
    () =>
      `${name}: RUB.USDT.card ${JSON.stringify(card ?? 'missing')}, expected ${flowCount} flows, ${traderCount}+ executors`,
  );
};
interface DirectionRow {
  id: string;
  flows: { total: number };
  executors: { total: number };
}

/** A direction's details list every flow and every trader executing it. */
const checkDirection = (flowCount: number, traderCount: number) => (name: string, body: string) => {
  const { flows, executors } = (JSON.parse(body) as { data: { flows: unknown[]; executors: { type: string }[] } }).data;
  const tradersListed = executors.filter((executor) => executor.type === 'trader').length;
  check(
    flows.length === flowCount && tradersListed === traderCount,
    `${name}: ${flows.length} flows and ${tradersListed} traders, expected ${flowCount} and ${traderCount}`,
  );
};

const measure = <T>(call: () => Promise<T>) => timeCalls(repeat, call);

await runAppBench('statistics', async ({ database: opened, app, bulk, bare, version, started }) => {
  const db = opened.db;
  const root = await createUser(opened, { type: 'admin', username: 'root', isRoot: true });
  const merchants = await Promise.all(
    Array.from({ length: 20 }, (_, index) => createUser(opened, { type: 'merchant', username: `merchant${index}` })),
  );
  const traders = await Promise.all(
    Array.from({ length: 51 }, (_, index) =>
      createUser(opened, { type: 'trader', username: `trader${index}`, insurancePaid: true }),
    ),
  );
  const partner = await createUser(opened, { type: 'partner', username: 'partner' });
  const flowIds = merchants.map(() => newId());
  await db.insert(flows).values(
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
  // Every trader executes every flow with a card, and the first also takes SBP: the directions' live counts.
  await db.insert(flowExecutors).values(
    flowIds.flatMap((flowId) =>
      [...traders, partner].map((user) => ({
        id: newId(),
        flowId,
        userId: user.id,
        executorType: user === partner ? 'partner' : 'trader',
        priority: 5,
      })),
    ),
  );
  await db.insert(requisites).values(
    traders.flatMap((trader, index) => [
      {
        id: newId(),
        userId: trader.id,
        name: 'Card',
        currency: 'RUB',
        paymentOption: 'card',
        paymentType: 'sberbank',
        attributes: { card_number: `4276${String(index).padStart(12, '0')}`, holder: 'IVAN PETROV' },
      },
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
  const account = async (ownerId: string | null, kind: string) => {
    await db.execute(
      sql`insert into ledger_accounts (id, owner_id, kind, currency)
          select ${newId()}::uuid, ${ownerId}::uuid, ${kind}, 'USDT'
          where not exists (select 1 from ledger_accounts where owner_id is not distinct from ${ownerId}::uuid
                            and kind = ${kind} and currency = 'USDT')`,
    );
    const [found] = await selectRows<{ id: string }>(
      db,
      sql`select id from ledger_accounts where owner_id is not distinct from ${ownerId}::uuid and kind = ${kind}
          and currency = 'USDT'`,
    );
    return found?.id as string;
  };
  await bulk.db.execute(sql.raw(settlementsSql(await account(null, 'revenue'))));
  await bulk.db.execute(sql`vacuum analyze`);
  console.log(`filled ${rows} orders and their settlements in ${secondsSince(fillStart).toFixed(1)} s`);

  const timed = async (work: () => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    const result = await work();
    return { ms: msSince(start), result };
  };
  const first = await timed(() => refreshStatistics(db));
  const idle = await timed(() => refreshStatistics(db));
  await db.execute(
    sql`update orders set updated_at = now() where id = (select id from orders order by created_at desc limit 1)`,
  );
  const today = await timed(() => refreshStatistics(db));
  const directions = await timed(() => refreshDirections(db));
  const [summaryRows] = await selectRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from order_stats_daily`,
  );
  const [days] = await selectRows<{ count: number }>(
    db,
    sql`select count(distinct (created_at at time zone 'UTC')::date)::int as count from orders`,
  );
  check(
    (first.result as string[]).length === days?.count && (today.result as string[]).length === 1,
    `the first refresh summed ${(first.result as string[]).length} days of ${days?.count}, the one after a change ${(today.result as string[]).length} (expected 1)`,
  );

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(merchants[0]?.username as string, testPassword);
  const trader = await new Client(app).signIn(traders[0]?.username as string, testPassword);
  // The truth the answers are checked against, summed straight from the orders: paid ones, as the screens count.
  const weekAgo = new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10);
  const heavyMerchant = merchants[0]?.id as string;
  const heavyTrader = traders[0]?.id as string;
  const paidSums = async (where: SQL) => {
    const [row] = await selectRows<PaidSums>(
      db,
      sql`select count(*)::int as orders, coalesce(sum(fiat_amount_minor), 0)::text as fiat,
            coalesce(sum(crypto_amount_minor), 0)::text as crypto
          from orders where status = 'paid' and ${where}`,
    );
    if (!row) throw new Error('no sums');
    return row;
  };
  const truths = {
    all: await paidSums(sql`true`),
    week: await paidSums(sql`merchant_id = ${heavyMerchant} and created_at >= ${`${weekAgo}T00:00:00Z`}::timestamptz`),
    merchant: await paidSums(sql`merchant_id = ${heavyMerchant}`),
    trader: await paidSums(sql`executor_id = ${heavyTrader}`),
  };
  const sums = (truth: PaidSums) => (name: string, body: string) => checkSums(name, body, truth);
  const calls: [string, () => Promise<{ statusCode: number; body: string }>, (name: string, body: string) => void][] = [
    ['admin: GET /order/statistic/', () => admin.get('/api/inner/order/statistic/'), sums(truths.all)],
    [
      'admin: … one merchant, a week',
      () => admin.get(`/api/inner/order/statistic/?filter[merchant]=${heavyMerchant}&filter[date_from]=${weekAgo}`),
      sums(truths.week),
    ],
    ['merchant: GET /my/order/statistic/', () => merchant.get('/api/inner/my/order/statistic/'), sums(truths.merchant)],
    ['trader: GET /my/order/statistic/', () => trader.get('/api/inner/my/order/statistic/'), sums(truths.trader)],
    ['admin: GET /direction', () => admin.get('/api/inner/direction'), checkDirections(flowIds.length, traders.length)],
    [
      'admin: GET /direction/RUB.USDT.card',
      () => admin.get('/api/inner/direction/RUB.USDT.card'),
      checkDirection(flowIds.length, traders.length),
    ],
  ];
  // What the summary saves: the admin's sums read straight from a million orders and their settlements.
  const direct = () =>
    db.execute(
      sql`select o.fiat, o.crypto, count(*), sum(o.fiat_amount_minor), sum(o.crypto_amount_minor),
                 sum(t.amount_minor) filter (where t.code = 'order_reward'),
                 sum(t.amount_minor) filter (where t.code = 'order_fee')
          from orders o left join ledger_transfers t on t.reference_id = o.id
          where o.status = 'paid' group by o.fiat, o.crypto`,
    );

  const cpu = watchCpu();
  const baseline = await measure(() => bare.inject({ method: 'GET', url: '/' }));
  const results: [string, number, number][] = [];
  for (const [name, call, checkBody] of calls) {
    const warm = await call();
    checkStatus(name, warm);
    checkBody(name, warm.body);
    const result = await timeCalls(repeat, call, { check: (response) => checkStatus(name, response) });
    checkBody(name, result.last.body);
    results.push([name, result.median, result.slowest]);
  }
  const straight = await measure(direct);
  const used = cpu();

  console.log(`\n${'call'.padEnd(40)}${'median ms'.padStart(11)}${'slowest ms'.padStart(12)}${'× bare'.padStart(9)}`);
  console.log(
    `${'bare Fastify (inject)'.padEnd(40)}${baseline.median.toFixed(2).padStart(11)}${baseline.slowest.toFixed(2).padStart(12)}${'1'.padStart(9)}`,
  );
  for (const [name, median, slowest] of results) {
    console.log(
      `${name.padEnd(40)}${median.toFixed(1).padStart(11)}${slowest.toFixed(1).padStart(12)}${(median / baseline.median).toFixed(0).padStart(9)}`,
    );
  }
  console.log(
    `${'the same sums straight from orders'.padEnd(40)}${straight.median.toFixed(1).padStart(11)}${straight.slowest.toFixed(1).padStart(12)}${(straight.median / baseline.median).toFixed(0).padStart(9)}`,
  );
  const adminCall = results[0]?.[1] ?? 0;
  console.log('');
  printRows([
    ['summary refresh, first (every day)', `${first.ms.toFixed(0)} ms, ${(first.result as string[]).length} days`],
    ['summary refresh, nothing changed', `${idle.ms.toFixed(1)} ms`],
    ['summary refresh, one order today', `${today.ms.toFixed(0)} ms, ${(today.result as string[]).length} day`],
    ['directions refresh', `${directions.ms.toFixed(0)} ms`],
    ['summary rows', String(summaryRows?.count)],
    ['admin statistic vs straight SQL', `${(straight.median / adminCall).toFixed(1)}× faster through the summary`],
    ['cpu while measuring', used.text],
    [
      'settings',
      `${rows} orders, ${repeat} calls each, PostgreSQL ${version}, ${cpus().length} cores, total ${secondsSince(started).toFixed(0)} s`,
    ],
  ]);
  if (used.other > 20) console.log(`warning: other processes used ${used.other}% of a core while measuring`);
});
