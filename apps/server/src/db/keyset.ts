import { type AnyColumn, and, asc, desc, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';

/** Rows per query of an export: large enough that round trips do not dominate, small enough to hold a few at once. */
export const exportChunkRows = 2000;

/** Where a keyset chunk stops: the sort key's value as the database wrote it (microseconds kept) and the tiebreaker. */
export interface Cursor {
  at: string;
  tie: string;
}

/**
 * The keyset of a list sorted by a timestamp then a unique tiebreaker, in either direction each: the `order by`, the
 * cursor columns to select beside the row, and the condition of the rows after a cursor. The cursor travels as text,
 * because a JavaScript Date keeps milliseconds while the timestamp has microseconds.
 */
export function keyset(at: AnyColumn, tie: AnyColumn, ascending: boolean, tieAscending = ascending) {
  const tieType = sql.raw(tie.columnType === 'PgUUID' ? 'uuid' : 'text');
  return {
    orderBy: [ascending ? asc(at) : desc(at), tieAscending ? asc(tie) : desc(tie)],
    cursor: { at: sql<string>`${at}::text`.mapWith(String), tie: sql<string>`${tie}::text`.mapWith(String) },
    after(cursor: Cursor | undefined): SQL | undefined {
      if (!cursor) return undefined;
      const atValue = sql`${cursor.at}::timestamptz`;
      const tieValue = sql`${cursor.tie}::${tieType}`;
      // The first condition alone lets an index on (at, tie) start where the last chunk ended.
      return and(
        ascending ? gte(at, atValue) : lte(at, atValue),
        or(ascending ? gt(at, atValue) : lt(at, atValue), tieAscending ? gt(tie, tieValue) : lt(tie, tieValue)),
      );
    },
  };
}

/**
 * Every row of a list, chunk by chunk: `read` answers at most `size` rows after the cursor (none: the first), each
 * chunk one query. Nothing is read before the consumer asks for it, and a consumer that stops stops the reading.
 */
export async function* keysetChunks<Row extends { cursor: Cursor }>(
  read: (after: Cursor | undefined, size: number) => Promise<Row[]>,
  size = exportChunkRows,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = last.cursor;
  }
}

/** The chunks of a list that has nothing to list (a filter whose intersection is empty). */
export async function* emptyChunks<Row>(): AsyncGenerator<Row[]> {}

/** A select with the keyset's cursor columns (`at`, `tie`) beside its row, before its `where`. */
interface CursorSelect<Row> {
  where(where: SQL | undefined): { orderBy(...order: SQL[]): { limit(size: number): PromiseLike<Row[]> } };
}

/**
 * One chunk of a list: the rows of `select` that meet `where`, after the cursor, in the keyset's order, each with the
 * cursor it ends at.
 */
export async function readChunk<Row extends { at: string; tie: string }>(
  select: CursorSelect<Row>,
  keys: ReturnType<typeof keyset>,
  where: SQL | undefined,
  after: Cursor | undefined,
  size: number,
): Promise<(Omit<Row, 'at' | 'tie'> & { cursor: Cursor })[]> {
  const rows = await select
    .where(and(where, keys.after(after)))
    .orderBy(...keys.orderBy)
    .limit(size);
  return rows.map(({ at, tie, ...row }) => ({ ...row, cursor: { at, tie } }));
}
