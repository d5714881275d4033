/**
 * Matching latency at 1,000 traders × 3 cards in one flow (issue "Orders"), beside a `select 1` round trip on the same
 * pool in the same loop. Not a test.
 *
 *   npm run matching --workspace bench            (add `-- --keep` to keep the database)
 *
 * Database <prefix>matching, migrated, with the world of orders-world.ts: one merchant, one active RUB/USDT flow
 * and BENCH_TRADERS traders of equal priority with BENCH_REQUISITES cards each. Then BENCH_ORDERS pay-ins are created
 * one by one, each of a random round amount (1,000 to 50,000 RUB in steps of 500, so the rule "one open order of an
 * amount per card" comes into play as orders pile up); every other one is paid by its trader right away (not timed),
 * the rest stay open. For each pay-in, three timings:
 *   select 1   a trivial round trip on the server's pool: the baseline
 *   matching   the matcher itself (matchPayIn of orders/match-pay-in.ts: candidate pages, usage, the requisite's lock and
 *              the re-check) in a transaction of its own that is rolled back, on the state the create then meets
 *   create     the whole creation through the service (createOrder: pricing, matching, hold, order, history, webhook,
 *              expiry job, notes, commit)
 * The first BENCH_WARMUP pay-ins are not counted. The table prints p50 and p99 of each and their ratio to the
 * baseline; the goal is matching p99 <= 20 ms.
 *
 * Checked, and a failed check stops the run with exit code 1: the matcher finds a card for every pay-in, every
 * creation comes back new on a trader's card, every pay-in marked paid is paid; at the end the database holds exactly
 * the pay-ins created, paid and left open, and the ledger (their holds and settlements) reconciles.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX [paydesk_bench_],
 * BENCH_TRADERS [1000],
 * BENCH_REQUISITES [3], BENCH_ORDERS [1000], BENCH_WARMUP [100], BENCH_KEEP=1.
 */
import { cpus } from 'node:os';
import { cryptoCurrency, parseMoney, ratioOfDecimal, USDT } from '@paydesk/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, selectRows } from '../apps/server/src/db/client';
import { flows } from '../apps/server/src/modules/flows/flows.table';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import { matchPayIn } from '../apps/server/src/modules/orders/match-pay-in';
import type { MatchRequest } from '../apps/server/src/modules/orders/matching';
import { createOrder, markPaidByExecutor } from '../apps/server/src/modules/orders/orders.service';
import { cryptoOf, payInHold } from '../apps/server/src/modules/orders/pricing';
import { partyColumns, partyOf } from '../apps/server/src/modules/orders/shares';
import { testSecretsKey, testXpub } from '../apps/server/test/harness';
import { seedWorld } from './orders-world';
import {
  benchDatabase,
  check,
  drop,
  failureText,
  msSince,
  numberSetting,
  percentile,
  printRows,
  reconciliationText,
  recreate,
  secondsSince,
  serverVersion,
  sorted,
  urlOf,
  watchCpu,
} from './support';

const traderCount = Math.floor(numberSetting('BENCH_TRADERS', 1000));
const requisiteCount = Math.floor(numberSetting('BENCH_REQUISITES', 3));
const orderCount = Math.floor(numberSetting('BENCH_ORDERS', 1000));
const warmup = Math.floor(numberSetting('BENCH_WARMUP', 100));
const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
const databaseName = benchDatabase('matching');

/** Thrown to roll the timed matching back: the create that follows meets the same state. */
class Rollback extends Error {}

