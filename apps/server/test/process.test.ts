import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileName, parseLock } from '../src/db/data-dir-lock';
import { testSecretsKey } from './harness';

/**
 * How the process behaves for an operator (issue 35, item 5), on the real commands: `npm run serve` (scripts/start.mjs
 * without its build step) passes SIGTERM on to the server and ends with it, the server stops when that script is
 * killed outright, and a taken port, a second process on the same embedded database and a missing build each print one
 * readable line and exit non-zero. `npm run dev` and `npm start` keep the embedded database in the same folder.
 * Every wait is on a line printed or a process's exit.
 */

const root = new URL('../../..', import.meta.url).pathname;
const serverDir = new URL('..', import.meta.url).pathname;
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** A data folder under the repository's .tmp/, by its path relative to the repository and its absolute path. */
function dataFolder() {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const absolute = mkdtempSync(join(root, '.tmp', 'process-test-'));
  cleanups.push(() => rmSync(absolute, { recursive: true, force: true }));
  return { relative: absolute.slice(root.length), absolute };
}

/** The embedded database without demo data, JSON log lines, no web app: what every process here starts with. */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  return {
    ...inherited,
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO: 'false',
    SECRETS_KEY: testSecretsKey,
    LOG_FORMAT: 'json',
    WEB_DIST_DIR: '',
    ...env,
  };
}

interface Started {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the first JSON log line that `match` accepts. */
  logged(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  stderr(): string;
  /** Resolves once the process has printed `text` on stderr. */
  printed(text: string): Promise<void>;
  /** Resolves once the process has exited and every holder of its output (its children too) has closed it. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; detached?: boolean }) {
  const { cwd, env, detached = false } = options;
  const child = spawn(command, args, { cwd, env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (detached && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  });
  const lines: Record<string, unknown>[] = [];
  const waiting: {
    match: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    if (!text.startsWith('{')) return;
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    for (const wait of waiting.filter((candidate) => candidate.match(line))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const started: Started = {
    child,
    logged: (match) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(match);
        if (seen) return resolve(seen);
        waiting.push({ match, resolve });
        void closed.then(() => reject(new Error(`exited before the line was logged; stderr:\n${stderr}`)));
      }),
    stderr: () => stderr,
    printed: (text) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (stderr.includes(text)) resolve();
        };
        child.stderr.on('data', check);
        check();
        void closed.then(() => reject(new Error(`exited before printing ${text}; stderr:\n${stderr}`)));
      }),
    closed,
  };
  return started;
}

/** Whether a process runs (a zombie waiting for its parent to collect it has stopped running). */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Resolves once `pid` has exited. Its output closes as the kernel tears the process down, a moment before it is
 * marked exited (CI once saw it still running right after `closed`), so this looks again until it is gone; the
 * test's own timeout bounds the wait.
 */
async function exited(pid: number): Promise<void> {
  while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const isRunningLine = (line: Record<string, unknown>) => line.msg === 'Paydesk is running';

beforeAll(async () => {
  // The commands serve the built server: build it from these sources (esbuild, a second or two).
  const build = start(process.execPath, ['build.mjs'], { cwd: serverDir, env: process.env });
  expect((await build.closed).code).toBe(0);
});

describe('npm run serve on an embedded database, and what meets it there', () => {
  const folder = dataFolder();
  let serve: Started;
  let running: Record<string, unknown>;
  beforeAll(async () => {
    serve = start('npm', ['run', 'serve'], { cwd: root, env: environment({ DATA_DIR: folder.relative }) });
    running = await serve.logged(isRunningLine);
  });

  it('names the data folder, a relative DATA_DIR read from the repository', () => {
    expect(running.dataDir).toBe(folder.absolute);
    expect(parseLock(readFileSync(join(folder.absolute, lockFileName), 'utf8')).pid).toBe(Number(running.pid));
  });

  it('refuses a second server on the same folder in one line', async () => {
    const second = start(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: environment({ DATA_DIR: folder.absolute }),
    });
    expect((await second.closed).code).toBe(1);
    expect(second.stderr().trim().split('\n')).toEqual([
      `Paydesk cannot start: the embedded database in ${folder.absolute} is in use by another Paydesk process (pid ${running.pid}): stop it first, or set DATA_DIR to another folder.`,
    ]);
  });

  it('has ledger:reconcile say to stop the server, in one line', async () => {
    const reconcile = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'reconcile'], {
      cwd: serverDir,
      env: environment({ DATA_DIR: folder.absolute }),
    });
    expect((await reconcile.closed).code).toBe(1);
    expect(reconcile.stderr().trim().split('\n')).toEqual([
      `reconcile cannot run: the server (pid ${running.pid}) has the embedded database in ${folder.absolute} open. Stop the server first (Ctrl-C where it runs, or kill -TERM ${running.pid}), then run this command again.`,
    ]);
  });

  it('has npm run dev open the same folder as npm start for the same DATA_DIR', async () => {
    // dev's own process group, so that tsx watch (which waits for changes after its server stopped) ends with it.
    const dev = start('npm', ['run', 'dev'], {
      cwd: root,
      env: environment({ DATA_DIR: folder.relative }),
      detached: true,
    });
    await dev.printed(`Paydesk cannot start: the embedded database in ${folder.absolute} is in use`);
    process.kill(-Number(dev.child.pid), 'SIGTERM');
    await dev.closed;
  });

  it('stops the server when npm gets SIGTERM, and npm ends with it', async () => {
    const stopped = serve.logged((line) => line.msg === 'stopped');
    serve.child.kill('SIGTERM');
    await stopped;
    await serve.closed;
    await exited(Number(running.pid));
    expect(existsSync(join(folder.absolute, lockFileName))).toBe(false);
  });
});

describe('the process, as an operator meets it', () => {
  it('stops the server when the script that started it is killed outright', async () => {
    const folder = dataFolder();
    const script = start(process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
      cwd: root,
      env: environment({ DATA_DIR: folder.absolute }),
    });
    const running = await script.logged(isRunningLine);
    script.child.kill('SIGKILL');
    // The server shares the script's stderr: it is closed once the server has exited too.
    await script.closed;
    await exited(Number(running.pid));
  });

  it('says in one line that the port is taken, and exits 1', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => holder.close());
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const folder = dataFolder();
    const server = start(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: environment({ DATA_DIR: folder.absolute, PORT: String(port) }),
    });
    expect((await server.closed).code).toBe(1);
    expect(server.stderr().trim().split('\n')).toEqual([
      `Paydesk cannot start: port ${port} on 127.0.0.1 is already in use (another Paydesk or another program): stop it, or set PORT to a free port.`,
    ]);
    expect(existsSync(join(folder.absolute, lockFileName))).toBe(false);
  });

  it('says in one line that nothing is built, and exits 1', async () => {
    const checkout = mkdtempSync(join(tmpdir(), 'paydesk-unbuilt-'));
    cleanups.push(() => rmSync(checkout, { recursive: true, force: true }));
    mkdirSync(join(checkout, 'scripts'));
    copyFileSync(join(root, 'scripts/start.mjs'), join(checkout, 'scripts/start.mjs'));
    const serve = start(process.execPath, [join(checkout, 'scripts/start.mjs'), '--no-build'], {
      cwd: checkout,
      env: environment({}),
    });
    expect((await serve.closed).code).toBe(1);
    expect(serve.stderr().trim().split('\n')).toEqual([
      'Paydesk is not built (apps/server/dist/main.js is missing): run `npm run build` first, or `npm start`, which builds.',
    ]);
  });
});
