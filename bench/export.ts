/**
 * The orders export at a million orders (DESIGN §13): GET /order/export.csv through the whole server (routing,
 * session, validation, keyset chunks, the names joined, formatting, the CSV stream), beside a baseline in the same
 * process: PostgreSQL's own `COPY (select …) TO STDOUT` of the same columns through psql, read from its pipe. Rows per
 * second and peak RSS of each, and their ratio; the retained heap (after a collection, sampled every 16 MiB) tells what
 * of the RSS the export holds rather than garbage not yet collected. Not a test.
 *
 *   npm run export --workspace bench          (add `-- --keep` to keep the database)
 *
 * A PostgreSQL database <prefix>export is migrated and filled straight with SQL (generate_series, triggers off:
 * the export only reads the rows): BENCH_ROWS orders of one merchant and flow, a tenth executed by a trader, then
 * VACUUM ANALYZE, as autovacuum would.
 *
 * Checked, and a failed check stops the run with exit code 1: the export answers 200; it and COPY each write the header
 * and one line per order, and their first and last rows are the same orders; psql exits 0.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX [paydesk_bench_],
 * BENCH_ROWS [1000000], BENCH_KEEP=1.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { Client, createUser, testPassword } from '../apps/server/test/harness';
import { insertFlow } from '../apps/server/test/orders-fixture';
import { runAppBench } from './bench-app';
import { fillSql } from './orders-bulk';
import { benchDatabase, check, numberSetting, printRows, secondsSince, urlOf, watchCpu } from './support';

const rows = Math.floor(numberSetting('BENCH_ROWS', 1_000_000));
const databaseName = benchDatabase('export');

/** The export's columns as PostgreSQL itself would write them: the baseline's query. */
const copyQuery = `
  copy (
    select o.id, o.created_at, o.type, o.status, o.status, (o.fiat_amount_minor / 100.0)::text, o.fiat,
      (o.crypto_amount_minor / 1000000.0)::text, o.crypto, o.rate::text,
      concat_ws(', ', o.details->>'card_number', o.details->>'holder'), coalesce(p.title, e.username), m.username,
      f.name, o.client_order_id
    from orders o join users m on m.id = o.merchant_id join flows f on f.id = o.flow_id
      left join users e on e.id = o.executor_id left join partner_systems p on p.user_id = o.executor_id
    order by o.created_at desc, o.id desc
  ) to stdout with (format csv, header)`;

/** The heap still referenced, collected first: RSS also counts garbage the collector has not taken back yet. */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
const retainedHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};
const retainedEveryBytes = 16 * 2 ** 20;

/** The order ids of the first and last data rows of a CSV, from its first and last bytes (line 1 is the header). */
function edgeIds(head: string, tail: string) {
  const id = (line: string | undefined) => /^"?([0-9a-f-]{36})/.exec(line ?? '')?.[1];
  const lastLines = tail.split(/\r?\n/).filter((line) => line !== '');
  return { first: id(head.split(/\r?\n/)[1]), last: id(lastLines.at(-1)) };
}

/** Reads a byte stream to its end, counting lines, while sampling this process's RSS and retained heap. */
async function drain(stream: Readable, rssOf: () => number) {
  let lines = 0;
  let bytes = 0;
  let head = '';
  let tail = Buffer.alloc(0);
  let peakRss = rssOf();
  const heapBefore = retainedHeap();
  let peakHeap = heapBefore;
  let sampledAt = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (head.length < 4096) head += buffer.subarray(0, 4096).toString('utf8');
    tail = Buffer.concat([tail, buffer]).subarray(-4096);
    for (let index = buffer.indexOf(10); index !== -1; index = buffer.indexOf(10, index + 1)) lines += 1;
    peakRss = Math.max(peakRss, rssOf());
    if (bytes - sampledAt > retainedEveryBytes) {
      sampledAt = bytes;
      peakHeap = Math.max(peakHeap, retainedHeap());
    }
  }
  return { lines, bytes, peakRss, heapGrowth: peakHeap - heapBefore, ...edgeIds(head, tail.toString('utf8')) };
}

