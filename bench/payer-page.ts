/**
 * The payer's page under load (issue 30, item 7; DESIGN §20): `GET /pay/{token}` per second of a real pay-in's page on
 * PostgreSQL, beside a bare Fastify serving the same page's bytes, printed as a ratio of the bare figure measured in
 * the same run (goal: at least 0.5), with the statements and the server's CPU per page. Absolute numbers on a shared
 * machine are noise; the ratio is not. Not a test.
 *
 *   npm run payer-page --workspace bench
 *
 * Each server runs in a child process of its own (payer-page-server.ts), as bench/api.ts's do, so autocannon (in this
 * process) never shares its event loop. The world: one merchant, one trader with cards on its RUB/USDT flow
 * (orders-world.ts), on a database of its own; the pay-in is made through the signed merchant API with the generated
 * client, and its `payment_url` is the page measured. autocannon drives BENCH_CONNECTIONS connections for
 * BENCH_SECONDS seconds after a warm-up, bare and page in turns, twice; the table shows the better of the two of each.
 * Checked, and a failed check exits 1: the page answers 200 with HTML showing the amount to send; every answer under
 * load is a 2xx, with no error or timeout. BENCH_PROFILE=<dir> writes the page server's CPU profile there.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_CONNECTIONS [20], BENCH_SECONDS [10], BENCH_ROWS [floor,script,status] (the rows measured
 * beside bare and the page).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import {
  benchDatabase,
  check,
  drop,
  failureText,
  numberSetting,
  processTicks,
  recreate,
  serverVersion,
  ticksPerSecond,
  urlOf,
} from './support';

const connections = Math.floor(numberSetting('BENCH_CONNECTIONS', 20));
const seconds = numberSetting('BENCH_SECONDS', 10);
const database = benchDatabase('payer_page');
/** The rows measured beside bare Fastify and the page (all by default): a profile then sees those rows' work only. */
const rows = ['bare', 'page', ...(process.env.BENCH_ROWS ?? 'floor,script,status').split(',')];

interface Figure {
  requests: number;
  total: number;
  p50: number;
  p99: number;
  /** The server's CPU per answer, ms. */
  cpuMs: number;
  /** Statements sent to PostgreSQL per answer. */
  statements: number;
}

interface Started {
  child: ChildProcess;
  url: string;
}

/** Another address on a started server: the same process, counted alike. */
const on = (server: Started, path: string): Started => ({ ...server, url: new URL(path, server.url).href });

