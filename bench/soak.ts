/**
 * A soak with faults (issue 31, D1–D3): two Paydesk processes on one PostgreSQL under signed API load, one of them
 * killed with SIGKILL and started again, then PostgreSQL restarted three times under the load. At the end every
 * operation a client was told succeeded is in the database exactly once, the ledger reconciles and both processes are
 * alive. Not a test (it takes minutes); not part of `npm test`.
 *
 *   npm run soak --workspace bench
 *
 * The database is a throwaway cluster of the bench's own (apps/server/test/throwaway-cluster.ts: initdb and pg_ctl on
 * a free port in a temporary directory, as the `postgres` user when run as root), so the machine's shared server is
 * never restarted. The two processes are orders-server.ts (the first seeds BENCH_MERCHANTS merchants, BENCH_TRADERS
 * traders with two cards each, and issues their API keys; the second seeds nothing). BENCH_LANES lanes, split across
 * the processes, loop: a merchant creates a pay-in (an Idempotency-Key of its own), the trader whose card it names
 * says it was paid (another key). A call that gets no answer (its process is gone), a 503 (the database is away) or
 * a 409 idempotency_in_flight (a request with the key is still running, or died running) is sent again, with the same
 * key and body, to the other process when its own is gone, until it is answered or BENCH_GIVE_UP seconds pass; any
 * other answer stops the soak.
 *
 * Faults, BENCH_DURATION seconds of load in all: at 10 % the second process gets SIGKILL and is started again; at
 * 30 %, 55 % and 80 % PostgreSQL gets a fast shutdown (its sessions ended, as `pg_ctlcluster … restart -m fast` does),
 * stays down BENCH_DOWN_MS, and starts again. After each return: how long until each process answered a call again.
 *
 * Checks (CHECK FAILED and exit 1 otherwise): no process exited but the one killed; every acknowledged pay-in is in the
 * database once, under its guid, and every acknowledged "paid" is paid; reconcileLedger() finds nothing; both
 * processes answer /readyz 200 at the end.
 *
 * Settings: BENCH_DURATION [90] seconds, BENCH_LANES [8], BENCH_MERCHANTS [2], BENCH_TRADERS [20], BENCH_DOWN_MS
 * [2000], BENCH_GIVE_UP [150] seconds, PG_BIN (initdb and pg_ctl; the newest /usr/lib/postgresql/<v>/bin otherwise).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, selectRows } from '../apps/server/src/db/client';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import { startThrowawayCluster } from '../apps/server/test/throwaway-cluster';
import { check, failureText, numberSetting, reconciliationText } from './support';

const duration = numberSetting('BENCH_DURATION', 90);
const lanes = Math.floor(numberSetting('BENCH_LANES', 8));
const merchantCount = Math.floor(numberSetting('BENCH_MERCHANTS', 2));
const traderCount = Math.floor(numberSetting('BENCH_TRADERS', 20));
const downMs = numberSetting('BENCH_DOWN_MS', 2000);
const giveUpMs = numberSetting('BENCH_GIVE_UP', 150) * 1000;

interface Credentials {
  apiKey: string;
  secret: string;
}
interface Seeded {
  merchants: Credentials[];
  traders: (Credentials & { cards: string[] })[];
}
interface Server {
  child: ChildProcess;
  port: number;
  merchants: PaydeskClient[];
  byCard: Map<string, PaydeskClient>;
  /** When the soak killed it on purpose. */
  killed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (server: Server) => server.child.exitCode === null && server.child.signalCode === null;