/** The peak resident set of a process so far (VmHWM), in bytes; 0 once it is gone. */
function peakRssOf(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function runCopy() {
  const started = process.hrtime.bigint();
  const child = spawn('psql', ['-X', '-q', '-d', urlOf(databaseName), '-c', copyQuery], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let psqlPeak = 0;
  const result = await drain(child.stdout, () => {
    psqlPeak = Math.max(psqlPeak, peakRssOf(child.pid ?? 0));
    return process.memoryUsage().rss;
  });
  const code = await new Promise((resolve) => child.once('close', resolve));
  check(code === 0, `psql exited with ${code}`);
  return { ...result, seconds: secondsSince(started), psqlPeak };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

await runAppBench('export', async ({ database: opened, app, bulk, version }) => {
  const root = await createUser(opened, { type: 'admin', username: 'root', isRoot: true });
  const merchant = await createUser(opened, { type: 'merchant', username: 'merchant' });
  const trader = await createUser(opened, { type: 'trader', username: 'trader' });
  const partner = await createUser(opened, { type: 'partner', username: 'partner' });
  const flowId = await insertFlow(opened.db, merchant.id, 'Flow');
  const fillStart = process.hrtime.bigint();
  await bulk.db.execute(sql.raw(fillSql(rows, [merchant.id], [flowId], [trader.id], partner.id)));
  await bulk.db.execute(sql`vacuum analyze`);
  console.log(`filled ${rows} orders in ${secondsSince(fillStart).toFixed(1)} s`);
  const admin = await new Client(app).signIn(root.username, testPassword);

  const cpu = watchCpu();
  const copy = await runCopy();
  const rssBefore = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'GET',
    url: '/api/inner/order/export.csv',
    headers: { cookie: admin.cookieHeader },
    payloadAsStream: true,
  });
  check(response.statusCode === 200, `export: status ${response.statusCode}`);
  const ours = await drain(response.stream(), () => process.memoryUsage().rss);
  const seconds = secondsSince(started);
  const used = cpu();
  check(
    ours.lines === rows + 1 && copy.lines === rows + 1,
    `expected ${rows + 1} lines, got ${ours.lines} (export) and ${copy.lines} (COPY)`,
  );
  // Both wrote the same orders in the same order (newest first): their first and last rows name the same orders.
  check(
    ours.first !== undefined && ours.first === copy.first && ours.last === copy.last,
    `the export's first and last rows are orders ${ours.first} and ${ours.last}, COPY's ${copy.first} and ${copy.last}`,
  );

  const oursRate = rows / seconds;
  const copyRate = rows / copy.seconds;
  console.log(`\n${'run'.padEnd(34)}${'seconds'.padStart(9)}${'rows/s'.padStart(10)}${'size'.padStart(10)}  peak RSS`);
  console.log(
    `${'COPY … TO STDOUT (psql, piped)'.padEnd(34)}${copy.seconds.toFixed(1).padStart(9)}${copyRate.toFixed(0).padStart(10)}${mib(copy.bytes).padStart(10)}  psql ${mib(copy.psqlPeak)}, this process ${mib(copy.peakRss)}`,
  );
  console.log(
    `${'GET /order/export.csv (inject)'.padEnd(34)}${seconds.toFixed(1).padStart(9)}${oursRate.toFixed(0).padStart(10)}${mib(ours.bytes).padStart(10)}  this process ${mib(ours.peakRss)} (${mib(rssBefore)} before)`,
  );
  console.log('');
  printRows([
    ['export / COPY, rows per second', `${(oursRate / copyRate).toFixed(2)}`],
    ['export RSS growth', `${mib(ours.peakRss - rssBefore)} (retained heap: ${mib(ours.heapGrowth)})`],
    ['cpu while measuring', used.text],
    ['settings', `${rows} orders, PostgreSQL ${version}, ${cpus().length} cores`],
  ]);
  if (used.other > 20) console.log(`warning: other processes used ${used.other}% of a core while measuring`);
});
