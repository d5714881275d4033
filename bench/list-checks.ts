// What the list benches (lists.ts, order-lists.ts) check on every page they time: the call answered 200 with a list,
// the page holds as many rows as the database says it should, the total is the database's count (exact up to the
// server's counting limit, flagged as an estimate above it), the rows are newest first, and each row is one the call
// asked for. The truth is counted straight in the database by the bench, not through the server's own queries.
import { exactCountLimit } from '../apps/server/src/db/count';
import { check, checkStatus } from './support';

export interface ListPage<T> {
  items: T[];
  context: {
    pagination: {
      total_count: number;
      per_page: number;
      current_page: number;
      total_is_estimate?: boolean;
      next_cursor?: string | null;
    };
  };
}

/** The list of a 200 answer, or the run stops. */
export function listOf<T>(name: string, response: { statusCode: number; body: string }): ListPage<T> {
  checkStatus(name, response);
  const data = (JSON.parse(response.body) as { data?: ListPage<T> }).data;
  check(Array.isArray(data?.items) && data.context?.pagination, `${name}: the answer holds no list`);
  return data;
}

export interface PageExpectation<T> {
  /** How many rows the whole filtered list has, counted in the database. */
  truth: number;
  /** The page asked for (counting from 1). */
  page: number;
  /** The time each row sorts by, newest first; rows without one are not checked for order. */
  dateOf?: (item: T) => string;
  /** What every row must be, and how to say it when one is not. */
  every?: [string, (item: T) => boolean];
}

/** The rows page `page` of a list of `truth` rows holds. */
export const rowsOnPage = (truth: number, page: number, perPage: number) =>
  Math.max(0, Math.min(perPage, truth - (page - 1) * perPage));

export function checkPage<T>(name: string, list: ListPage<T>, expected: PageExpectation<T>) {
  const { pagination } = list.context;
  const rows = rowsOnPage(expected.truth, expected.page, pagination.per_page);
  check(
    list.items.length === rows,
    `${name}: ${list.items.length} rows on page ${expected.page}, expected ${rows} of ${expected.truth}`,
  );
  if (expected.truth <= exactCountLimit) {
    check(
      pagination.total_count === expected.truth && !pagination.total_is_estimate,
      `${name}: total ${pagination.total_count}${pagination.total_is_estimate ? ' (estimate)' : ''}, expected exactly ${expected.truth}`,
    );
  } else {
    check(
      pagination.total_is_estimate === true && pagination.total_count > exactCountLimit,
      `${name}: total ${pagination.total_count}, expected an estimate above ${exactCountLimit} (${expected.truth} rows)`,
    );
  }
  const { dateOf, every } = expected;
  if (dateOf) {
    const times = list.items.map((item) => Date.parse(dateOf(item)));
    const out = times.findIndex((time, index) => Number.isNaN(time) || (index > 0 && time > (times[index - 1] ?? 0)));
    check(out === -1, `${name}: row ${out + 1} is not in newest-first order`);
  }
  if (every) {
    const [what, holds] = every;
    const wrong = list.items.findIndex((item) => !holds(item));
    check(wrong === -1, () => `${name}: row ${wrong + 1} is not ${what}: ${JSON.stringify(list.items[wrong])}`);
  }
}