async function startServer(
  databaseUrl: string,
  seed: boolean,
  credentials?: Seeded,
): Promise<Server & { seeded: Seeded }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'orders-server.ts'], {
    cwd: new URL('.', import.meta.url).pathname,
    env: {
      ...process.env,
      BENCH_URL: databaseUrl,
      BENCH_SEED: seed ? '1' : '0',
      BENCH_MERCHANTS: String(merchantCount),
      BENCH_TRADERS: String(traderCount),
      BENCH_REQUISITES: '2',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`orders-server.ts exited with ${code} before it listened`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  const printed = JSON.parse(line) as { port: number } & Partial<Seeded>;
  const seeded = credentials ?? { merchants: printed.merchants ?? [], traders: printed.traders ?? [] };
  const baseUrl = `http://127.0.0.1:${printed.port}`;
  const byCard = new Map<string, PaydeskClient>();
  for (const trader of seeded.traders) {
    const client = createPaydeskClient({ baseUrl, apiKey: trader.apiKey, secret: trader.secret });
    for (const card of trader.cards) byCard.set(card, client);
  }
  const merchants = seeded.merchants.map((merchant) => createPaydeskClient({ baseUrl, ...merchant }));
  return { child, port: printed.port, merchants, byCard, killed: false, seeded };
}

/** What the lanes saw, and what they were told succeeded. */
const tally = {
  calls: 0,
  noAnswer: 0,
  unavailable: 0,
  inFlight: 0,
  /** Operations that needed more than one call. */
  retried: 0,
  gaveUp: 0,
  unexpected: [] as string[],
  created: new Map<string, string>(),
  paid: new Set<string>(),
  /** When each server (by slot) last answered a call with success. */
  successes: [[], []] as number[][],
};

/**
 * Sends one operation until it is answered: again on no answer, a 503 or a 409 idempotency_in_flight, to the other
 * process when its own is gone. Returns the answer's data, or null when it gave up or got another answer.
 */
async function operate<T>(
  servers: Server[],
  lane: number,
  send: (server: Server) => Promise<{ response: Response; data?: { data: T }; error?: unknown }>,
  accept: (status: number) => boolean,
): Promise<T | null> {
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    if (attempt === 1) tally.retried += 1;
    if (Date.now() - started > giveUpMs) {
      tally.gaveUp += 1;
      return null;
    }
    // The lane's own process first, then the two in turn; one that is gone is skipped.
    const slot = (lane + attempt) % 2;
    const server = alive(servers[slot] as Server) ? (servers[slot] as Server) : (servers[1 - slot] as Server);
    tally.calls += 1;
    const answer = await send(server).catch(() => null);
    if (!answer) {
      tally.noAnswer += 1;
      await sleep(100);
      continue;
    }
    const { status } = answer.response;
    if (accept(status) && answer.data) {
      tally.successes[servers.indexOf(server)]?.push(Date.now());
      return answer.data.data;
    }
    const code = (answer.error as { error?: { code?: string } } | undefined)?.error?.code;
    if (status === 503) tally.unavailable += 1;
    else if (status === 409 && code === 'idempotency_in_flight') tally.inFlight += 1;
    else {
      tally.unexpected.push(`${status} ${JSON.stringify(answer.error).slice(0, 300)}`);
      return null;
    }
    await sleep(Number(answer.response.headers.get('retry-after') ?? 1) * 100);
  }
}

