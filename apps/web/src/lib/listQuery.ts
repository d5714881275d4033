import { buildSchema } from '@paydesk/contract';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from './http';
import { nextTask } from './nextTask';

/**
 * `GET path` with a list's query string (`page`, `count`, `sort`, `filter[…]`), the answer checked against `schema`.
 * The schema is built (the contract's are built on first use in a browser) in a task of its own while the answer is
 * on its way, not in the task that parses it: on a screen's first visit the two made one long task.
 */
export async function fetchListPage<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<z.output<Schema>> {
  const [answer] = await Promise.all([
    http.get<unknown>(path, { query, signal }),
    nextTask().then(() => buildSchema(schema)),
  ]);
  return schema.parse(answer);
}

/**
 * The query of one page of a list, read by `fetchListPage`. The rows of the previous page stay on screen while the
 * next one loads.
 */
export function listPageQuery<Key extends QueryKey, Schema extends z.ZodType>(
  queryKey: Key,
  path: string,
  schema: Schema,
  query: Record<string, string | number>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchListPage(path, schema, query, signal),
    placeholderData: keepPreviousData,
  });
}
