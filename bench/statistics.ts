/**
 * Statistics and directions at a million orders (issue "Statistics"): the summary's refresh (first, idle, after one
 * change today) and the screens' calls through the whole server, beside a bare Fastify answering in the same process
 * (`inject`) and beside the same sums read straight from the orders and the ledger (what the summary saves). Not a
 * test.
 *
 *   npm run statistics --workspace bench          (add `-- --keep` to keep the database)
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_ROWS [1000000],
 * BENCH_REPEAT [15].
 */
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, selectRows } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { flowExecutors, flows } from '../apps/server/src/modules/flows/flows.table';
import { requisites } from '../apps/server/src/modules/requisites/requisites.table';
import { refreshDirections, refreshStatistics } from '../apps/server/src/modules/statistics/statistics.refresh';
import { Client, createUser, testPassword, testSecretsKey } from '../apps/server/test/harness';
import { fillSql, settlementsSql } from './orders-bulk';
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
const databaseName = 'paydesk_bench_statistics';

async function measure(call: () => Promise<{ statusCode?: number; body?: string } | unknown>) {
  const times: number[] = [];
  let last: unknown;
  for (let run = 0; run < repeat; run += 1) {
    const started = process.hrtime.bigint();
    last = await call();
    times.push(msSince(started));
  }
  const values = sorted(times);
  return { median: values[Math.floor(values.length / 2)] ?? 0, slowest: values.at(-1) ?? 0, last };
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
  await db.execute(
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
  const heavy = traders[0]?.id as string;
  await db.execute(
    sql.raw(
      settlementsSql({
        hold: await account(heavy, 'hold'),
        reward: await account(heavy, 'available'),
        revenue: await account(null, 'revenue'),
      }),
    ),
  );
  await db.execute(sql`vacuum analyze`);
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

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(merchants[0]?.username as string, testPassword);
  const trader = await new Client(app).signIn(traders[0]?.username as string, testPassword);
  const calls: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['admin: GET /order/statistic/', () => admin.get('/api/inner/order/statistic/')],
    [
      'admin: … one merchant, a week',
      () =>
        admin.get(
          `/api/inner/order/statistic/?filter[merchant]=${merchants[0]?.id}&filter[date_from]=${new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10)}`,
        ),
    ],
    ['merchant: GET /my/order/statistic/', () => merchant.get('/api/inner/my/order/statistic/')],
    ['trader: GET /my/order/statistic/', () => trader.get('/api/inner/my/order/statistic/')],
    ['admin: GET /direction', () => admin.get('/api/inner/direction')],
    ['admin: GET /direction/RUB.USDT.card', () => admin.get('/api/inner/direction/RUB.USDT.card')],
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
  for (const [name, call] of calls) {
    const warm = await call();
    if (warm.statusCode !== 200) throw new Error(`${name}: status ${warm.statusCode} ${warm.body.slice(0, 300)}`);
    const result = await measure(call);
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