const randomAmount = () => `${randomInt(100, 50_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;

async function lane(servers: Server[], index: number, until: () => boolean, serial: { next: number }) {
  while (!until() && tally.unexpected.length === 0) {
    serial.next += 1;
    const clientOrderId = `soak-${process.pid}-${serial.next}`;
    const merchant = randomInt(merchantCount);
    const body = { type: 'pay_in' as const, amount: randomAmount(), currency: 'RUB', client_order_id: clientOrderId };
    const order = await operate(
      servers,
      index,
      (server) =>
        (server.merchants[merchant] as PaydeskClient).POST('/api/v1/orders', {
          params: { header: { 'Idempotency-Key': `create-${clientOrderId}` } },
          body,
        }),
      (status) => status === 201,
    );
    if (!order) continue;
    tally.created.set(clientOrderId, order.guid);
    const card = order.payment_details?.attributes.card_number ?? '';
    const paid = await operate(
      servers,
      index,
      (server) => {
        const trader = server.byCard.get(card);
        if (!trader) throw new Error(`no trader holds the card of ${order.guid}`);
        return trader.POST('/api/v1/executor/orders/{guid}/paid', {
          params: { path: { guid: order.guid }, header: { 'Idempotency-Key': `paid-${order.guid}` } },
        });
      },
      (status) => status === 200,
    );
    if (paid?.status === 'paid') tally.paid.add(order.guid);
  }
}

/** How long after `back` each server first answered a call with success (null: not yet). */
const recoveryAfter = (back: number) =>
  tally.successes.map((times) => {
    const first = times.find((time) => time >= back);
    return first === undefined ? null : first - back;
  });

const cluster = await startThrowawayCluster();
let exitCode = 0;
const servers: Server[] = [];
try {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database paydesk');
  await admin.end();
  const url = cluster.url('paydesk');
  const seedStart = Date.now();
  const first = await startServer(url, true);
  servers.push(first, await startServer(url, false, first.seeded));
  console.log(
    `soak: 2 processes on a throwaway PostgreSQL, ${merchantCount} merchants, ${traderCount} traders × 2 cards ` +
      `(seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s), ${lanes} lanes, ${duration} s of load`,
  );

  const start = Date.now();
  const at = (fraction: number) => start + fraction * duration * 1000;
  let stopping = false;
  const serial = { next: 0 };
  const load = Array.from({ length: lanes }, (_, index) => lane(servers, index, () => stopping, serial));
  const events: string[] = [];
  const exits: string[] = [];
  const watch = (server: Server, name: string) =>
    server.child.once('exit', (code, signal) => {
      if (!server.killed) exits.push(`${name} exited (${code ?? signal})`);
    });
  for (const [index, server] of servers.entries()) watch(server, `process ${index + 1}`);

  await sleep(at(0.1) - Date.now());
  const victim = servers[1] as Server;
  victim.killed = true;
  victim.child.kill('SIGKILL');
  const killedAt = Date.now();
  const restarted = await startServer(url, false, first.seeded);
  servers[1] = restarted;
  watch(restarted, 'process 2 (restarted)');
  const restartedAt = Date.now();
  events.push(
    `kill -9 of process 2 at ${((killedAt - start) / 1000).toFixed(1)} s, listening again ${((restartedAt - killedAt) / 1000).toFixed(1)} s later`,
  );

  const restarts: { back: number; stoppedMs: number }[] = [];
  for (const fraction of [0.3, 0.55, 0.8]) {
    await sleep(Math.max(0, at(fraction) - Date.now()));
    const stopAt = Date.now();
    await cluster.stop();
    const stoppedMs = Date.now() - stopAt;
    await sleep(downMs);
    await cluster.start();
    restarts.push({ back: Date.now(), stoppedMs });
  }
  await sleep(Math.max(0, at(1) - Date.now()));
  stopping = true;
  await Promise.all(load);

  const readyz = await Promise.all(
    servers.map(async (server) => (await fetch(`http://127.0.0.1:${server.port}/readyz`).catch(() => null))?.status),
  );
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
  try {
    const rows = await selectRows<{ client_order_id: string; guid: string; status: string }>(
      database.db,
      sql`select client_order_id, id::text as guid, status from orders where client_order_id like 'soak-%'`,
    );
    const byClientId = new Map<string, { guid: string; status: string }[]>();
    for (const row of rows) byClientId.set(row.client_order_id, [...(byClientId.get(row.client_order_id) ?? []), row]);
    const missing = [...tally.created].filter(([id, guid]) => byClientId.get(id)?.[0]?.guid !== guid);
    const twice = [...byClientId].filter(([, found]) => found.length > 1);
    const notPaid = [...tally.paid].filter((guid) => rows.find((row) => row.guid === guid)?.status !== 'paid');
    const reconciliation = await reconcileLedger(database.db);

    console.log(events.join('\n'));
    restarts.forEach((restart, index) => {
      const [one, two] = recoveryAfter(restart.back);
      const shown = (ms: number | null) => (ms === null ? 'not yet' : `${(ms / 1000).toFixed(2)} s`);
      console.log(
        `PostgreSQL restart ${index + 1}: fast shutdown took ${restart.stoppedMs} ms, down ${downMs} ms; first success ` +
          `after its return: process 1 ${shown(one ?? null)}, process 2 ${shown(two ?? null)}`,
      );
    });
    console.log(
      `restarted process 2 first answered ${((recoveryAfter(restartedAt)[1] ?? 0) / 1000).toFixed(2)} s after it listened`,
    );
    console.log(
      `acknowledged: ${tally.created.size} pay-ins created, ${tally.paid.size} paid; ${tally.calls} calls, ` +
        `${tally.retried} operations sent more than once, ${tally.noAnswer} calls without an answer (a process gone), ` +
        `${tally.unavailable} 503, ${tally.inFlight} 409 in flight, ${tally.gaveUp} given up`,
    );
    console.log(
      `in the database: ${rows.length} soak pay-ins (${rows.length - tally.created.size} never acknowledged), ` +
        `${missing.length} acknowledged missing, ${twice.length} twice, ${notPaid.length} acknowledged paid not paid; ` +
        `ledger ${reconciliation.ok ? 'reconciled' : 'DOES NOT reconcile'}`,
    );
    console.log(
      `processes: ${servers.map((server, index) => `${index + 1} ${alive(server) ? 'alive' : 'EXITED'}`).join(', ')}; ` +
        `/readyz ${readyz.join(', ')}; unexpected exits: ${exits.length === 0 ? 'none' : exits.join('; ')}`,
    );
    check(tally.unexpected.length === 0, () => `unexpected answers: ${tally.unexpected.slice(0, 3).join(' | ')}`);
    check(exits.length === 0, () => `a process exited: ${exits.join('; ')}`);
    check(servers.every(alive), 'a process is not running at the end');
    check(missing.length === 0, () => `acknowledged pay-ins missing: ${missing.slice(0, 3).join(', ')}`);
    check(twice.length === 0, () => `pay-ins stored twice: ${twice.slice(0, 3).join(', ')}`);
    check(notPaid.length === 0, () => `acknowledged paid but not paid: ${notPaid.slice(0, 3).join(', ')}`);
    check(reconciliation.ok, () => `the ledger does not reconcile: ${reconciliationText(reconciliation)}`);
    check(
      readyz.every((status) => status === 200),
      () => `/readyz at the end: ${readyz.join(', ')}`,
    );
    check(tally.created.size > 0, 'no pay-in was acknowledged');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(failureText(error));
  exitCode = 1;
} finally {
  for (const server of servers) if (alive(server)) server.child.kill('SIGTERM');
  await Promise.all(
    servers.map((server) => (alive(server) ? new Promise((resolve) => server.child.once('exit', resolve)) : null)),
  );
  await cluster.remove();
}
process.exit(exitCode);
