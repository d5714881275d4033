import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import rootPackage from '../../../package.json';
import { type Database, openDatabase, selectRows } from '../src/db/client';
import { createUser, openTestDatabase, testPassword, testSecretsKey } from './harness';

/**
 * Graceful shutdown (DESIGN §18), on the real process: `src/main.ts` in a child process under load is sent SIGTERM
 * while sign-ins are in flight (their bodies half sent) and a job is running (the rate feed's request held open).
 * Every request the server had received before the signal is answered 200, the job finishes, none is left running,
 * and the process exits 0. On PostgreSQL the child shares the test's database; on the embedded database it opens
 * the data directory the test prepared, and the test opens it again once the child has exited.
 */

interface LogLine {
  msg?: string;
  reqId?: string;
  url?: string;
  [key: string]: unknown;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A rate feed whose first request is held open until `release` (a job running at the signal). */
async function heldRateFeed() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requests = 0;
  let firstArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    firstArrived = resolve;
  });
  const server: Server = createServer((request, response) => {
    requests += 1;
    const symbol = new URL(request.url ?? '/', 'http://feed').searchParams.get('symbol') ?? '';
    const answer = () => response.end(JSON.stringify({ symbol, price: '92.50000000' }));
    if (requests === 1) {
      firstArrived();
      void released.then(answer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ticker`, arrived, release };
}

/** Starts `src/main.ts`; its JSON log lines are collected as they come. */
function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'trace',
      DEMO: 'false',
      WEB_DIST_DIR: '',
      SECRETS_KEY: testSecretsKey,
      // The load is one account signing in many times at once from one address: every attempt is counted before its
      // password is checked (DESIGN §3), so the windows are opened wide for it.
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const logs: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    logs.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logged = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const found = logs.find(test);
      if (found) return resolve(found);
      waiters.push({ test, resolve });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before the awaited log line`)));
    });
  return { child, logs, logged, exited };
}

function responseOf(request: ReturnType<typeof httpRequest>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request.once('response', (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.once('error', reject);
  });
}

async function runUnderLoad(database: Database & { url?: string }, env: Record<string, string>) {
  const user = await createUser(database, { type: 'admin' });
  const feed = await heldRateFeed();
  return async (reopen: () => Promise<Database>) => {
    const server = startServer({ ...env, RATE_FEED_URL: feed.url, RATE_FEED_POLL_SECONDS: '3600' });
    const running = await server.logged((line) => line.msg === 'Paydesk is running');
    // The start line names the release, the repository's one version.
    expect(running.version).toBe(rootPackage.version);
    const base = new URL(String(running.url).replace('localhost', '127.0.0.1'));
    await feed.arrived;

    const csrf = await fetch(new URL('/api/inner/csrf-cookie', base));
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(xsrf).not.toBe('');

    // Sign-ins whose bodies are half sent: in flight, received by the server, when the signal comes.
    const body = JSON.stringify({ username: user.username, password: testPassword });
    const slow = Array.from({ length: 6 }, (_, index) => {
      const request = httpRequest(new URL('/api/inner/login', base), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          'x-request-id': `slow-${index}`,
          connection: 'close',
        },
      });
      request.write(body.slice(0, 10));
      return { id: `slow-${index}`, request, response: responseOf(request) };
    });
    for (const { id } of slow) await server.logged((line) => line.msg === 'request received' && line.reqId === id);

    // Steady load beside them, until the process is gone.
    const results: { id: string; status?: number; error?: string }[] = [];
    let stopLoad = false;
    const loop = async (worker: number) => {
      for (let n = 0; !stopLoad; n += 1) {
        const id = `load-${worker}-${n}`;
        try {
          const response = await fetch(new URL('/readyz', base), { headers: { 'x-request-id': id } });
          await response.text();
          results.push({ id, status: response.status });
        } catch (error) {
          results.push({ id, error: String((error as Error).cause ?? error) });
          if (server.child.exitCode !== null) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const load = [0, 1, 2, 3].map(loop);
    while (results.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));

    server.child.kill('SIGTERM');
    const shuttingDown = await server.logged((line) => String(line.msg).startsWith('shutting down'));
    for (const { request } of slow) request.end(body.slice(10));
    feed.release();

    const code = await server.exited;
    stopLoad = true;
    await Promise.all(load);
    expect(code).toBe(0);

    for (const { id, response } of slow) {
      const answer = await response;
      expect(answer.status, `${id}: ${answer.body}`).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { user: { username: user.username } } });
    }
    // Every request the server had received before the signal was answered, and answered well.
    const before = server.logs.slice(0, server.logs.indexOf(shuttingDown));
    const received = new Set(before.filter((line) => line.msg === 'request received').map((line) => line.reqId));
    const loadReceived = results.filter((result) => received.has(result.id));
    expect(loadReceived.length).toBeGreaterThan(0);
    for (const result of loadReceived) expect(result, result.id).toMatchObject({ status: 200 });
    // Refused after it: a 503 (a keep-alive connection while closing) or no connection at all, never a failure.
    for (const result of results) if (result.status !== undefined) expect([200, 503]).toContain(result.status);
    expect(server.logs.some((line) => line.msg === 'stopped')).toBe(true);

    // The rate feed's job finished after the signal (its rates stored), and no job is left running.
    const db = (await reopen()).db;
    expect(await selectRows(db, sql`select id from jobs where status = 'running'`)).toEqual([]);
    const [feedJob] = await selectRows<{ status: string; last_error: string | null }>(
      db,
      sql`select status, last_error from jobs where kind = 'rates.poll'`,
    );
    expect(feedJob).toEqual({ status: 'queued', last_error: null });
    const [stored] = await selectRows<{ rate: string }>(
      db,
      sql`select rate::text from rate_quotes where source = 'feed' and fiat = 'RUB' and crypto = 'USDT'`,
    );
    expect(Number(stored?.rate)).toBe(92.5);
  };
}

describe('SIGTERM under load (DESIGN §18)', () => {
  it('loses no request received and leaves no job running', async () => {
    if (process.env.DATABASE_URL) {
      const database = await openTestDatabase();
      cleanups.push(() => database.close());
      const run = await runUnderLoad(database, { DATABASE_URL: database.url ?? '' });
      await run(async () => database);
      return;
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const prepared = await openDatabase({ dataDir });
    await prepared.migrate();
    const run = await runUnderLoad(prepared, { DATA_DIR: dataDir });
    // The embedded database is one process's: the child opens it once the test has let go of it.
    await prepared.close();
    await run(async () => {
      const reopened = await openDatabase({ dataDir });
      cleanups.push(() => reopened.close());
      return reopened;
    });
  });
});
