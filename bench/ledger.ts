/**
 * Ledger throughput against pgbench TPC-B on the same PostgreSQL server, in one run (DESIGN §4). Not a test.
 *
 *   npm run ledger --workspace bench            (add `-- --keep` to keep the two bench databases)
 *
 * 1. pgbench: database <prefix>pgbench, `pgbench -i -s 10 -q`, then `pgbench -c 8 -j 2 -T <duration>`.
 * 2. Ledger: database <prefix>ledger migrated with the server's migrations, BENCH_USERS users (insertUser)
 *    funded from custody through postTransfers (setup, not measured), then random transfers between users' available
 *    accounts for <duration> seconds through createLedgerBatcher().submit() with BENCH_INFLIGHT submissions in
 *    flight; then, for context, the unbatched path (one transaction of postTransfers per transfer, BENCH_WORKERS
 *    workers) for BENCH_UNBATCHED_DURATION seconds. Refused transfers (insufficient funds) are counted apart.
 * 3. reconcileLedger(), and the number of transfers in the database against the number the submitters saw applied.
 * 4. A table; the goal is ledger batched transfers/s >= pgbench tps. Both databases are dropped at the end.
 *
 * Settings (environment, defaults in brackets): BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], a
 * superuser connection that creates and drops the bench databases; BENCH_DATABASE_PREFIX [paydesk_bench_]; BENCH_DURATION [20] seconds;
 * BENCH_UNBATCHED_DURATION [half of it]; BENCH_USERS [1000]; BENCH_FUNDING_USDT [100] per user; BENCH_INFLIGHT
 * [1024]; BENCH_MAX_BATCH [1000] and BENCH_CONCURRENCY [2], the batcher's options; BENCH_WORKERS [8];
 * BENCH_PGBENCH_CLIENTS [8]; BENCH_SKIP_PGBENCH=1; BENCH_KEEP=1 (same as --keep).
 *
 * Run it on an otherwise idle machine: Node, PostgreSQL and pgbench share the CPU, so the table shows where the CPU
 * went during each phase and warns when other processes took a noticeable share. Exits 0 whether the goal is met or
 * missed; 1 only when a check fails: reconciliation, the transfers in the database against those applied, an error,
 * a phase that applied no transfer, or pgbench running no transactions or failing some.
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { formatAmount, USDT } from '@paydesk/contract';
import type pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { DomainError } from '../apps/server/src/lib/errors';
import { newId } from '../apps/server/src/lib/ids';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import {
  createLedgerBatcher,
  platformAccount,
  postTransfers,
  type TransferSpec,
  userAccount,
} from '../apps/server/src/modules/ledger/ledger.service';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import {
  adminUrl,
  benchDatabase,
  type CpuUse,
  checkPgbench,
  checkpoint,
  failureText,
  numberSetting,
  percentile,
  recreate,
  secondsSince,
  urlOf,
  watchCpu,
  withClient,
} from './support';

const run = promisify(execFile);

const duration = numberSetting('BENCH_DURATION', 20);
const unbatchedDuration = numberSetting('BENCH_UNBATCHED_DURATION', Math.max(1, Math.round(duration / 2)));
const userCount = Math.floor(numberSetting('BENCH_USERS', 1000));
const inflight = Math.floor(numberSetting('BENCH_INFLIGHT', 1024));
const maxBatch = Math.floor(numberSetting('BENCH_MAX_BATCH', 1000));
const concurrency = Math.floor(numberSetting('BENCH_CONCURRENCY', 2));
const workers = Math.floor(numberSetting('BENCH_WORKERS', 8));
const pgbenchClients = Math.floor(numberSetting('BENCH_PGBENCH_CLIENTS', 8));
const skipPgbench = process.env.BENCH_SKIP_PGBENCH === '1';
const keep = process.argv.includes('--keep') || process.env.BENCH_KEEP === '1';

const pgbenchDb = benchDatabase('pgbench');
const ledgerDb = benchDatabase('ledger');
const unit = 10n ** BigInt(USDT.ratio_fraction);
/** Each user starts with 100 USDT and sends 0.01 to 5 USDT at a time: nearly every transfer is funded. */
const fundingMinor = BigInt(Math.floor(numberSetting('BENCH_FUNDING_USDT', 100))) * unit;
const randomAmount = () => BigInt(randomInt(1, 501)) * (unit / 100n);