const version = await serverVersion();
const started = process.hrtime.bigint();
await recreate(databaseName);
const database = await openDatabase({ databaseUrl: urlOf(databaseName), dataDir: 'unused' });
let exitCode = 0;
try {
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    DEPOSIT_XPUB: testXpub,
    SECRETS_KEY: testSecretsKey,
    DATABASE_URL: urlOf(databaseName),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const deps = { db: app.db, config: app.config, reference: app.reference };
  const world = await seedWorld(database, { traders: traderCount, requisites: requisiteCount, fundsUsdt: '1000000' });
  await database.db.execute(sql`vacuum analyze`);
  const setupSeconds = secondsSince(started);
  console.log(
    `matching: ${traderCount} traders × ${requisiteCount} cards seeded in ${setupSeconds.toFixed(1)} s; ${orderCount} pay-ins …`,
  );

  const fiat = deps.reference.currencies.get('RUB');
  if (!fiat) throw new Error('no RUB in the reference data');
  const rub = { code: fiat.code, name: fiat.nameEn, ratio_fraction: fiat.ratioFraction };
  const baseline: number[] = [];
  const matching: number[] = [];
  const creating: number[] = [];
  let unmatched = 0;
  let paid = 0;
  const cpu = watchCpu();
  const loopStart = process.hrtime.bigint();
  for (let index = 0; index < orderCount; index += 1) {
    const counted = index >= warmup;
    const amount = String(1000 + 500 * Math.floor(Math.random() * 99));

    let sent = process.hrtime.bigint();
    await database.db.execute(sql`select 1`);
    if (counted) baseline.push(msSince(sent));

    // The matcher alone, with what createOrder gives it (flow, price, merchant's fee), then rolled back.
    let matchMs = Number.NaN;
    await database.db
      .transaction(async (tx) => {
        const [flow] = await tx
          .select()
          .from(flows)
          .where(and(eq(flows.merchantId, world.merchant.id), eq(flows.fiat, 'RUB'), isNull(flows.deletedAt)))
          .limit(1);
        if (!flow?.manualRate) throw new Error('no flow');
        const fiatMinor = parseMoney(amount, rub);
        const c = cryptoOf(fiatMinor, rub, ratioOfDecimal(flow.manualRate), cryptoCurrency(USDT.code));
        const holdMinor = payInHold(c);
        const request: MatchRequest = {
          flowId: flow.id,
          fiat: 'RUB',
          crypto: USDT.code,
          fiatMinor,
          fiatFraction: rub.ratio_fraction,
          holdMinor,
          now: new Date(),
        };
        const [party] = await selectRows<{ fees: unknown; agents: unknown }>(
          tx,
          sql`select ${partyColumns(sql`${world.merchant.id}::uuid`)}`,
        );
        if (!party) throw new Error('no merchant');
        const merchant = partyOf(party, 'pay_in', 'referral', holdMinor);
        const timed = process.hrtime.bigint();
        const match = await matchPayIn(tx, request, merchant);
        matchMs = msSince(timed);
        if (!match) unmatched += 1;
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    if (counted) matching.push(matchMs);

    check(!Number.isNaN(matchMs), `pay-in ${index}: the matcher was not timed`);
    check(unmatched === 0, `pay-in ${index} of ${amount} RUB: the matcher found no card`);

    sent = process.hrtime.bigint();
    const order = await createOrder(
      deps,
      world.merchant.id,
      { type: 'pay_in', amount, currency: 'RUB', crypto_currency: 'USDT', client_order_id: `match-${index}` },
      'en',
    );
    if (counted) creating.push(msSince(sent));
    check(
      order.status === 'new' &&
        order.executorId &&
        order.requisiteId &&
        world.traders.some((t) => t.id === order.executorId),
      () =>
        `pay-in ${index}: created ${order.status} with executor ${order.executorId}, expected new on a trader's card`,
    );
    if (index % 2 === 0) {
      const moved = await markPaidByExecutor(deps, order.executorId, order.id);
      check(moved.status === 'paid', `pay-in ${index}: ${moved.status} after its trader said it was paid`);
      paid += 1;
    }
  }
  const loopSeconds = secondsSince(loopStart);
  const used = cpu();
  await app.close();
  // What the loop claims, as the database holds it: every pay-in created, the paid ones paid, the rest open on a card,
  // and the ledger (holds and settlements) reconciled.
  const [counts] = await selectRows<{ orders: number; paid: number; open: number }>(
    database.db,
    sql`select count(*)::int as orders, count(*) filter (where status = 'paid')::int as paid,
          count(*) filter (where status = 'new' and requisite_id is not null)::int as open
        from orders where merchant_id = ${world.merchant.id}`,
  );
  check(
    counts?.orders === orderCount && counts.paid === paid && counts.open === orderCount - paid,
    () =>
      `the database holds ${JSON.stringify(counts)}, expected ${orderCount} orders, ${paid} paid, ${orderCount - paid} open`,
  );
  const reconciliation = await reconcileLedger(database.db);
  check(reconciliation.ok, () => `the ledger does not reconcile: ${reconciliationText(reconciliation)}`);

  const base = sorted(baseline);
  const match = sorted(matching);
  const create = sorted(creating);
  const p = (values: Float64Array, fraction: number) => percentile(values, fraction);
  const row = (values: Float64Array): string =>
    `${p(values, 0.5).toFixed(2).padStart(8)} ${p(values, 0.99).toFixed(2).padStart(8)} ` +
    `${(p(values, 0.5) / p(base, 0.5)).toFixed(1).padStart(9)} ${(p(values, 0.99) / p(base, 0.99)).toFixed(1).padStart(9)}`;
  console.log('');
  console.log(
    `${''.padEnd(34)}${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50 ×'.padStart(9)} ${'p99 ×'.padStart(9)}`,
  );
  console.log(`${'select 1 (baseline)'.padEnd(34)}${row(base)}`);
  console.log(`${'matching (matchPayIn)'.padEnd(34)}${row(match)}`);
  console.log(`${'create (createOrder, incl. match)'.padEnd(34)}${row(create)}`);
  console.log('');
  printRows([
    [
      'pay-ins',
      `${orderCount} created (${warmup} warm-up not counted), ${paid} paid, ${orderCount - paid} left open, ${unmatched} unmatched`,
    ],
    [
      'checks',
      `every pay-in matched and created new on a card, every other one paid; the database holds the same; ledger reconciled (${reconciliation.transfers} transfers)`,
    ],
    ['cpu during the loop', `${used.text}, ${loopSeconds.toFixed(1)} s`],
    [
      'settings',
      `traders ${traderCount} × ${requisiteCount} cards, PostgreSQL ${version}, ${cpus().length} cores, setup ${setupSeconds.toFixed(1)} s`,
    ],
  ]);
  if (used.other > 20) console.log(`warning: other processes used ${used.other}% of a core during the loop`);
  const p99 = p(match, 0.99);
  console.log(
    p99 <= 20
      ? `goal met: matching p99 ${p99.toFixed(1)} ms <= 20 ms`
      : `goal missed: matching p99 ${p99.toFixed(1)} ms > 20 ms`,
  );
} catch (error) {
  console.error(failureText(error));
  exitCode = 1;
} finally {
  await database.close();
  if (keep) console.log(`kept database ${databaseName}`);
  else await drop(databaseName);
}
process.exit(exitCode);
