import { pageSizes } from '@paydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

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

/** What a list's change does to its params; the local and the URL-held lists share these. */
const changes = {
  page: (current: ListParams, page: number): ListParams => ({ ...current, page }),
  count: (current: ListParams, count: number): ListParams => ({ ...current, count, page: 1 }),
  filters: (current: ListParams, filters: Record<string, string>): ListParams => ({ ...current, filters, page: 1 }),
  sort: (current: ListParams, sort: string | undefined): ListParams => ({ ...current, sort, page: 1 }),
};

/**
 * Holds a list's page, page size, filters and sort. Changing the page size, the filters or the sort returns to page 1
 * (SPEC §9 for size and filters; for sort, because page N of a new order shows unrelated rows).
 */
export function useListParams(initial: Partial<ListParams> = {}): ListParamsControls {
  const [params, setParams] = useState<ListParams>(() => ({ page: 1, filters: {}, ...initial }));
  const setPage = useCallback((page: number) => setParams((current) => changes.page(current, page)), []);
  const setCount = useCallback((count: number) => setParams((current) => changes.count(current, count)), []);
  const setFilters = useCallback(
    (filters: Record<string, string>) => setParams((current) => changes.filters(current, filters)),
    [],
  );
  const setSort = useCallback((sort: string | undefined) => setParams((current) => changes.sort(current, sort)), []);
  return { params, setPage, setCount, setFilters, setSort };
}

/** The contract's query schema of a list (`orderListQuerySchema`…), less what the screen pins itself (its tab). */
export type ListQuerySchema = z.ZodObject;

const filterKey = /^filter\[([a-z_]+)\]$/;
const maxPage = 1_000_000;

const isListKey = (key: string) => key === 'page' || key === 'count' || key === 'sort' || filterKey.test(key);

/** A whole number from `min` to `max`, or undefined for anything else ("2.5", "1e3", "-1", "x"). */
function wholeNumber(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,7}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/**
 * The params a URL holds, over the list's defaults (`initial`). What the list's schema refuses, a filter it does not
 * have and a page size the screen does not offer are passed over, so a hand-edited or stale bookmark still opens the
 * list; the server validates what is sent all the same.
 */
export function listParamsFromSearch(
  search: URLSearchParams,
  schema: ListQuerySchema,
  initial: Partial<ListParams> = {},
): ListParams {
  const accepts = (key: string, value: string) => schema.shape[key]?.safeParse(value).success === true;
  const count = wholeNumber(search.get('count'), 1, maxPage);
  const sort = search.get('sort');
  const filters: Record<string, string> = { ...initial.filters };
  for (const [key, raw] of search) {
    const name = filterKey.exec(key)?.[1];
    const value = raw.trim();
    // The first of a repeated filter counts, as `get` would read it.
    if (name && value !== '' && search.get(key) === raw && accepts(key, value)) filters[name] = value;
  }
  const params: ListParams = { page: wholeNumber(search.get('page'), 1, maxPage) ?? initial.page ?? 1, filters };
  const pageSize = count !== undefined && (pageSizes as readonly number[]).includes(count) ? count : initial.count;
  if (pageSize !== undefined) params.count = pageSize;
  const sorted = sort && accepts('sort', sort) ? sort : initial.sort;
  if (sorted) params.sort = sorted;
  return params;
}

/**
 * `search` with the list's params written in place of the ones it held: page 1, the list's own defaults and empty
 * filters are left out, so the plain address of a screen is its default view. Every other param (`tab`) stays.
 */
export function searchWithListParams(
  search: URLSearchParams,
  params: ListParams,
  initial: Partial<ListParams> = {},
): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !isListKey(key)));
  if (params.page !== 1) next.set('page', String(params.page));
  if (params.count !== undefined && params.count !== initial.count) next.set('count', String(params.count));
  if (params.sort && params.sort !== initial.sort) next.set('sort', params.sort);
  for (const [name, value] of Object.entries(params.filters)) {
    if (value !== '' && value !== initial.filters?.[name]) next.set(`filter[${name}]`, value);
  }
  return next;
}

/**
 * `useListParams` kept in the address (`?filter[status]=paid&page=2&count=50&sort=-created_at`), for a screen's main
 * list: a reload, a bookmark or a shared link opens the same view, and each change the user makes is a history entry,
 * so Back and Forward step through the views. `schema` says which params the URL may set (see
 * `listParamsFromSearch`); `initial` holds the list's defaults, which the address leaves out. Params that are not the
 * list's (a page's `tab`) are kept as they are. One such list per screen: two would share the params.
 */
export function useUrlListParams(schema: ListQuerySchema, initial: Partial<ListParams> = {}): ListParamsControls {
  const [search, setSearch] = useSearchParams();
  // The defaults are a literal at most call sites: their content, not their identity, decides when they changed.
  const initialKey = JSON.stringify(initial);
  const defaults = useMemo(() => JSON.parse(initialKey) as Partial<ListParams>, [initialKey]);
  const params = useMemo(() => listParamsFromSearch(search, schema, defaults), [search, schema, defaults]);

  const change = useCallback(
    (next: ListParams) => {
      const written = searchWithListParams(search, next, defaults);
      if (written.toString() !== search.toString()) setSearch(written);
    },
    [search, setSearch, defaults],
  );
  return {
    params,
    setPage: (page) => change(changes.page(params, page)),
    setCount: (count) => change(changes.count(params, count)),
    setFilters: (filters) => change(changes.filters(params, filters)),
    setSort: (sort) => change(changes.sort(params, sort)),
  };
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