const admin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(adminUrl, work);

async function dropDatabases() {
  await admin(async (client) => {
    // Let closed pools finish disconnecting first: forcing them off would raise errors on their idle clients.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ open: number }>(
        'select count(*)::int as open from pg_stat_activity where datname = any($1)',
        [[pgbenchDb, ledgerDb]],
      );
      if ((rows[0]?.open ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const database of [pgbenchDb, ledgerDb]) {
      await client.query(`drop database if exists ${database} with (force)`);
    }
  });
}

function pgbenchArgs(): string[] {
  const url = new URL(adminUrl);
  return ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
}

async function runPgbench(): Promise<{ tps: number; initSeconds: number; cpu: CpuUse }> {
  const env = { ...process.env, ...(new URL(adminUrl).password ? { PGPASSWORD: new URL(adminUrl).password } : {}) };
  await recreate(pgbenchDb);
  const initStart = process.hrtime.bigint();
  await run('pgbench', [...pgbenchArgs(), '-i', '-s', '10', '-q', pgbenchDb], { env });
  const initSeconds = secondsSince(initStart);
  await checkpoint();
  console.log(`pgbench: -c ${pgbenchClients} -j 2 -T ${duration} …`);
  // pgbench's backends live only while it runs: watch the CPU over the middle of its run, not from start to end.
  const margin = Math.min(1, duration / 4) * 1000;
  let cpuUse: CpuUse = { text: 'n/a', other: 0 };
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      const cpu = watchCpu();
      timers.push(setTimeout(() => (cpuUse = cpu()), duration * 1000 - 2 * margin));
    }, margin),
  );
  const { stdout } = await run(
    'pgbench',
    [...pgbenchArgs(), '-c', String(pgbenchClients), '-j', '2', '-T', String(duration), pgbenchDb],
    { env, maxBuffer: 16 * 1024 * 1024 },
  ).finally(() => {
    for (const timer of timers) clearTimeout(timer);
  });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  checkPgbench(stdout, match?.[1]);
  const tps = Number(match?.[1]);
  console.log(`pgbench: ${tps.toFixed(0)} tps (cpu: ${cpuUse.text})`);
  return { tps, initSeconds, cpu: cpuUse };
}

interface PhaseResult {
  applied: number;
  refused: number;
  errors: number;
  seconds: number;
  p50ms: number;
  p99ms: number;
  /** Where the machine's CPU went during the phase. */
  cpu: CpuUse;
  firstError?: unknown;
}

class Tally {
  applied = 0;
  refused = 0;
  errors = 0;
  firstError: unknown;
  private latencies = new Float64Array(1 << 16);
  private count = 0;

  record(latencyMs: number) {
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = latencyMs;
  }

  fail(error: unknown) {
    this.errors += 1;
    this.firstError ??= error;
  }

  result(elapsed: number, cpu: CpuUse): PhaseResult {
    const sorted = this.latencies.slice(0, this.count).sort();
    return {
      applied: this.applied,
      refused: this.refused,
      errors: this.errors,
      seconds: elapsed,
      p50ms: percentile(sorted, 0.5),
      p99ms: percentile(sorted, 0.99),
      cpu,
      firstError: this.firstError,
    };
  }
}

function randomTransfer(owners: string[]): TransferSpec {
  const from = randomInt(owners.length);
  let to = randomInt(owners.length - 1);
  if (to >= from) to += 1;
  return {
    id: newId(),
    // The contract has no code for a transfer between two users yet; the code does not change the work done.
    code: 'merchant_withdrawal',
    debit: userAccount(owners[from] as string, 'available'),
    credit: userAccount(owners[to] as string, 'available'),
    amountMinor: randomAmount(),
  };
}

