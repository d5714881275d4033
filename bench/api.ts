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
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_CONNECTIONS [50],
 * BENCH_SECONDS [10].
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const database = 'paydesk_bench_api';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${database}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Started {
  child: ChildProcess;
  port: number;
  username?: string;
  password?: string;
}

async function start(mode: 'bare' | 'postgres' | 'pglite'): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-server.ts', mode], {
    cwd: new URL('.', import.meta.url).pathname,
    env: { ...process.env, BENCH_URL: benchUrl.toString(), NODE_ENV: 'production' },
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
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
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
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(url: string, cookie?: string): Promise<Figure> {
  await load(url, cookie, 2); // warm-up: JIT, caches, prepared plans
  return load(url, cookie);
}

const rows: [string, Figure][] = [];

await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
try {
  const bare = await start('bare');
  rows.push(['bare Fastify hello world', await measure(`http://127.0.0.1:${bare.port}/`)]);
  await stop(bare);
  for (const mode of ['postgres', 'pglite'] as const) {
    const server = await start(mode);
    const cookie = await signIn(server);
    const base = `http://127.0.0.1:${server.port}/api/inner`;
    if (mode === 'postgres')
      rows.push([`${mode}: GET /language (no session)`, await measure(`${base}/language`, cookie)]);
    rows.push([`${mode}: GET /user/current`, await measure(`${base}/user/current`, cookie)]);
    rows.push([`${mode}: GET /user/wallet/`, await measure(`${base}/user/wallet/`, cookie)]);
    await stop(server);
  }
} finally {
  await admin(`drop database if exists ${database} with (force)`);
}

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
