/**
 * The signed-in path under load, side by side with a bare Fastify (issue "Hardening and groundwork"): one run prints
 * requests per second and latency of a hello-world Fastify, of `GET /api/inner/user/current` and of one list call
 * (`GET /api/inner/user/wallet/`) of a signed-in merchant, on PostgreSQL and on the embedded database, and each as a
 * ratio of the bare figure measured in the same run. Absolute numbers on a shared machine are noise; ratios are not.
 * `GET /language` (public, no session, no database) shows what the platform's own plugins cost on every answer.
 * Not a test.
 *
 *   npm run api --workspace bench
 *
 * Every server runs in a child process of its own; autocannon, in this process, drives BENCH_CONNECTIONS connections
 * for BENCH_SECONDS seconds after a short warm-up.
 * Checked, and a failed check stops the run with exit code 1: before each load one answer is a 200 that says what the
 * route claims (the hello world; the signed-in merchant; its wallet with the 392.5 USDT it was credited), and every
 * answer under load (warm-up included) is a 2xx, with no error or timeout.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_CONNECTIONS [50], BENCH_SECONDS [10].
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseAmount, USDT } from '@paydesk/contract';
import autocannon from 'autocannon';
import { benchDatabase, check, drop, failureText, numberSetting, recreate, urlOf } from './support';

const connections = Math.floor(numberSetting('BENCH_CONNECTIONS', 50));
const seconds = numberSetting('BENCH_SECONDS', 10);
const database = benchDatabase('api');
/** What api-server.ts credits the merchant with (100 + 250.5 + 42 USDT): its wallet must say so. */
const fundedMinor = parseAmount('392.5', USDT.ratio_fraction);

interface Started {
  child: ChildProcess;
  port: number;
  username?: string;
  password?: string;
}

async function start(mode: 'bare' | 'postgres' | 'pglite'): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-server.ts', mode], {
    cwd: new URL('.', import.meta.url).pathname,
    env: { ...process.env, BENCH_URL: urlOf(database), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
  });
  return { child, ...(JSON.parse(line) as Omit<Started, 'child'>) };
}

function stop(started: Started) {
  return new Promise<void>((resolve) => {
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** Signs in like the web app: the CSRF cookie, then the sign-in; returns the cookies a browser would send. */
async function signIn(started: Started): Promise<string> {
  const base = `http://127.0.0.1:${started.port}/api/inner`;
  const csrf = await fetch(`${base}/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ username: started.username, password: started.password }),
  });
  check(login.status === 200, `sign-in failed: ${login.status} ${await login.text()}`);
  const session = /paydesk_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return `XSRF-TOKEN=${xsrf}; paydesk_session=${session}`;
}

interface Figure {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, cookie?: string, duration = seconds): Promise<Figure> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: cookie ? { cookie } : {},
  });
  // Every answer under load must be a 2xx: a figure of refusals or errors is not the route's.
  const failed = result.errors + result.timeouts + result.non2xx;
  check(
    failed === 0 && result.requests.total > 0,
    () =>
      `${url}: ${result.requests.total} requests, ${result.non2xx} not 2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  return { requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: failed };
}

/**
 * One answer first, checked for what the route claims to return (`expect` on its 200 body), then the load: a warm-up
 * (JIT, caches, prepared plans) and the measured run, every answer of both a 2xx.
 */
async function measure(url: string, expect: (body: string) => string | undefined, cookie?: string): Promise<Figure> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  check(response.status === 200, `${url}: status ${response.status}: ${body.slice(0, 300)}`);
  const wrong = expect(body);
  check(wrong === undefined, `${url}: ${wrong}: ${body.slice(0, 300)}`);
  await load(url, cookie, 2);
  return load(url, cookie);
}

const hello = (body: string) => (body === '{"hello":"world"}' ? undefined : 'not the hello world');
const anything = () => undefined;
/** GET /user/current names the signed-in merchant. */
const currentIs = (username: string) => (body: string) =>
  (JSON.parse(body) as { data?: { data?: { username?: string } } }).data?.data?.username === username
    ? undefined
    : `not ${username}`;
/** GET /user/wallet/ lists the merchant's wallet with what it was credited. */
const walletOf = (username: string) => (body: string) => {
  const items = (JSON.parse(body) as { data?: { items?: Wallet[] } }).data?.items ?? [];
  const funded = items.some(
    (wallet) =>
      wallet.holder.username === username &&
      wallet.amount.currency.code === USDT.code &&
      parseAmount(wallet.amount.amount, USDT.ratio_fraction) === fundedMinor,
  );
  return funded ? undefined : `no wallet of ${username} holding 392.5 USDT`;
};
interface Wallet {
  holder: { username: string };
  amount: { amount: string; currency: { code: string } };
}

const rows: [string, Figure][] = [];

let running: Started | undefined;
try {
  await recreate(database);
  running = await start('bare');
  rows.push(['bare Fastify hello world', await measure(`http://127.0.0.1:${running.port}/`, hello)]);
  await stop(running);
  for (const mode of ['postgres', 'pglite'] as const) {
    running = await start(mode);
    const cookie = await signIn(running);
    const username = running.username ?? '';
    const base = `http://127.0.0.1:${running.port}/api/inner`;
    if (mode === 'postgres')
      rows.push([`${mode}: GET /language (no session)`, await measure(`${base}/language`, anything, cookie)]);
    rows.push([`${mode}: GET /user/current`, await measure(`${base}/user/current`, currentIs(username), cookie)]);
    rows.push([`${mode}: GET /user/wallet/`, await measure(`${base}/user/wallet/`, walletOf(username), cookie)]);
    await stop(running);
  }
  running = undefined;
} catch (error) {
  console.error(failureText(error));
  process.exitCode = 1;
} finally {
  if (running && running.child.exitCode === null) await stop(running);
  await drop(database);
}
if (process.exitCode === 1) process.exit(1);

const baseline = rows[0]?.[1].requests ?? 1;
console.log(
  `\n${connections} connections, ${seconds} s each, on ${process.platform} with ${(await import('node:os')).cpus().length} cores`,
);
console.log(
  `${'target'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'× bare'.padStart(9)}`,
);
for (const [name, figure] of rows) {
  console.log(
    `${name.padEnd(40)}${figure.requests.toFixed(0).padStart(9)}${figure.p50.toFixed(0).padStart(9)}${figure.p99.toFixed(0).padStart(9)}${String(figure.errors).padStart(8)}${(figure.requests / baseline).toFixed(3).padStart(9)}`,
  );
}
