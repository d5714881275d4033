import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of its own, in a temporary directory on a free port, for tests and benches that stop and start
 * the database under load (issue 31): the machine's shared server is never restarted. Needs PostgreSQL's server
 * programs (initdb, pg_ctl): PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. initdb refuses to run as root,
 * so as root the cluster runs as the `postgres` user.
 */

const run = promisify(execFile);

/** Where initdb and pg_ctl are, or null when this machine has no PostgreSQL server installed. */
export function postgresBin(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

export interface ThrowawayCluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  /** A fast shutdown, as `pg_ctl stop -m fast` (and `pg_ctlcluster … restart -m fast`) does: sessions are ended. */
  stop(): Promise<void>;
  /** Starts it again; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server programs (initdb, pg_ctl): set PG_BIN');
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  const as = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Small and quick: no fsync (a test's data), the socket in the cluster's own directory, TCP on loopback only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '120', 'start']);
  };
  await start();
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
    },
    start,
    remove: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
