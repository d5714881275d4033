import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * PostgreSQL's connection pool, built to outlive the database's faults (issue 31, D1–D3): a restart, a failover, a
 * session the server ends (`pg_terminate_backend`, its own timeouts) or a network path that goes silent. The
 * process answers 503 meanwhile and serves again by itself once the database is back; it never exits over it.
 */

export interface DatabaseTimeouts {
  /** Opening a connection (TCP and the handshake) or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement: the server cancels it (statement_timeout), and the process gives up on it a little later. */
  statementMs: number;
  /** Waiting for a row or table lock another session holds (lock_timeout): a request stuck behind one is a 503. */
  lockMs: number;
  /** A transaction left idle by its process: the server ends its session (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 30_000,
  lockMs: 5000,
  idleInTransactionMs: 10_000,
};

/** The parts of a pg client that tell a connection still waiting for an answer (pg has no public word for it). */
interface Busy {
  _activeQuery: unknown;
  _queryable: boolean;
  connection?: { stream?: { destroy(): void } };
}

/** Ignores a connection's error: pg has already failed its queries with it, and the pool drops the connection. */
const ignoreConnectionError = () => undefined;

/**
 * A pg pool that survives a database that restarts, ends sessions or goes silent (packets dropped, not refused):
 * - every connection listens for errors for its whole life, checked out as well as idle. pg-pool listens only on
 *   idle ones, and an 'error' nobody listens to ends the process: a restart under load used to kill every process.
 *   The queries of a connection that fails are failed with its error (a 503), and the pool drops it when released;
 * - connections time out instead of waiting for ever, TCP keepalive notices a dead peer, the server cancels long
 *   statements, gives up waiting for a lock, and ends sessions left idle in a transaction, so that a lock left by a
 *   lost process is held seconds, not minutes;
 * - a connection whose query timed out on this side is destroyed when it is released, never handed to the next
 *   request (its protocol state is unknown: the answer may still arrive, or never).
 */
export function resilientPool(url: string, timeouts: DatabaseTimeouts, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: timeouts.statementMs,
    ...(timeouts.statementMs > 0 ? { query_timeout: timeouts.statementMs + 2000 } : {}),
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // The hot queries are named statements (selectPrepared): planned once per connection, then always run with their
    // generic plan, since planning the matcher costs more than running it (DESIGN §16). PGOPTIONS (libpq's
    // convention) still applies: a statement log for a measurement, say.
    options: [process.env.PGOPTIONS, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' '),
  });
  pool.on('connect', (client: pg.PoolClient) => {
    client.on('error', ignoreConnectionError);
  });
  // A client still busy with a query when it is released (a query that timed out here) is cut off and dropped.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    const state = client as unknown as Busy;
    if (state._activeQuery) {
      state._queryable = false;
      state.connection?.stream?.destroy();
    }
  });
  // pg-pool passes an idle connection's error on to the pool; the connection is already dropped.
  pool.on('error', ignoreConnectionError);
  return pool;
}

/** drizzle's own spelling of a transaction's options (isolation level, access mode), internal to it. */
interface ConfigSql {
  getTransactionConfigSQL(config: PgTransactionConfig): SQL;
}

type Run<T> = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>;

interface SessionInternals {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction<T>(run: Run<T>, config?: PgTransactionConfig): Promise<T>;
}

/**
 * Runs the transactions of a drizzle database on `pool` so that a connection always goes back, whatever fails.
 * drizzle's node-postgres session sends BEGIN outside its try/finally (issue 31, D2): a BEGIN that failed or timed out
 * never released its connection, and ten of them left the pool empty (a 503 for every request until a restart).
 * Here BEGIN is inside; a connection whose BEGIN or ROLLBACK failed is in an unknown state and is destroyed, not
 * reused; and the error the caller sees is the one that ended the transaction, not the failed rollback's.
 */
export function releasingTransactions(db: object, pool: pg.Pool): void {
  const { session } = db as { session: SessionInternals };
  session.transaction = async <T>(run: Run<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, own, session.schema);
    let broken: Error | undefined;
    try {
      try {
        await tx.execute(
          sql`begin${config ? sql` ${(tx as unknown as ConfigSql).getTransactionConfigSQL(config)}` : undefined}`,
        );
      } catch (error) {
        broken = error instanceof Error ? error : new Error('BEGIN failed');
        throw error;
      }
      try {
        const result = await run(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error('ROLLBACK failed');
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
}
