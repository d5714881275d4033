import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { testSecretsKey } from './harness';

/**
 * `src/main.ts` in a process of its own on PostgreSQL, as production runs it, for tests and benches that fault the
 * database under it: resolves once it listens, with its address; its log lines and what it printed to stderr are
 * kept (a crash's stack lands there).
 */
export interface ServerProcess {
  child: ChildProcess;
  base: URL;
  /** Whether the process is still running. */
  alive(): boolean;
  /** What the process wrote to stderr (an unhandled error's stack). */
  stderr(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DEMO: 'false',
      WEB_DIST_DIR: '',
      SECRETS_KEY: testSecretsKey,
      // The load signs in and calls from one address many times: the sign-in windows are opened wide for it.
      LOGIN_MAX_FAILURES: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = new Promise<URL>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as { msg?: string; url?: string };
        if (line.msg === 'Paydesk is running') resolve(new URL(String(line.url).replace('localhost', '127.0.0.1')));
      } catch {
        // Not a log line.
      }
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it listened: ${errors}`)));
  });
  const base = await running;
  return {
    child,
    base,
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => errors,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Checks `condition` every 50 ms until it holds; throws as soon as `server` has exited (no wait for a dead one). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, server?: ServerProcess): Promise<void> {
  for (;;) {
    if (await condition()) return;
    if (server && !server.alive()) throw new Error(`the server process exited: ${server.stderr().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
