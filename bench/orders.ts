/**
 * The order engine's whole story in one run (issue 18, DESIGN §16): pay-ins per second through the signed merchant
 * API beside the bare-Fastify ceiling and pgbench TPC-B on the same PostgreSQL server, with what each pay-in costs the
 * database, one merchant beside many, and two server processes on one database. Not a test.
 *
 *   npm run orders --workspace bench            (add `-- --keep` to keep the two bench databases)
 *
 * Set-up: pgbench's database <prefix>orders_pgbench (`pgbench -i -s 10 -q`); Paydesk in a child process
 * (orders-server.ts) on database <prefix>orders with BENCH_MERCHANTS merchants, each with its own API key, fees,
 * referral agent and active RUB/USDT flow, all flows sharing BENCH_TRADERS traders with BENCH_REQUISITES cards each
 * (orders-world.ts); a second Paydesk process on the same database that seeds nothing and issues no secrets (the lanes
 * use the first one's credentials); the bare Fastify of orders-bare.ts, which answers the two calls without a
 * database, signature or check: what HTTP, JSON and the signing client alone allow on this machine.
 *
 * A lane loops: a merchant creates a pay-in with the generated client (`createPaydeskClient`, every request signed,
 * every POST with an Idempotency-Key) of a random amount (one open order per amount per card is the rule), and the
 * trader whose card the pay-in names says it was paid (`POST /api/v1/executor/orders/{guid}/paid`, signed with the
 * trader's own key). A pay-in counts once it is paid. BENCH_LANES lanes drive one system at a time:
 * - "N merchants": one Paydesk process, each order from a merchant picked at random;
 * - "one merchant": the same process, every order from the first merchant (its accounts in every settlement);
 * - "two servers": the lanes split across both Paydesk processes, merchants at random;
 * - "bare ceiling": the same lanes and client against the bare Fastify;
 * - "pgbench": `pgbench -c <clients> -j 2 -T <slice>` on its own database;
 * - "pay-in floor": pgbench with orders-floor.sql, BENCH_LANES clients on the Paydesk database: the statements a
 *   pay-in's two transactions must run on this schema and nothing a server adds, so what the database alone allows.
 *   With the bare ceiling beside it, `1 / (1/floor + 1/ceiling)` bounds the pay-ins any server could reach here.
 * The machine is shared, so every system runs in slices of BENCH_SLICE seconds, round after round (the order reversed
 * every other round), everything up all along, until each has had about BENCH_DURATION seconds: background load hits
 * them alike, and each figure is its slices summed. Each Paydesk system has two seconds of warm-up first, not counted.
 *
 * Measured per slice and summed: pay-ins paid and the seconds they took; the CPU of the server process(es) and of the
 * PostgreSQL backends of <prefix>orders only (their pids from pg_stat_activity at the slice's start and end,
 * utime + stime from /proc: others' PostgreSQL work on a shared server does not count; the bench server's pool keeps
 * its connections); the statements the server sent and the time of each run of the ledger's statement (its lock wait,
 * counted in orders-server.ts); the CPU others took. After every Paydesk slice: reconcileLedger() and the paid orders
 * in the database against those the lanes saw paid, then VACUUM ANALYZE as autovacuum would (not counted).
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX [paydesk_bench_],
 * BENCH_DURATION [20] seconds per system,
 * BENCH_SLICE [3] seconds (whole: pgbench's -T), BENCH_LANES [16], BENCH_MERCHANTS [10], BENCH_TRADERS [100],
 * BENCH_REQUISITES [3], BENCH_PGBENCH_CLIENTS [8], BENCH_KEEP=1, BENCH_PROFILE=<dir> (a CPU profile of each Paydesk
 * server from its listen to its stop, for where a pay-in's server CPU goes).
 * Exits 0 whether issue 33's goals (floor >= 0.25 of pgbench, pay-ins >= 0.8 of the bound, <= 12 statements and server
 * CPU <= 7 × the bare server's per pay-in, one merchant >= 0.8 × N merchants) are met or missed; 1,
 * with the reason, as soon as a call fails (a create that is not 201 with a new pay-in naming a known card, a "paid"
 * that is not 200 with the pay-in paid), a system pays no pay-in in a slice, a check after a slice fails, or pgbench
 * runs no transactions or fails some.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { openDatabase } from '../apps/server/src/db/client';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import {
  backendTicks,
  benchDatabase,
  check,
  checkpoint,
  drop,
  failureText,
  initPgbench,
  msSince,
  numberSetting,
  percentile,
  printRows,
  printTable,
  processTicks,
  reconciliationText,
  recreate,
  runPgbench,
  secondsSince,
  serverVersion,
  sorted,
  ticksBetween,
  ticksPerSecond,
  urlOf,
  watchCpu,
  withClient,
} from './support';

const duration = numberSetting('BENCH_DURATION', 20);
const slice = Math.max(1, Math.round(numberSetting('BENCH_SLICE', 3)));
const lanes = Math.floor(numberSetting('BENCH_LANES', 16));
const merchantCount = Math.floor(numberSetting('BENCH_MERCHANTS', 10));
const traderCount = Math.floor(numberSetting('BENCH_TRADERS', 100));
const requisiteCount = Math.floor(numberSetting('BENCH_REQUISITES', 3));
const pgbenchClients = Math.floor(numberSetting('BENCH_PGBENCH_CLIENTS', 8));
const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';
const rounds = Math.max(1, Math.round(duration / slice));
const pgbenchDb = benchDatabase('orders_pgbench');
const ordersDb = benchDatabase('orders');
/** The bench's own connections (checks, pgbench's admin work) go by this name, so the backends measured are the servers'. */
const ownName = 'paydesk bench orders';
process.env.PGAPPNAME = ownName;

