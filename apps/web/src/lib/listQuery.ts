import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from './http';

/** `GET path` with a list's query string (`page`, `count`, `sort`, `filter[…]`), the answer checked against `schema`. */
export async function fetchListPage<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<z.output<Schema>> {
  return schema.parse(await http.get<unknown>(path, { query, signal }));
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
