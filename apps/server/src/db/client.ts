import { existsSync, mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { flushDeferred, openDeferred } from './deferred';
import { type DatabaseTimeouts, defaultDatabaseTimeouts, releasingTransactions, resilientPool } from './pool';
import * as schema from './schema';

export { type DatabaseTimeouts, defaultDatabaseTimeouts } from './pool';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite (embedded) and PostgreSQL (`pg`). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Runs reads side by side on a pool, one after another inside a transaction: a transaction is one connection, and a
 * connection runs one query at a time (pg queues the rest, and will refuse them from pg 9).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Executor,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed migrations of apps/server/drizzle. */
  migrate(): Promise<void>;
  /** Round-trips a trivial query; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process using the database, until the
   * returned function is called. PostgreSQL delivers a notification only when its transaction commits.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connection pool's counts (PostgreSQL); null on the embedded database, which has one connection. */
  pool(): PoolCounts | null;
  close(): Promise<void>;
}

export interface PoolCounts {
  /** Connections open, idle or busy. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** What runs once a transaction commits, by transaction; forgotten with it when it rolls back. */
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `hook` once what `executor` wrote is committed: at the end of its transaction, or at once outside one. A
 * transaction that rolls back drops its hooks, so what they count (metrics) counts only what happened.
 */
export function afterCommit(executor: Executor, hook: () => void): void {
  const hooks = commitHooks.get(executor);
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Makes `db.transaction` (and the savepoints inside it) keep the hooks of `afterCommit` and run them after commit, and
 * send its deferred writes (db/deferred.ts) in one statement when its work is done, before it commits.
 */
function withCommitHooks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const tracked = <T>(run: (tx: Tx) => Promise<T>, hooks: (() => void)[]) => {
    return async (tx: Tx) => {
      commitHooks.set(tx, hooks);
      openDeferred(tx);
      const nested = tx.transaction.bind(tx);
      tx.transaction = async <U>(inner: (nestedTx: Tx) => Promise<U>) => {
        const own: (() => void)[] = [];
        const result = await nested(tracked(inner, own));
        hooks.push(...own);
        return result;
      };
      const result = await run(tx);
      await flushDeferred(tx);
      return result;
    };
  };
  db.transaction = async (run, config) => {
    const hooks: (() => void)[] = [];
    const result = await transaction(tracked(run, hooks), config);
    for (const hook of hooks) hook();
    return result;
  };
  return db;
}

/** apps/server/drizzle, seen from the sources (src/db) or from the bundle (dist). */
export const migrationsFolder =
  [new URL('../drizzle', import.meta.url).pathname, new URL('../../drizzle', import.meta.url).pathname].find((path) =>
    existsSync(`${path}/meta/_journal.json`),
  ) ?? new URL('../../drizzle', import.meta.url).pathname;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  migrationsFolder?: string;
  /**
   * Embedded database only, what PGlite starts from: a dump of a migrated database (`loadDataDir`) instead of an empty
   * one, and its WebAssembly modules and file bundle compiled and read once for many databases (tests).
   */
  pglite?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
  /** PostgreSQL only: how long to wait for the server before a request fails with 503 (defaults below). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** /readyz waits this long for the database's answer, so a silent database is a 503 within a second. */
const pingTimeoutMs = 900;

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailable(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The database did not answer in time. */
export class DatabaseUnavailable extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
    const pool = resilientPool(url, timeouts);
    const orm = drizzlePg(pool, { schema });
    releasingTransactions(orm, pool);
    const db = withCommitHooks(orm as unknown as Db);
    return {
      db,
      kind: 'postgres',
      // Migrations may build indexes for longer than a request may run: on a connection of their own, no timeout.
      migrate: async () => {
        const migrator = resilientPool(url, { ...timeouts, statementMs: 0, lockMs: 0, idleInTransactionMs: 0 }, 1);
        try {
          await migratePg(drizzlePg(migrator, { schema }) as never, { migrationsFolder: folder });
        } finally {
          await migrator.end();
        }
      },
      ping: async () => {
        await within(pool.query('select 1'), pingTimeoutMs, 'the database');
      },
      listen: (channel, handler) => listenOnPostgres(url, timeouts, channel, handler),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      close: () => pool.end(),
    };
  }
  let unlock: () => void = () => undefined;
  if (!options.dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir, options.pglite ?? {});
  } catch (error) {
    unlock();
    throw error;
  }
  const db = withCommitHooks(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns an embedded database, so its notifications stay in this process.
    listen: async (channel, handler) => {
      assertChannelName(channel);
      const unlisten = await client.listen(channel, handler);
      return () => unlisten();
    },
    pool: () => null,
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

function assertChannelName(channel: string) {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}

const relistenDelayMs = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection is opened
 * again after a second; notifications sent meanwhile are lost, which the clients cover by reloading on reconnect.
 */
async function listenOnPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  channel: string,
  handler: (payload: string) => void,
) {
  assertChannelName(channel);
  let stopped = false;
  let current: pg.Client | null = null;
  const retry = () => {
    if (!stopped) setTimeout(() => connect().catch(retry), relistenDelayMs).unref();
  };
  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    client.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    // Only a connection that was listening is replaced; a failed attempt is retried by its caller.
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      retry();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    current = client;
  }
  await connect();
  return async () => {
    stopped = true;
    await current?.end();
  };
}

/**
 * Rows of a raw SQL query, the same over both drivers. PGlite returns int8 as a JavaScript number and `pg` as a
 * string, so raw queries cast money to text and the caller turns it into a bigint.
 */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export { selectPrepared } from './prepared';