interface Credentials {
  apiKey: string;
  secret: string;
}
interface Started {
  child: ChildProcess;
  port: number;
  /** The port of GET /counters (the Paydesk servers only). */
  countersPort?: number;
  /** Printed by a seeding server only. */
  merchants?: Credentials[];
  traders?: (Credentials & { cards: string[] })[];
}

async function startServer(script: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: new URL('.', import.meta.url).pathname,
    env: {
      ...process.env,
      BENCH_URL: urlOf(ordersDb),
      BENCH_TRADERS: String(traderCount),
      BENCH_REQUISITES: String(requisiteCount),
      BENCH_MERCHANTS: String(merchantCount),
      NODE_ENV: 'production',
      PGAPPNAME: 'paydesk bench server',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  return { child, ...(JSON.parse(line) as Omit<Started, 'child'>) };
}

function stopServer(started: Started) {
  return new Promise<void>((resolve) => {
    if (started.child.exitCode !== null) return resolve();
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** A random amount of 100.00 to 49,999.99 RUB: two open pay-ins of the same amount on one card are not allowed. */
const randomAmount = () => `${randomInt(100, 50_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;

/** What a lane talks to: one server, the merchants it may create as, and the trader holding each card. */
interface Target {
  merchants: PaydeskClient[];
  byCard: Map<string, PaydeskClient>;
}

function targetOf(server: Started, credentials: Started): Target {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const byCard = new Map<string, PaydeskClient>();
  for (const trader of credentials.traders ?? []) {
    const client = createPaydeskClient({ baseUrl, apiKey: trader.apiKey, secret: trader.secret });
    for (const card of trader.cards) byCard.set(card, client);
  }
  return {
    merchants: (credentials.merchants ?? []).map((merchant) => createPaydeskClient({ baseUrl, ...merchant })),
    byCard,
  };
}

/** A system the lanes drive: lane i talks to targets[i % targets.length]. */
interface System {
  name: string;
  targets: Target[];
  servers: Started[];
  /** Set for Paydesk: its database backends are measured and checked. */
  database?: string;
}

/** One slice, or the sum of a system's slices. */
interface Tally {
  paid: number;
  errors: number;
  firstError?: string;
  seconds: number;
  create: number[];
  pay: number[];
  serverTicks: number;
  databaseTicks: number;
  closedBackends: number;
  statements: number;
  ledgerMs: number[];
  /** Percent of a core others used, times seconds (divided by the seconds when printed). */
  othersCoreSeconds: number;
}

const emptyTally = (): Tally => ({
  paid: 0,
  errors: 0,
  seconds: 0,
  create: [],
  pay: [],
  serverTicks: 0,
  databaseTicks: 0,
  closedBackends: 0,
  statements: 0,
  ledgerMs: [],
  othersCoreSeconds: 0,
});

function addTo(total: Tally, part: Tally) {
  total.paid += part.paid;
  total.errors += part.errors;
  if (part.firstError) total.firstError ??= part.firstError;
  total.seconds += part.seconds;
  total.create.push(...part.create);
  total.pay.push(...part.pay);
  total.serverTicks += part.serverTicks;
  total.databaseTicks += part.databaseTicks;
  total.closedBackends += part.closedBackends;
  total.statements += part.statements;
  total.ledgerMs.push(...part.ledgerMs);
  total.othersCoreSeconds += part.othersCoreSeconds;
}

/** The servers' counters (statements sent, ledger statement times since the last reading), CPU and backends' CPU. */
async function probe(system: System) {
  const counters = await Promise.all(
    system.servers.map(async (server) => {
      if (!server.countersPort) return { statements: 0, ledger_ms: [] as number[] };
      const response = await fetch(`http://127.0.0.1:${server.countersPort}/counters`);
      return (await response.json()) as { statements: number; ledger_ms: number[] };
    }),
  );
  return {
    statements: counters.reduce((sum, counter) => sum + counter.statements, 0),
    ledgerMs: counters.flatMap((counter) => counter.ledger_ms),
    serverTicks: system.servers.reduce((sum, server) => sum + processTicks(server.child.pid ?? -1), 0),
    backends: system.database ? await backendTicks(system.database, ownName) : new Map<number, number>(),
  };
}

