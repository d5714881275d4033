import { type SQL, sql } from 'drizzle-orm';
import { selectByShape } from './prepared';

/*
 * Writes a transaction sends together (issue 33): what a change writes and never reads back in its own transaction —
 * its timeline line, its webhooks, its jobs, its notifications, its key's answer, its money — waits in the
 * transaction and goes to the database in one statement when the transaction's work is done, just before its commit:
 * one round trip instead of one per write. Each write is a data-modifying common table expression of that statement
 * (PostgreSQL runs every one of them, all on the transaction's snapshot: none sees another's rows, so a deferred write
 * must not depend on another's), the notifications ride in its final select. A write outside a transaction runs at
 * once, alone.
 *
 * A failed flush fails the transaction (it rolls back, as a failed statement would have), with the error of the write
 * that recognizes it (`failure`): the ledger's overdraft is still `insufficient_funds`.
 */

/** Names a table expression of this write in the flush's statement (each write gets its own names). */
export type Name = (local: string) => SQL;

export interface DeferredWrite {
  /**
   * The write's table expressions in order, by local name: read-only ones (the ledger's locked accounts) and
   * data-modifying ones (`insert … returning …` when `returned` counts its rows). `name(local)` refers to another of
   * this write's expressions.
   */
  parts: (name: Name) => [local: string, statement: SQL][];
  /** The local name whose rows `returned` is told. */
  counted?: string;
  /** What the write does with the count of its `counted` rows once the flush ran: throwing rolls everything back. */
  returned?: (rows: number) => void;
  /** The error this write makes of the flush's failure, or undefined when the failure is not its own. */
  failure?: (error: unknown) => unknown;
}

interface Pending {
  writes: DeferredWrite[];
  notices: { channel: string; payload: string }[];
}

const pending = new WeakMap<object, Pending>();

/** Opens the deferred writes of a transaction (db/client's transaction wrapper does, for every transaction). */
export function openDeferred(tx: object): void {
  pending.set(tx, { writes: [], notices: [] });
}

/** Sends `write` with the transaction's other deferred writes before it commits; outside a transaction, at once. */
export async function deferWrite(executor: Executable, write: DeferredWrite): Promise<void> {
  const own = pending.get(executor);
  if (own) own.writes.push(write);
  else await flushWrites(executor, { writes: [write], notices: [] });
}

/** NOTIFY `channel` with each payload when the transaction commits, sent with its deferred writes. */
export async function deferNotices(executor: Executable, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  const notices = payloads.map((payload) => ({ channel, payload }));
  const own = pending.get(executor);
  if (own) own.notices.push(...notices);
  else await flushWrites(executor, { writes: [], notices });
}

/** Runs the transaction's deferred writes in one statement (db/client calls it when the transaction's work is done). */
export async function flushDeferred(tx: Executable): Promise<void> {
  const own = pending.get(tx);
  if (!own || (own.writes.length === 0 && own.notices.length === 0)) return;
  pending.set(tx, { writes: [], notices: [] });
  await flushWrites(tx, own);
}

/**
 * What a flush runs its statement on: db/client's `Executor` (the database or a transaction), named here by its shape
 * only, since db/client imports this file; `selectByShape` reaches its drizzle session.
 */
export type Executable = object;

/** The one statement of these writes: their expressions named apart, each counted one's rows and the notices. */
export function flushStatement({ writes, notices }: Pending): SQL {
  const expressions: SQL[] = [];
  const counts: SQL[] = [];
  writes.forEach((write, index) => {
    const name: Name = (local) => sql.raw(`w${index}_${local}`);
    for (const [local, statement] of write.parts(name)) expressions.push(sql`${name(local)} as (${statement})`);
    if (write.counted) counts.push(sql`(select count(*) from ${name(write.counted)})::int as ${name('count')}`);
  });
  if (notices.length > 0) {
    const list = JSON.stringify(notices.map(({ channel, payload }) => [channel, payload]));
    counts.push(sql`(select count(*) from (select pg_notify(n ->> 0, n ->> 1) from json_array_elements(${list}::json) n) s)::int
      as notified`);
  }
  const head = expressions.length > 0 ? sql`with ${sql.join(expressions, sql`, `)} ` : sql``;
  return sql`${head}select ${counts.length > 0 ? sql.join(counts, sql`, `) : sql`1 as done`}`;
}

async function flushWrites(executor: Executable, batch: Pending): Promise<void> {
  let row: Record<string, unknown> | undefined;
  try {
    // One shape per kind of change (a pay-in's creation, its "paid"): kept prepared once it recurs.
    [row] = await selectByShape<Record<string, unknown>>(executor, flushStatement(batch));
  } catch (error) {
    for (const write of batch.writes) {
      const own = write.failure?.(error);
      if (own !== undefined) throw own;
    }
    throw error;
  }
  batch.writes.forEach((write, index) => {
    if (write.counted) write.returned?.(Number(row?.[`w${index}_count`] ?? 0));
  });
}
