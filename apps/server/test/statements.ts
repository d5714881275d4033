import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Database } from '../src/db/client';

/*
 * Counts the statements a piece of work sends to the database, on either driver (issue 33): on PostgreSQL every call
 * of `pg.Client.prototype.query` (begin and commit are statements of their own there); on the embedded database every
 * query and exec of PGlite, its transactions' included, with two for each transaction's begin and commit, which
 * PGlite sends itself. Only the work's own statements count: those sent from its asynchronous context (what a request
 * does, and the group commit it joins), not the job runner's or a listener's meanwhile.
 */

const scope = new AsyncLocalStorage<{ statements: number }>();
const count = () => {
  const store = scope.getStore();
  if (store) store.statements += 1;
};

type Method = (...args: unknown[]) => unknown;
function counting<T extends object>(target: T, names: string[]) {
  for (const name of names) {
    const original = (target as Record<string, Method>)[name];
    if (typeof original !== 'function') continue;
    (target as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
      count();
      return original.apply(this, args);
    };
  }
}

let pgWrapped = false;
const wrapped = new WeakSet<object>();

/** Makes the database's statements countable by `statementsOf` (once per database). */
export function countStatementsOf(database: Database): void {
  if (database.kind === 'postgres') {
    if (!pgWrapped) counting(pg.Client.prototype, ['query']);
    pgWrapped = true;
    return;
  }
  const client = (database.db as unknown as { session: { client: Record<string, Method> } }).session.client;
  if (wrapped.has(client)) return;
  wrapped.add(client);
  counting(client, ['query', 'exec']);
  const transaction = client.transaction as Method;
  client.transaction = function (this: unknown, run: unknown) {
    count();
    return transaction.call(this, async (tx: object) => {
      counting(tx, ['query', 'exec']);
      try {
        return await (run as (tx: object) => Promise<unknown>)(tx);
      } finally {
        count();
      }
    });
  };
}

/** What `work` answered and the statements it sent (`countStatementsOf` first). */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const store = { statements: 0 };
  const result = await scope.run(store, work);
  return { result, statements: store.statements };
}