async function drive(system: System, seconds: number, serial: { next: number }): Promise<Tally> {
  const tally = emptyTally();
  const fail = (what: string) => {
    tally.errors += 1;
    tally.firstError ??= `${system.name}: ${what}`;
  };
  const before = await probe(system);
  const cpu = watchCpu(
    Object.fromEntries(system.servers.map((server, index) => [server.child.pid ?? -1, `server ${index + 1}`])),
  );
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const target = system.targets[lane % system.targets.length] as Target;
      // The first failed call stops every lane: a slice with a failure measures nothing worth printing.
      while (tally.errors === 0 && process.hrtime.bigint() < end) {
        serial.next += 1;
        const clientOrderId = `bench-${process.pid}-${serial.next}`;
        const merchant = target.merchants[randomInt(target.merchants.length)] as PaydeskClient;
        const sent = process.hrtime.bigint();
        const created = await merchant.POST('/api/v1/orders', {
          params: { header: { 'Idempotency-Key': `create-${clientOrderId}` } },
          body: { type: 'pay_in', amount: randomAmount(), currency: 'RUB', client_order_id: clientOrderId },
        });
        const order = created.data?.data;
        if (created.response.status !== 201 || !order || order.status !== 'new') {
          fail(`create: ${created.response.status} ${JSON.stringify(created.error)}`);
          continue;
        }
        tally.create.push(msSince(sent));
        const trader = target.byCard.get(order.payment_details?.attributes.card_number ?? '');
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
        tally.pay.push(msSince(paying));
        tally.paid += 1;
      }
    }),
  );
  check(tally.errors === 0, () => `a call failed: ${tally.firstError}`);
  check(tally.paid > 0, `${system.name}: no pay-in was created and paid in ${seconds} s`);
  tally.seconds = secondsSince(start);
  tally.othersCoreSeconds = cpu().other * tally.seconds;
  const after = await probe(system);
  const backends = ticksBetween(before.backends, after.backends);
  tally.serverTicks = after.serverTicks - before.serverTicks;
  tally.databaseTicks = backends.ticks;
  tally.closedBackends = backends.closed;
  tally.statements = after.statements - before.statements;
  tally.ledgerMs = after.ledgerMs;
  return tally;
}

