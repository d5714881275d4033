// Shared by the order benchmarks (orders.ts, matching.ts, order-lists.ts): bench databases, pgbench, percentiles,
// and a look at where the CPU went (the machine is shared, so each table says how much others took).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const databasePrefix = process.env.BENCH_DATABASE_PREFIX || 'paydesk_bench_';
if (!/^[a-z_][a-z0-9_]*$/.test(databasePrefix)) {
  throw new Error(`BENCH_DATABASE_PREFIX must be a lower-case SQL name, got ${databasePrefix}`);
}

/**
 * The name of one of a bench's databases: BENCH_DATABASE_PREFIX [paydesk_bench_] and the bench's own part, so
 * engineers sharing one PostgreSQL server can run the same bench at once without dropping each other's database.
 */
export const benchDatabase = (name: string) => `${databasePrefix}${name}`;

/** A bench's calls did not do what it claims to measure: the run stops and exits 1 with this message. */
export class BenchCheckError extends Error {}

/** Stops the run with `message` unless `condition` holds. */
export function check(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new BenchCheckError(typeof message === 'string' ? message : message());
}

/** Stops the run unless an HTTP answer has the expected status, quoting the start of its body. */
export function checkStatus(name: string, response: { statusCode: number; body: string }, expected = 200) {
  check(
    response.statusCode === expected,
    () => `${name}: status ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 300)}`,
  );
}

/** What a failed reconciliation found, short enough for one line. */
export function reconciliationText(reconciliation: {
  differences: unknown[];
  totals: unknown;
  broken_chains: number;
  unbalanced_transfers: number;
}): string {
  return JSON.stringify({
    differences: reconciliation.differences.slice(0, 5),
    totals: reconciliation.totals,
    broken_chains: reconciliation.broken_chains,
    unbalanced_transfers: reconciliation.unbalanced_transfers,
  });
}

/** The message a bench prints when it stops: a failed check plainly, anything else with its stack. */
export function failureText(error: unknown): string {
  if (error instanceof BenchCheckError) return `CHECK FAILED: ${error.message}`;
  // A failed query's own error (drizzle wraps it) says why: the wrapper only repeats the statement.
  const cause = (error as { cause?: unknown })?.cause;
  return `${String((error as Error)?.stack ?? error).slice(0, 2000)}${cause ? `\ncaused by: ${String(cause)}` : ''}`;
}