/** `lanes` loops, each waiting for its transfer before sending the next, until `seconds` have passed. */
async function drive(lanes: number, phaseSeconds: number, send: (tally: Tally) => Promise<void>): Promise<PhaseResult> {
  const tally = new Tally();
  const cpu = watchCpu();
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(phaseSeconds * 1e9));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (process.hrtime.bigint() < end) {
        const sent = process.hrtime.bigint();
        await send(tally);
        tally.record(Number(process.hrtime.bigint() - sent) / 1e6);
      }
    }),
  );
  return tally.result(secondsSince(start), cpu());
}

async function runLedger() {
  await recreate(ledgerDb);
  const database = await openDatabase({ databaseUrl: urlOf(ledgerDb), dataDir: 'unused' });
  const { db } = database;
  try {
    const setupStart = process.hrtime.bigint();
    await database.migrate();
    // Through the server's own insertUser, so the users get whatever a new user gets (their ledger accounts too).
    const owners = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < userCount; index += 1) {
        const user = await insertUser(tx, { id: newId(), username: `bench-${index}`, type: 'merchant' });
        ids.push(user.id);
      }
      return ids;
    });
    // Setup, not measured: one deposit per user from custody, in business actions of 500.
    const funding = owners.map<TransferSpec>((owner) => ({
      id: newId(),
      code: 'deposit',
      debit: platformAccount('custody'),
      credit: userAccount(owner, 'available'),
      amountMinor: fundingMinor,
    }));
    for (let index = 0; index < funding.length; index += 500) {
      const chunk = funding.slice(index, index + 500);
      await db.transaction((tx) => postTransfers(tx, chunk, USDT.code));
    }
    // pgbench -i ends with VACUUM ANALYZE too.
    await withClient(urlOf(ledgerDb), (client) =>
      client.query('vacuum analyze users, ledger_accounts, ledger_transfers, ledger_entries'),
    );
    const setupSeconds = secondsSince(setupStart);
    console.log(`ledger: ${userCount} users funded with ${formatAmount(fundingMinor, USDT.ratio_fraction)} USDT each`);

    await checkpoint();
    console.log(
      `ledger batched: ${inflight} in flight, maxBatch ${maxBatch}, concurrency ${concurrency}, ${duration} s …`,
    );
    const batcher = createLedgerBatcher(db, { maxBatch, concurrency, currency: USDT.code });
    const batched = await drive(inflight, duration, async (tally) => {
      try {
        const outcome = await batcher.submit(randomTransfer(owners));
        if (outcome === 'applied') tally.applied += 1;
        else if (outcome === 'insufficient_funds') tally.refused += 1;
        else tally.fail(new Error(`unexpected outcome ${outcome}`));
      } catch (error) {
        tally.fail(error);
      }
    });
    console.log(
      `ledger batched: ${(batched.applied / batched.seconds).toFixed(0)} transfers/s (cpu: ${batched.cpu.text})`,
    );

    await checkpoint();
    console.log(`ledger unbatched: ${workers} workers, ${unbatchedDuration} s …`);
    const unbatched = await drive(workers, unbatchedDuration, async (tally) => {
      const transfer = randomTransfer(owners);
      try {
        await db.transaction((tx) => postTransfers(tx, [transfer], USDT.code));
        tally.applied += 1;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'insufficient_funds') tally.refused += 1;
        else tally.fail(error);
      }
    });
    console.log(
      `ledger unbatched: ${(unbatched.applied / unbatched.seconds).toFixed(0)} transfers/s (cpu: ${unbatched.cpu.text})`,
    );

    const reconcileStart = process.hrtime.bigint();
    const reconciliation = await reconcileLedger(db);
    const reconcileSeconds = secondsSince(reconcileStart);
    const counted = await withClient(urlOf(ledgerDb), async (client) => {
      const result = await client.query<{ transfers: number }>(
        'select count(*)::int as transfers from ledger_transfers',
      );
      return result.rows[0];
    });
    const expected = funding.length + batched.applied + unbatched.applied;
    return {
      batched,
      unbatched,
      reconciliation,
      reconcileSeconds,
      setupSeconds,
      transfersInDb: counted?.transfers ?? -1,
      expected,
      fundingCount: funding.length,
    };
  } finally {
    await database.close();
  }
}