const version = await serverVersion();
const loadAtStart = loadavg()[0] ?? 0;
const tick = 1000 / (await ticksPerSecond());
const started = process.hrtime.bigint();
let exitCode = 0;
const servers: Started[] = [];
try {
  await initPgbench(pgbenchDb, 10);
  await recreate(ordersDb);
  const setupStart = process.hrtime.bigint();
  const first = await startServer('orders-server.ts');
  servers.push(first);
  const setupSeconds = secondsSince(setupStart);
  const second = await startServer('orders-server.ts', { BENCH_SEED: '0' });
  servers.push(second);
  const bare = await startServer('orders-bare.ts');
  servers.push(bare);
  console.log(
    `orders: ${merchantCount} merchants, ${traderCount} traders × ${requisiteCount} cards seeded in ${setupSeconds.toFixed(1)} s; ` +
      `${rounds} rounds of ${slice} s slices, ${lanes} lanes`,
  );
  const firstTarget = targetOf(first, first);
  const many = `${merchantCount} merchant${merchantCount === 1 ? '' : 's'}`;
  const systems: System[] = [
    { name: many, targets: [firstTarget], servers: [first], database: ordersDb },
    ...(merchantCount > 1
      ? [
          {
            name: 'one merchant',
            targets: [{ ...firstTarget, merchants: firstTarget.merchants.slice(0, 1) }],
            servers: [first],
            database: ordersDb,
          },
        ]
      : []),
    {
      name: 'two servers',
      targets: [firstTarget, targetOf(second, first)],
      servers: [first, second],
      database: ordersDb,
    },
    { name: 'bare ceiling', targets: [targetOf(bare, bare)], servers: [bare] },
  ];
  const totals = new Map(systems.map((system) => [system, emptyTally()]));
  const pgbench = { transactions: 0, seconds: 0, latencyMs: 0 };
  const floor = { transactions: 0, seconds: 0, latencyMs: 0 };
  const floorArgs = await withClient(urlOf(ordersDb), async (client) => {
    const { rows } = await client.query<{ requisites: number; flows: number; agent: string }>(
      `select (select count(*) from requisites)::int as requisites, (select count(*) from flows)::int as flows,
              (select id from users where type = 'agent' order by id limit 1) as agent`,
    );
    const world = rows[0];
    if (!world?.agent) throw new Error('the bench world has no referral agent for the pay-in floor');
    return [
      '-M',
      'prepared',
      '-f',
      new URL('orders-floor.sql', import.meta.url).pathname,
      '-D',
      `requisites=${world.requisites}`,
      '-D',
      `flows=${world.flows}`,
      '-D',
      `agent=${world.agent}`,
      '-c',
      String(lanes),
      '-j',
      '2',
    ];
  });
  const serial = { next: 0 };
  let paidSoFar = 0;
  const checks = { runs: 0, reconcileSeconds: 0, accounts: 0, transfers: 0 };
  const database = await openDatabase({ databaseUrl: urlOf(ordersDb), dataDir: 'unused' });
  /**
   * After a Paydesk slice: the ledger reconciles and the database holds exactly the paid orders the lanes saw. Then
   * VACUUM ANALYZE, what autovacuum does on a live server, outside the measured time: a server with autovacuum off (as
   * CI's is) keeps the plans its connections made on the empty tables of the start (a sequential scan of the orders
   * for every candidate of a match) and piles up dead rows, so it measures a platform nobody runs.
   */
  const checkSlice = async (name: string) => {
    const reconcileStart = process.hrtime.bigint();
    const reconciliation = await reconcileLedger(database.db);
    checks.reconcileSeconds = Math.max(checks.reconcileSeconds, secondsSince(reconcileStart));
    const inDb = await withClient(urlOf(ordersDb), async (client) => {
      const { rows } = await client.query<{ paid: number }>(
        `select count(*) filter (where status = 'paid')::int as paid from orders where client_order_id not like 'floor-%'`,
      );
      return rows[0]?.paid ?? -1;
    });
    checks.runs += 1;
    checks.accounts = reconciliation.accounts;
    checks.transfers = reconciliation.transfers;
    check(reconciliation.ok, () => `${name}: reconciliation ${reconciliationText(reconciliation)}`);
    check(inDb === paidSoFar, `${name}: ${inDb} paid orders in the database, the lanes saw ${paidSoFar}`);
    await withClient(urlOf(ordersDb), (client) => client.query('vacuum analyze'));
  };
  try {
    for (const system of systems) {
      const warmup = await drive(system, 2, serial);
      if (system.database) {
        paidSoFar += warmup.paid;
        await checkSlice(`${system.name} warm-up`);
      }
    }
    await checkpoint();
    for (let round = 0; round < rounds; round += 1) {
      const all = [...systems, 'pgbench' as const, 'floor' as const];
      const order = round % 2 === 0 ? all : all.reverse();
      for (const system of order) {
        if (system === 'pgbench' || system === 'floor') {
          const [tally, run] =
            system === 'pgbench'
              ? [pgbench, await runPgbench(pgbenchDb, ['-c', String(pgbenchClients), '-j', '2'], slice)]
              : [floor, await runPgbench(ordersDb, floorArgs, slice)];
          tally.transactions += run.tps * slice;
          tally.latencyMs += run.latencyMs * slice;
          tally.seconds += slice;
          if (system === 'floor') await checkSlice('pay-in floor');
          continue;
        }
        const part = await drive(system, slice, serial);
        addTo(totals.get(system) as Tally, part);
        if (system.database) {
          paidSoFar += part.paid;
          await checkSlice(system.name);
        }
      }
      process.stdout.write(`round ${round + 1}/${rounds} done\n`);
    }
  } finally {
    await database.close();
  }

  const total = (system: System | undefined) => (system ? (totals.get(system) as Tally) : undefined);
  const perSecond = (tally: Tally | undefined) =>
    tally && tally.seconds > 0 ? tally.paid / tally.seconds : Number.NaN;
  const [mainSystem, oneSystem] = [systems[0], systems.find((system) => system.name === 'one merchant')];
  const bareTally = total(systems.find((system) => system.name === 'bare ceiling'));
  const main = perSecond(total(mainSystem));
  const ceiling = perSecond(bareTally);
  const pgbenchTps = pgbench.transactions / pgbench.seconds;
  const floorTps = floor.transactions / floor.seconds;
  const bound = 1 / (1 / floorTps + 1 / ceiling);
  const share = main / ceiling;
  const oneShare = perSecond(total(oneSystem)) / main;
  const perPayIn = (ticks: number, tally: Tally) =>
    tally.paid ? `${((ticks * tick) / tally.paid).toFixed(2)} ms` : '-';
  const ms = (values: number[]) => {
    const ordered = sorted(values);
    return ordered.length ? `${percentile(ordered, 0.5).toFixed(1)} / ${percentile(ordered, 0.99).toFixed(1)} ms` : '-';
  };
  const column = (pick: (tally: Tally, system: System) => string) =>
    systems.map((system) => pick(total(system) as Tally, system));
  console.log('');
  printTable([
    ['', ...systems.map((system) => system.name), 'pgbench TPC-B', 'pay-in floor'],
    [
      'pay-ins/s created and paid (tps)',
      ...column((tally) => perSecond(tally).toFixed(0)),
      pgbenchTps.toFixed(0),
      floorTps.toFixed(0),
    ],
    [
      'share of the bare ceiling',
      ...column((tally) => (perSecond(tally) / ceiling).toFixed(3)),
      (pgbenchTps / ceiling).toFixed(3),
      (floorTps / ceiling).toFixed(3),
    ],
    [
      'counted',
      ...column((tally) => `${tally.paid} in ${tally.seconds.toFixed(1)} s`),
      `${pgbench.transactions.toFixed(0)} in ${pgbench.seconds} s`,
      `${floor.transactions.toFixed(0)} in ${floor.seconds} s`,
    ],
    ['create p50 / p99', ...column((tally) => ms(tally.create)), '-', '-'],
    [
      'paid p50 / p99',
      ...column((tally) => ms(tally.pay)),
      `avg ${(pgbench.latencyMs / pgbench.seconds).toFixed(1)} ms`,
      `avg ${(floor.latencyMs / floor.seconds).toFixed(1)} ms`,
    ],
    [
      'database CPU per pay-in',
      ...column((tally, system) => (system.database ? perPayIn(tally.databaseTicks, tally) : '-')),
      '-',
      '-',
    ],
    ['server CPU per pay-in', ...column((tally) => perPayIn(tally.serverTicks, tally)), '-', '-'],
    [
      'statements per pay-in',
      ...column((tally, system) => (system.database && tally.paid ? (tally.statements / tally.paid).toFixed(1) : '-')),
      '-',
      '-',
    ],
    ['ledger statement (lock wait) p50/p99', ...column((tally) => ms(tally.ledgerMs)), '-', '-'],
    ['others used (% of a core)', ...column((tally) => (tally.othersCoreSeconds / tally.seconds).toFixed(0)), '-', '-'],
    ['errors', ...column((tally) => String(tally.errors)), '-', '-'],
  ]);
  console.log('');
  const closed = systems.reduce((sum, system) => sum + (total(system) as Tally).closedBackends, 0);
  printRows([
    [
      'ceiling: bare Fastify (/s)',
      `${ceiling.toFixed(0)}  (the same two calls answered without a database; pay-ins reach ${share.toFixed(2)} of it, pgbench ${(pgbenchTps / ceiling).toFixed(2)})`,
    ],
    [
      'the database floor (/s)',
      `${floorTps.toFixed(0)}  (a pay-in's own statements through pgbench, no server: ${(floorTps / ceiling).toFixed(2)} of the ceiling; with the bare server's CPU beside it, no server could pass ${bound.toFixed(0)}/s = ${(bound / ceiling).toFixed(2)} of the ceiling on this machine)`,
    ],
    [
      'one merchant / many',
      oneSystem
        ? `${oneShare.toFixed(2)}  (${perSecond(total(oneSystem)).toFixed(0)} vs ${main.toFixed(0)} pay-ins/s)`
        : 'n/a (BENCH_MERCHANTS=1)',
    ],
    [
      'two servers / one',
      `${(perSecond(total(systems.find((system) => system.name === 'two servers'))) / main).toFixed(2)}  (one database, lanes split across both)`,
    ],
    [
      'checks after each Paydesk slice',
      `${checks.runs} of ${checks.runs} ok: reconciliation ok (${checks.accounts} accounts, ${checks.transfers} transfers, slowest ${checks.reconcileSeconds.toFixed(1)} s), paid orders in the database = ${paidSoFar} the lanes saw paid; every call answered 201 new / 200 paid`,
    ],
    ...(closed > 0
      ? [['database backends closed mid-slice (their CPU is missing)', String(closed)] as [string, string]]
      : []),
    [
      'settings',
      `${rounds} rounds × ${slice} s per system, lanes ${lanes}, merchants ${merchantCount}, traders ${traderCount} × ${requisiteCount} cards, pgbench -s 10 -c ${pgbenchClients} -j 2, PostgreSQL ${version}, ${cpus().length} cores`,
    ],
    [
      'timings',
      `total ${secondsSince(started).toFixed(0)} s, server setup ${setupSeconds.toFixed(1)} s, load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
    ],
  ]);
  console.log('');
  const mainTally = total(mainSystem) as Tally;
  const cpuPerPayIn = (tally: Tally | undefined) => (tally?.paid ? tally.serverTicks / tally.paid : Number.NaN);
  const cpuRatio = cpuPerPayIn(mainTally) / cpuPerPayIn(bareTally);
  const statements = mainTally.paid ? mainTally.statements / mainTally.paid : Number.NaN;
  // Issue 33's goals, each beside the same run's baseline.
  const goals: [string, boolean, string][] = [
    ['floor / pgbench TPC-B >= 0.25', floorTps / pgbenchTps >= 0.25, (floorTps / pgbenchTps).toFixed(3)],
    [
      'pay-ins / the bound >= 0.80',
      main / bound >= 0.8,
      `${(main / bound).toFixed(2)} (${main.toFixed(0)} of ${bound.toFixed(0)}/s)`,
    ],
    ['statements per pay-in <= 12', statements <= 12, statements.toFixed(1)],
    [
      'server CPU per pay-in <= 7 × the bare server per pair',
      cpuRatio <= 7,
      `${cpuRatio.toFixed(1)} × (${perPayIn(mainTally.serverTicks, mainTally)} vs ${bareTally ? perPayIn(bareTally.serverTicks, bareTally) : '-'})`,
    ],
    ...(oneSystem
      ? [['one merchant / many >= 0.80', oneShare >= 0.8, oneShare.toFixed(2)] as [string, boolean, string]]
      : []),
  ];
  for (const [goal, met, figure] of goals) console.log(`goal ${met ? 'met' : 'missed'}: ${goal}: ${figure}`);
} catch (error) {
  console.error(failureText(error));
  exitCode = 1;
} finally {
  await Promise.all(servers.map(stopServer));
  if (keep) console.log(`kept databases ${pgbenchDb} and ${ordersDb}`);
  else await drop(pgbenchDb, ordersDb);
}
process.exit(exitCode);
