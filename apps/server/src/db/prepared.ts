import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';

/*
 * Statements PostgreSQL keeps prepared on each connection: parsed and planned once, then run with a generic plan (the
 * pool sets `plan_cache_mode`), where an unnamed statement is planned again on every call. PGlite runs them like any
 * other query.
 */

/** What a prepared statement runs on: the database or a transaction (db/client's `Executor`), seen from inside. */
interface Preparing {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

const run = async <Row>(db: object, query: { sql: string; params: unknown[] }, name: string | undefined) => {
  const result = await (db as Preparing).session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
};

/**
 * Rows of a hot raw query kept prepared under `name` on each connection. Its text must not change between calls —
 * only its parameters.
 */
export async function selectPrepared<Row>(db: object, name: string, query: SQL): Promise<Row[]> {
  return run<Row>(db, (db as Preparing).dialect.sqlToQuery(query), name);
}

/** Statements of one text seen this often are kept prepared (a shape that recurs: a pay-in's writes). */
const preparedAfter = 3;
/** Most texts kept prepared per process, so statements of rare shapes never fill a connection's memory. */
const maxShapes = 64;
/** Texts counted before they are prepared; forgotten past this many. */
const maxCounted = 1000;
const counted = new Map<string, number>();
const named = new Map<string, string>();

/**
 * Rows of a query whose text is built per call but recurs (the deferred writes of a transaction, db/deferred.ts): a
 * text met `preparedAfter` times is kept prepared under a name made of its hash, up to `maxShapes` texts per
 * process; any other runs unnamed.
 */
export async function selectByShape<Row>(db: object, query: SQL): Promise<Row[]> {
  const built = (db as Preparing).dialect.sqlToQuery(query);
  let name = named.get(built.sql);
  if (name === undefined && named.size < maxShapes) {
    const seen = (counted.get(built.sql) ?? 0) + 1;
    if (seen >= preparedAfter) {
      name = `shape_${createHash('sha256').update(built.sql).digest('hex').slice(0, 24)}`;
      named.set(built.sql, name);
      counted.delete(built.sql);
    } else if (counted.size < maxCounted || counted.has(built.sql)) {
      counted.set(built.sql, seen);
    }
  }
  return run<Row>(db, built, name);
}