async function start(args: string[], profile?: string): Promise<Started> {
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      '--import',
      'tsx',
      'payer-page-server.ts',
      ...args,
    ],
    {
      cwd: new URL('.', import.meta.url).pathname,
      env: { ...process.env, BENCH_URL: urlOf(database), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  const { port, path } = JSON.parse(line) as { port: number; path: string };
  return { child, url: `http://127.0.0.1:${port}${path}` };
}

function stop(started: Started) {
  return new Promise<void>((resolve) => {
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** The statements a server has sent so far (payer-page-server.ts counts them). */
function statementsOf(started: Started): Promise<number> {
  return new Promise((resolve) => {
    started.child.once('message', (message) => resolve((message as { statements: number }).statements));
    started.child.send('statements');
  });
}

/** `duration` seconds of load on a server; every answer a 2xx, and some answered. */
async function load(started: Started, duration: number): Promise<Figure> {
  const pid = started.child.pid ?? 0;
  const [ticksBefore, statementsBefore] = [processTicks(pid), await statementsOf(started)];
  const result = await autocannon({ url: started.url, connections, duration, timeout: 30 });
  const [ticks, sent] = [processTicks(pid) - ticksBefore, (await statementsOf(started)) - statementsBefore];
  const failed = result.errors + result.timeouts + result.non2xx;
  const total = result.requests.total;
  check(
    failed === 0 && total > 0,
    () =>
      `${started.url}: ${total} requests, ${result.non2xx} not 2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  return {
    requests: result.requests.average,
    total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (ticks / (await ticksPerSecond()) / total) * 1000,
    statements: sent / total,
  };
}

const running: Started[] = [];
let exitCode = 0;
try {
  const version = await serverVersion();
  await recreate(database);
  const page = await start(['postgres'], process.env.BENCH_PROFILE);
  running.push(page);
  const answer = await fetch(page.url);
  const html = await answer.text();
  check(answer.status === 200 && /1[, ]?500/.test(html), () => `${page.url}: ${answer.status} ${html.slice(0, 300)}`);
  const htmlFile = join(mkdtempSync(join(tmpdir(), 'paydesk-bench-page-')), 'page.html');
  writeFileSync(htmlFile, html);
  const bare = await start(['bare', htmlFile]);
  running.push(bare);

  // The page's script through the same server: every plugin of the platform, no database; what the page could reach.
  const script = on(page, '/payer-page.js');
  // Bare Fastify reading the page's context with the page's own statement, then sending the same bytes: the floor.
  const floor = on(bare, new URL(page.url).pathname);
  // What an open page's script asks every five seconds while its payer waits: the load an evening peak is made of.
  const status = on(page, `${new URL(page.url).pathname}/status`);
  const best: Record<'bare' | 'floor' | 'script' | 'page' | 'status', Figure | undefined> = {
    bare: undefined,
    floor: undefined,
    script: undefined,
    page: undefined,
    status: undefined,
  };
  await load(bare, 3);
  await load(page, 3);
  for (let round = 0; round < 2; round += 1) {
    for (const [name, server] of [
      ['bare', bare],
      ['floor', floor],
      ['script', script],
      ['page', page],
      ['status', status],
    ] as const) {
      if (!rows.includes(name)) continue;
      const figure = await load(server, seconds);
      if (figure.requests > (best[name]?.requests ?? 0)) best[name] = figure;
    }
  }
  const bareFigure = best.bare as Figure;
  const pageFigure = best.page as Figure;
  const ratio = pageFigure.requests / bareFigure.requests;
  console.log(
    `\n${connections} connections, ${seconds} s each (best of 2), ${cpus().length} cores, PostgreSQL ${version}; page ${html.length} bytes`,
  );
  console.log(
    `${'target'.padEnd(42)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× bare'.padStart(9)}${'CPU ms'.padStart(9)}${'stmts'.padStart(7)}`,
  );
  for (const [name, figure] of [
    ['bare Fastify, the same HTML', bareFigure],
    ["bare Fastify + the page's one statement", best.floor],
    ['GET /payer-page.js (no database)', best.script],
    ['GET /pay/{token} (PostgreSQL)', pageFigure],
    ["GET /pay/{token}/status (the script's poll)", best.status],
  ] as const) {
    if (!figure) continue;
    console.log(
      `${name.padEnd(42)}${figure.requests.toFixed(0).padStart(9)}${figure.p50.toFixed(0).padStart(9)}${figure.p99.toFixed(0).padStart(9)}${(figure.requests / bareFigure.requests).toFixed(3).padStart(9)}${figure.cpuMs.toFixed(3).padStart(9)}${figure.statements.toFixed(1).padStart(7)}`,
    );
  }
  const floorFigure = best.floor;
  const floorText = floorFigure
    ? `; a page that reads its context once can reach ${(floorFigure.requests / bareFigure.requests).toFixed(2)} of ` +
      `bare here (the floor row), and this page is ${(pageFigure.requests / floorFigure.requests).toFixed(2)} of that floor`
    : '';
  console.log(`${ratio >= 0.5 ? 'goal met' : 'goal missed'}: ${ratio.toFixed(2)} of bare (goal 0.5)${floorText}`);
} catch (error) {
  console.error(failureText(error));
  exitCode = 1;
} finally {
  for (const server of running) await stop(server);
  await drop(database);
}
process.exit(exitCode);
