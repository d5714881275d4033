/**
 * Pay-ins per second through the signed merchant API against pgbench TPC-B on the same PostgreSQL server, in one run
 * (issue "Orders"). Not a test.
 *
 *   npm run orders --workspace bench            (add `-- --keep` to keep the two bench databases)
 *
 * 1. pgbench: database paydesk_bench_orders_pgbench, `pgbench -i -s 10 -q`, then `pgbench -c <clients> -j 2 -T
 *    <duration>`.
 * 2. Paydesk in a child process (orders-server.ts) on database paydesk_bench_orders: a merchant, an active RUB/USDT
 *    flow and BENCH_TRADERS traders with BENCH_REQUISITES cards each (orders-world.ts). Here BENCH_LANES loops, each:
 *    the merchant creates a pay-in with the generated client (`createPaydeskClient`, every request signed, every POST
 *    with an Idempotency-Key), of a random amount (one open order per amount per card is the rule, so amounts vary),
 *    and the trader whose card the pay-in names says it was paid (`POST /api/v1/executor/orders/{guid}/paid`, signed
 *    with the trader's own key). A pay-in counts once it is paid. Two seconds of warm-up first, not counted.
 * 3. The ceiling: the same lanes and client against a bare Fastify (orders-bare.ts) that answers the two calls without
 *    a database, signature or check: what HTTP, JSON and the signing client alone allow on this machine.
 * 4. reconcileLedger(), and the paid orders in the database against those the loops saw paid.
 * 5. A table: pgbench tps, pay-ins/s (created and paid), their ratio (goal >= 0.5), the ceiling, latencies, where
 *    the CPU went.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DURATION [20] seconds,
 * BENCH_LANES [16], BENCH_TRADERS [100], BENCH_REQUISITES [3], BENCH_PGBENCH_CLIENTS [8], BENCH_KEEP=1.
 * Exits 0 whether the goal is met or missed; 1 when the ledger check fails or a request failed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { openDatabase } from '../apps/server/src/db/client';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import {
  type CpuUse,
  checkpoint,
  drop,
  initPgbench,
  msSince,
  numberSetting,
  percentile,
  printRows,
  recreate,
  runPgbench,
  secondsSince,
  serverVersion,
  sorted,
  urlOf,
  watchCpu,
  withClient,
} from './support';

const duration = numberSetting('BENCH_DURATION', 20);
const lanes = Math.floor(numberSetting('BENCH_LANES', 16));
const traderCount = Math.floor(numberSetting('BENCH_TRADERS', 100));
const requisiteCount = Math.floor(numberSetting('BENCH_REQUISITES', 3));
const pgbenchClients = Math.floor(numberSetting('BENCH_PGBENCH_CLIENTS', 8));
const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
const pgbenchDb = 'paydesk_bench_orders_pgbench';
const ordersDb = 'paydesk_bench_orders';

interface Credentials {
  apiKey: string;
  secret: string;
}
interface Started {
  child: ChildProcess;
  port: number;
  merchant: Credentials;
  traders: (Credentials & { cards: string[] })[];
}

async function startServer(script = 'orders-server.ts'): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: new URL('.', import.meta.url).pathname,
    env: {
      ...process.env,
      BENCH_URL: urlOf(ordersDb),
      BENCH_TRADERS: String(traderCount),
      BENCH_REQUISITES: String(requisiteCount),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  return { child, ...(JSON.parse(line) as Omit<Started, 'child'>) };
}

function stopServer(started: Started) {
  return new Promise<void>((resolve) => {
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** A random amount of 100.00 to 49,999.99 RUB: two open pay-ins of the same amount on one card are not allowed. */
const randomAmount = () => `${randomInt(100, 50_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;

interface Phase {
  paid: number;
  errors: number;
  firstError?: string;
  seconds: number;
  create: Float64Array;
  pay: Float64Array;
  cpu: CpuUse;
}

async function drive(server: Started, seconds: number, serial: { next: number }): Promise<Phase> {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const merchant = createPaydeskClient({ baseUrl, ...server.merchant });
  const byCard = new Map<string, PaydeskClient>();
  for (const trader of server.traders) {
    const client = createPaydeskClient({ baseUrl, apiKey: trader.apiKey, secret: trader.secret });
    for (const card of trader.cards) byCard.set(card, client);
  }
  const create: number[] = [];
  const pay: number[] = [];
  let paid = 0;
  let errors = 0;
  let firstError: string | undefined;
  const fail = (what: string) => {
    errors += 1;
    firstError ??= what;
  };
  const cpu = watchCpu({ [server.child.pid ?? -1]: 'server' });
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (process.hrtime.bigint() < end) {
        serial.next += 1;
        const clientOrderId = `bench-${process.pid}-${serial.next}`;
        const sent = process.hrtime.bigint();
        const created = await merchant.POST('/api/v1/orders', {
          params: { header: { 'Idempotency-Key': `create-${clientOrderId}` } },
          body: { type: 'pay_in', amount: randomAmount(), currency: 'RUB', client_order_id: clientOrderId },
        });
        const order = created.data?.data;
        if (created.response.status !== 201 || !order) {
          fail(`create: ${created.response.status} ${JSON.stringify(created.error)}`);
          continue;
        }
        create.push(msSince(sent));
        const trader = byCard.get(order.payment_details?.attributes.card_number ?? '');
        if (!trader) {
          fail(`no trader holds the card of ${order.guid}`);
          continue;
        }
        const paying = process.hrtime.bigint();
        const done = await trader.POST('/api/v1/executor/orders/{guid}/paid', {
          params: { path: { guid: order.guid }, header: { 'Idempotency-Key': `paid-${order.guid}` } },
        });
        if (done.response.status !== 200 || done.data?.data.status !== 'paid') {
          fail(`paid: ${done.response.status} ${JSON.stringify(done.error)}`);
          continue;
        }
        pay.push(msSince(paying));
        paid += 1;
      }
    }),
  );
  return {
    paid,
    errors,
    ...(firstError ? { firstError } : {}),
    seconds: secondsSince(start),
    create: sorted(create),
    pay: sorted(pay),
    cpu: cpu(),
  };
}

const version = await serverVersion();
const started = process.hrtime.bigint();
let exitCode = 0;
try {
  await initPgbench(pgbenchDb, 10);
  await checkpoint();
  console.log(`pgbench: -c ${pgbenchClients} -j 2 -T ${duration} …`);
  const pgbench = await runPgbench(pgbenchDb, ['-c', String(pgbenchClients), '-j', '2'], duration);
  console.log(`pgbench: ${pgbench.tps.toFixed(0)} tps (cpu: ${pgbench.cpu.text})`);

  await recreate(ordersDb);
  const setupStart = process.hrtime.bigint();
  const server = await startServer();
  const setupSeconds = secondsSince(setupStart);
  console.log(
    `orders: server up with ${traderCount} traders × ${requisiteCount} cards in ${setupSeconds.toFixed(1)} s`,
  );
  const serial = { next: 0 };
  let warmup: Phase;
  let phase: Phase;
  try {
    warmup = await drive(server, 2, serial);
    await checkpoint();
    console.log(`orders: ${lanes} lanes, ${duration} s …`);
    phase = await drive(server, duration, serial);
  } finally {
    await stopServer(server);
  }
  const perSecond = phase.paid / phase.seconds;
  console.log(`orders: ${perSecond.toFixed(0)} pay-ins/s created and paid (cpu: ${phase.cpu.text})`);

  // The same lanes and client against a bare Fastify that answers without reading or checking anything.
  const bare = await startServer('orders-bare.ts');
  let ceiling: Phase;
  try {
    await drive(bare, 2, serial);
    ceiling = await drive(bare, duration, serial);
  } finally {
    await stopServer(bare);
  }
  const ceilingPerSecond = ceiling.paid / ceiling.seconds;
  console.log(`bare: ${ceilingPerSecond.toFixed(0)} pairs/s (cpu: ${ceiling.cpu.text})`);

  const database = await openDatabase({ databaseUrl: urlOf(ordersDb), dataDir: 'unused' });
  const reconcileStart = process.hrtime.bigint();
  const reconciliation = await reconcileLedger(database.db).finally(() => database.close());
  const reconcileSeconds = secondsSince(reconcileStart);
  const inDb = await withClient(urlOf(ordersDb), async (client) => {
    const { rows } = await client.query<{ paid: number; open: number }>(
      `select count(*) filter (where status = 'paid')::int as paid,
              count(*) filter (where status in ('new', 'in-progress'))::int as open from orders`,
    );
    return rows[0] ?? { paid: -1, open: -1 };
  });
  const expectedPaid = warmup.paid + phase.paid;
  const ratio = perSecond / pgbench.tps;
  const ms = (values: Float64Array) =>
    `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`;
  console.log('');
  printRows([
    ['pgbench TPC-B (tps)', `${pgbench.tps.toFixed(0)}  (latency average ${pgbench.latencyMs.toFixed(1)} ms)`],
    [
      'pay-ins created and paid (/s)',
      `${perSecond.toFixed(0)}  (${phase.paid} in ${phase.seconds.toFixed(1)} s, ${phase.errors} errors)`,
    ],
    ['ratio pay-ins / pgbench', `${ratio.toFixed(2)}  (goal >= 0.50)`],
    [
      'ceiling: bare Fastify (/s)',
      `${ceilingPerSecond.toFixed(0)}  (the same two calls answered without a database; ratio to pgbench ${(ceilingPerSecond / pgbench.tps).toFixed(2)}, pay-ins reach ${(perSecond / ceilingPerSecond).toFixed(2)} of it)`,
    ],
    ['create (POST /orders)', ms(phase.create)],
    ['paid (POST /executor/…/paid)', ms(phase.pay)],
    ['cpu during pgbench', pgbench.cpu.text],
    ['cpu during pay-ins', phase.cpu.text],
    ['cpu during the ceiling', ceiling.cpu.text],
    [
      'reconciliation',
      reconciliation.ok
        ? `ok (${reconciliation.accounts} accounts, ${reconciliation.transfers} transfers, ${reconciliation.entries} entries, ${reconcileSeconds.toFixed(1)} s)`
        : `DIFFERENCES: ${JSON.stringify({ differences: reconciliation.differences.slice(0, 5), totals: reconciliation.totals, broken_chains: reconciliation.broken_chains, unbalanced_transfers: reconciliation.unbalanced_transfers })}`,
    ],
    [
      'paid orders in database',
      `${inDb.paid} ${inDb.paid === expectedPaid ? '=' : '<>'} ${warmup.paid} warm-up + ${phase.paid} measured (${inDb.open} left open)`,
    ],
    [
      'settings',
      `duration ${duration} s, lanes ${lanes}, traders ${traderCount} × ${requisiteCount} cards, pgbench -s 10 -c ${pgbenchClients} -j 2, PostgreSQL ${version}, ${cpus().length} cores`,
    ],
    ['timings', `total ${secondsSince(started).toFixed(0)} s, server setup ${setupSeconds.toFixed(1)} s`],
  ]);
  for (const run of [warmup, phase, ceiling]) if (run.firstError) console.log('first error:', run.firstError);
  console.log('');
  const busiest = Math.max(pgbench.cpu.other, phase.cpu.other);
  if (busiest > 20) console.log(`warning: other processes used up to ${busiest}% of a core during a phase`);
  console.log(
    ratio >= 0.5 ? `goal met: ratio ${ratio.toFixed(2)} >= 0.50` : `goal missed: ratio ${ratio.toFixed(2)} < 0.50`,
  );
  if (!reconciliation.ok || inDb.paid !== expectedPaid || phase.errors + warmup.errors + ceiling.errors > 0) {
    console.log('CHECK FAILED: see reconciliation, paid orders and errors above');
    exitCode = 1;
  }
} finally {
  if (keep) console.log(`kept databases ${pgbenchDb} and ${ordersDb}`);
  else await drop(pgbenchDb, ordersDb);
}
process.exit(exitCode);