export function numberSetting(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${text}`);
  return value;
}

export const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function recreate(database: string) {
  await withClient(adminUrl, async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
}

export async function drop(...databases: string[]) {
  await withClient(adminUrl, async (client) => {
    // Let closed pools finish disconnecting first: forcing them off would raise errors on their idle clients.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ open: number }>(
        'select count(*)::int as open from pg_stat_activity where datname = any($1)',
        [databases],
      );
      if ((rows[0]?.open ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const database of databases) await client.query(`drop database if exists ${database} with (force)`);
  });
}

export const serverVersion = () =>
  withClient(
    adminUrl,
    async (client) =>
      (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?',
  );

/** Flushes dirty buffers so a measurement does not pay for the previous phase's checkpoint. */
export const checkpoint = () => withClient(adminUrl, (client) => client.query('checkpoint'));

export const secondsSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
export const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** pgbench's connection options: the URL's host, or its `?host=` (a Unix socket's directory) as the servers' pg has it. */
function pgbenchConnection(): string[] {
  const url = new URL(adminUrl);
  const host = url.searchParams.get('host') ?? url.hostname;
  return ['-h', host, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
}

const pgbenchEnv = () => ({
  ...process.env,
  ...(new URL(adminUrl).password ? { PGPASSWORD: new URL(adminUrl).password } : {}),
});

/** `pgbench -i -s <scale> -q` into a fresh database. */
export async function initPgbench(database: string, scale = 10) {
  await recreate(database);
  await run('pgbench', [...pgbenchConnection(), '-i', '-s', String(scale), '-q', database], { env: pgbenchEnv() });
}

/**
 * Runs `pgbench <args> -T seconds` on an initialised database and returns its tps and latency average, with where the
 * CPU went over the middle of its run.
 */
export async function runPgbench(database: string, args: string[], seconds: number) {
  const margin = Math.min(1, seconds / 4) * 1000;
  let cpu: CpuUse = { text: 'n/a', other: 0 };
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      const watch = watchCpu();
      timers.push(setTimeout(() => (cpu = watch()), seconds * 1000 - 2 * margin));
    }, margin),
  );
  const { stdout } = await run('pgbench', [...pgbenchConnection(), ...args, '-T', String(seconds), database], {
    env: pgbenchEnv(),
    maxBuffer: 16 * 1024 * 1024,
  }).finally(() => {
    for (const timer of timers) clearTimeout(timer);
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
  checkPgbench(stdout, tps);
  return { tps: Number(tps), latencyMs: latency ? Number(latency) : Number.NaN, cpu };
}

/** Stops the run unless pgbench's output says it ran transactions and none of them failed. */
export function checkPgbench(stdout: string, tps: string | undefined) {
  check(tps && Number(tps) > 0, `pgbench ran no transactions:\n${stdout}`);
  const failed = /number of failed transactions: (\d+)/.exec(stdout)?.[1];
  check(failed === undefined || failed === '0', `pgbench: ${failed} transactions failed:\n${stdout}`);
}

/** The value below which `fraction` of the sorted values lie. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export const sorted = (values: number[]) => Float64Array.from(values).sort();

/** utime + stime, in clock ticks, of a process's /proc/<pid>/stat line. */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The CPU time a process has used so far in clock ticks (Linux), 0 once it is gone. */
export function processTicks(pid: number): number {
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
export const ticksPerSecond = async () => Number((await run('getconf', ['CLK_TCK'])).stdout.trim()) || 100;

/**
 * The CPU used so far by each PostgreSQL backend of one database, by pid (pg_stat_activity where datname is it), in
 * clock ticks: only that database's work, not others' on a shared server; less the connections named `except` (the
 * bench's own). The query runs on the admin database.
 */
export async function backendTicks(database: string, except = ''): Promise<Map<number, number>> {
  const { rows } = await withClient(adminUrl, (client) =>
    client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name is distinct from $2',
      [database, except],
    ),
  );
  return new Map(rows.map(({ pid }) => [pid, processTicks(pid)]));
}

/**
 * The ticks used between two readings of backendTicks: a backend present at the end counts from its first reading, or
 * from its start if it opened meanwhile; one that closed meanwhile is lost (`closed` says how many).
 */
export function ticksBetween(before: Map<number, number>, after: Map<number, number>) {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  const closed = [...before.keys()].filter((pid) => !after.has(pid)).length;
  return { ticks, closed };
}

interface CpuSnapshot {
  busy: number;
  total: number;
  byName: Map<string, number>;
}

/** Clock ticks from /proc (Linux): the machine's busy and total time, and the time of processes grouped by name. */
function cpuSnapshot(named: Map<string, string>): CpuSnapshot | undefined {
  try {
    const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const busy = total - (ticks[3] ?? 0) - (ticks[4] ?? 0);
    const byName = new Map<string, number>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      const close = stat.lastIndexOf(')');
      const name =
        pid === String(process.pid) ? 'this node' : (named.get(pid) ?? stat.slice(stat.indexOf('(') + 1, close));
      byName.set(name, (byName.get(name) ?? 0) + ticksOf(stat));
    }
    return { busy, total, byName };
  } catch {
    return undefined;
  }
}

export interface CpuUse {
  text: string;
  /** Percent of one core used by processes other than PostgreSQL, this Node process, the named ones and pgbench. */
  other: number;
}

/**
 * Starts watching the CPU; the returned function tells how busy the machine was since, in percent of one core:
 * PostgreSQL, this Node process, the processes named in `named` (pid to name: a server child), pgbench, and everything
 * else (other people's work on a shared machine).
 */
export function watchCpu(named: Record<number, string> = {}): () => CpuUse {
  const names = new Map(Object.entries(named).map(([pid, name]) => [pid, name]));
  const before = cpuSnapshot(names);
  return () => {
    const after = cpuSnapshot(names);
    if (!before || !after || after.total === before.total) return { text: 'n/a', other: 0 };
    const cores = cpus().length;
    const share = (ticks: number) => Math.round((ticks / (after.total - before.total)) * 100 * cores);
    const used = (name: string) => (after.byName.get(name) ?? 0) - (before.byName.get(name) ?? 0);
    const mine = ['postgres', 'this node', ...names.values(), 'pgbench'].map((name) => [name, used(name)] as const);
    const other = after.busy - before.busy - mine.reduce((sum, [, ticks]) => sum + ticks, 0);
    const parts = mine.filter(([, ticks]) => ticks > 0).map(([name, ticks]) => `${name} ${share(ticks)}%`);
    return {
      text: `${[...parts, `rest ${share(Math.max(0, other))}%`].join(', ')} (of ${cores * 100}%)`,
      other: share(Math.max(0, other)),
    };
  };
}

/** Prints a table: a header row, then label rows, every column padded to its widest cell. */
export function printTable(rows: string[][]) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  '),
    );
  }
}

/** Prints label/value rows as two aligned columns. */
export function printRows(rows: [string, string][]) {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}

/**
 * Times `repeat` calls one after another, after `warmUp` untimed ones (plans, caches), and answers the median, the
 * slowest and the last answer; `check` sees every answer and stops the run on a wrong one.
 */
export async function timeCalls<T>(
  repeat: number,
  call: () => Promise<T>,
  { check = () => {}, warmUp = 0 }: { check?: (answer: T) => void; warmUp?: number } = {},
) {
  for (let run = 0; run < warmUp; run += 1) check(await call());
  const times: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < repeat; run += 1) {
    const started = process.hrtime.bigint();
    last = await call();
    times.push(msSince(started));
    check(last);
  }
  const values = sorted(times);
  return { median: values[Math.floor(values.length / 2)] ?? 0, slowest: values.at(-1) ?? 0, last: last as T };
}
