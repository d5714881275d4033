import { useCallback, useState } from 'react';

/** What a paginated, filterable list asks the server for (DESIGN §2 wire conventions). */
export interface ListParams {
  /** Starts at 1. */
  page: number;
  /** Page size; undefined until the user picks one, so the server default applies and nothing is sent (SPEC §9). */
  count?: number;
  filters: Record<string, string>;
  /** Wire form: "created_at" ascending, "-created_at" descending. */
  sort?: string;
}

export interface ListParamsControls {
  params: ListParams;
  setPage: (page: number) => void;
  setCount: (count: number) => void;
  setFilters: (filters: Record<string, string>) => void;
  setSort: (sort: string | undefined) => void;
}

/**
 * Holds a list's page, page size, filters and sort. Changing the page size, the filters or the sort returns to page 1
 * (SPEC §9 for size and filters; for sort, because page N of a new order shows unrelated rows).
 */
export function useListParams(initial: Partial<ListParams> = {}): ListParamsControls {
  const [params, setParams] = useState<ListParams>(() => ({ page: 1, filters: {}, ...initial }));
  const setPage = useCallback((page: number) => setParams((current) => ({ ...current, page })), []);
  const setCount = useCallback((count: number) => setParams((current) => ({ ...current, count, page: 1 })), []);
  const setFilters = useCallback(
    (filters: Record<string, string>) => setParams((current) => ({ ...current, filters, page: 1 })),
    [],
  );
  const setSort = useCallback(
    (sort: string | undefined) => setParams((current) => ({ ...current, sort, page: 1 })),
    [],
  );
  return { params, setPage, setCount, setFilters, setSort };
}

/**
 * The query-string form of the params: `page`, then `count` and `sort` only when set, and each non-empty filter as
 * `filter[name]`. Insertion order is kept so URLs are stable across renders.
 */
export function toListQuery(params: ListParams): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page) };
  if (params.count !== undefined) query.count = String(params.count);
  if (params.sort) query.sort = params.sort;
  for (const [name, value] of Object.entries(params.filters)) {
    if (value !== '') query[`filter[${name}]`] = value;
  }
  return query;
}