const serverVersion = await admin(
  async (client) => (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version,
);
const started = process.hrtime.bigint();
let exitCode = 0;
try {
  const pgbench = skipPgbench ? undefined : await runPgbench();
  const ledger = await runLedger();
  const { batched, unbatched, reconciliation } = ledger;
  const perSecond = (phase: PhaseResult) => phase.applied / phase.seconds;
  const ratio = pgbench ? perSecond(batched) / pgbench.tps : Number.NaN;
  const countsMatch = ledger.transfersInDb === ledger.expected;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const summary = (phase: PhaseResult) =>
    `${perSecond(phase).toFixed(0)}  (${phase.applied} applied, ${phase.refused} refused, ${phase.errors} errors, ` +
    `${phase.seconds.toFixed(1)} s, latency p50 ${ms(phase.p50ms)}, p99 ${ms(phase.p99ms)})`;

  const rows: [string, string][] = [
    ['pgbench TPC-B (tps)', pgbench ? pgbench.tps.toFixed(0) : 'skipped'],
    ['ledger batched (transfers/s)', summary(batched)],
    ['ledger unbatched (transfers/s)', summary(unbatched)],
    ['cpu during pgbench', pgbench ? pgbench.cpu.text : 'skipped'],
    ['cpu during batched', batched.cpu.text],
    ['cpu during unbatched', unbatched.cpu.text],
    ['ratio batched / pgbench', Number.isNaN(ratio) ? 'n/a' : `${ratio.toFixed(2)}  (goal >= 1.00)`],
    [
      'reconciliation',
      reconciliation.ok
        ? `ok (${reconciliation.accounts} accounts, ${reconciliation.transfers} transfers, ${reconciliation.entries} entries, ${ledger.reconcileSeconds.toFixed(1)} s)`
        : `DIFFERENCES: ${JSON.stringify({ differences: reconciliation.differences.slice(0, 5), totals: reconciliation.totals, broken_chains: reconciliation.broken_chains, unbalanced_transfers: reconciliation.unbalanced_transfers })}`,
    ],
    [
      'transfers in database',
      `${ledger.transfersInDb} ${countsMatch ? '=' : '<>'} ${ledger.fundingCount} funding + ${batched.applied} batched + ${unbatched.applied} unbatched`,
    ],
    [
      'settings',
      `duration ${duration} s (unbatched ${unbatchedDuration} s), users ${userCount}, in flight ${inflight}, maxBatch ${maxBatch}, concurrency ${concurrency}, unbatched workers ${workers}, pgbench -s 10 -c ${pgbenchClients} -j 2, PostgreSQL ${serverVersion}`,
    ],
    [
      'timings',
      `total ${secondsSince(started).toFixed(0)} s${pgbench ? `, pgbench -i ${pgbench.initSeconds.toFixed(1)} s` : ''}, ledger setup ${ledger.setupSeconds.toFixed(1)} s`,
    ],
  ];
  console.log('');
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  for (const phase of [batched, unbatched]) {
    if (phase.firstError) console.log('first error:', phase.firstError);
  }
  console.log('');
  const busiest = Math.max(pgbench?.cpu.other ?? 0, batched.cpu.other, unbatched.cpu.other);
  if (busiest > 20) {
    console.log(`warning: other processes used up to ${busiest}% of a core during a phase; the figures are skewed`);
  }
  if (!pgbench) console.log('goal not evaluated (pgbench skipped)');
  else
    console.log(
      ratio >= 1 ? `goal met: ratio ${ratio.toFixed(2)} >= 1.00` : `goal missed: ratio ${ratio.toFixed(2)} < 1.00`,
    );
  const idle = [batched, unbatched].some((phase) => phase.applied === 0);
  if (idle) console.log('no transfer was applied in a phase: nothing was measured');
  if (!reconciliation.ok || !countsMatch || batched.errors > 0 || unbatched.errors > 0 || idle) {
    console.log('LEDGER CHECK FAILED: see reconciliation, transfer count and errors above');
    exitCode = 1;
  }
} catch (error) {
  console.error(failureText(error));
  exitCode = 1;
} finally {
  if (keep) console.log(`kept databases ${pgbenchDb} and ${ledgerDb}`);
  else await dropDatabases();
}
process.exit(exitCode);
