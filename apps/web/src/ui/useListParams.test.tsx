import { orderListQuerySchema } from '@paydesk/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  type ListParams,
  listParamsFromSearch,
  searchWithListParams,
  toListQuery,
  useListParams,
  useUrlListParams,
} from './useListParams';

describe('useListParams', () => {
  it('starts on page 1 with no page size, filters or sort', () => {
    const { result } = renderHook(() => useListParams());
    expect(result.current.params).toEqual({ page: 1, filters: {} });
    expect(result.current.params.count).toBeUndefined();
  });

  it('accepts initial filters, such as the active screen status filter', () => {
    const { result } = renderHook(() => useListParams({ filters: { status: 'new,in-progress' } }));
    expect(result.current.params.filters).toEqual({ status: 'new,in-progress' });
  });

  it('changes the page without touching anything else', () => {
    const { result } = renderHook(() => useListParams({ filters: { username: 'bob' } }));
    act(() => result.current.setPage(4));
    expect(result.current.params).toEqual({ page: 4, filters: { username: 'bob' } });
  });

  it('returns to page 1 when the page size changes, and keeps the chosen size', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(3));
    act(() => result.current.setCount(50));
    expect(result.current.params).toMatchObject({ page: 1, count: 50 });
  });

  it('returns to page 1 when the filters change', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setCount(10));
    act(() => result.current.setPage(5));
    act(() => result.current.setFilters({ is_active: '1' }));
    expect(result.current.params).toEqual({ page: 1, count: 10, filters: { is_active: '1' } });
  });

  it('returns to page 1 when the sort changes', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(2));
    act(() => result.current.setSort('-created_at'));
    expect(result.current.params).toMatchObject({ page: 1, sort: '-created_at' });
  });

  it('keeps its setters stable across renders so they can sit in effect dependencies', () => {
    const { result } = renderHook(() => useListParams());
    const first = result.current;
    act(() => result.current.setPage(2));
    expect(result.current.setPage).toBe(first.setPage);
    expect(result.current.setFilters).toBe(first.setFilters);
  });
});

describe('toListQuery', () => {
  it('sends only the page until a size or sort is chosen', () => {
    expect(toListQuery({ page: 1, filters: {} })).toEqual({ page: '1' });
  });

  it('sends count and sort when set and every non-empty filter as filter[name]', () => {
    expect(
      toListQuery({ page: 2, count: 50, sort: '-created_at', filters: { status: 'paid,canceled', username: '' } }),
    ).toEqual({ page: '2', count: '50', sort: '-created_at', 'filter[status]': 'paid,canceled' });
  });
});

const schema = orderListQuerySchema.omit({ 'filter[tab]': true, 'filter[direction]': true });
const guid = '01a201f1-e882-7617-870d-c5d07c92bb18';

/** The hook at `url`, with the address and how the router got there (PUSH, REPLACE or POP) beside it. */
function renderUrlList(url: string, initial: Partial<ListParams> = {}) {
  return renderHook(
    () => ({ list: useUrlListParams(schema, initial), location: useLocation(), navigation: useNavigationType() }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      ),
    },
  );
}

describe('useUrlListParams', () => {
  it('restores the page, page size, sort and filters from the address, as after a reload', () => {
    const { result } = renderUrlList(
      `/deals?tab=pay_in&page=3&count=50&sort=created_at&filter[status]=paid,canceled&filter[guid]=${guid}`,
    );
    expect(result.current.list.params).toEqual({
      page: 3,
      count: 50,
      sort: 'created_at',
      filters: { status: 'paid,canceled', guid },
    });
  });

  it('returns to page 1 when a filter changes, and writes the filters to the address as a new history entry', () => {
    const { result } = renderUrlList('/deals?tab=pay_in&page=4&count=10');
    act(() => result.current.list.setFilters({ client_order_id: 'shop-1', status: 'paid' }));
    expect(result.current.list.params).toEqual({
      page: 1,
      count: 10,
      filters: { client_order_id: 'shop-1', status: 'paid' },
    });
    const search = new URLSearchParams(result.current.location.search);
    expect([...search]).toEqual([
      ['tab', 'pay_in'],
      ['count', '10'],
      ['filter[client_order_id]', 'shop-1'],
      ['filter[status]', 'paid'],
    ]);
    expect(result.current.navigation).toBe('PUSH');
  });

  it('writes the page, the page size and the sort, and leaves page 1 and the defaults out', () => {
    const { result } = renderUrlList('/history', { filters: { status: 'paid,canceled' } });
    expect(result.current.list.params.filters).toEqual({ status: 'paid,canceled' });
    act(() => result.current.list.setPage(2));
    expect(result.current.location.search).toBe('?page=2');
    act(() => result.current.list.setSort('created_at'));
    expect(result.current.location.search).toBe('?sort=created_at');
    act(() => result.current.list.setCount(50));
    expect(result.current.location.search).toBe('?count=50&sort=created_at');
    act(() => result.current.list.setFilters({ status: 'paid', guid }));
    expect(new URLSearchParams(result.current.location.search).get('filter[status]')).toBe('paid');
    act(() => result.current.list.setFilters({ status: 'paid,canceled' }));
    expect(result.current.location.search).toBe('?count=50&sort=created_at');
  });

  it('passes over what the list does not take: bad numbers, unknown filters, refused values, pinned filters', () => {
    const { result } = renderUrlList(
      '/deals?page=0&count=15&sort=amount&filter[status]=lost&filter[nope]=1&filter[guid]=not-a-uuid' +
        '&filter[tab]=everything&filter[direction]=pay_in&filter[client_order_id]=%20%20&filter[date_from]=2026-02-30',
    );
    expect(result.current.list.params).toEqual({ page: 1, filters: {} });
    for (const page of ['-1', '2.5', '1e3', 'x', '99999999']) {
      expect(listParamsFromSearch(new URLSearchParams({ page }), schema).page).toBe(1);
    }
  });

  it('keeps what is not the list’s in the address and drops the bad params on the next change', () => {
    const { result } = renderUrlList('/active?tab=pay_out&filter[status]=lost&utm=x');
    act(() => result.current.list.setPage(2));
    expect(result.current.location.search).toBe('?tab=pay_out&utm=x&page=2');
  });

  it('adds no history entry when nothing changes', () => {
    const { result } = renderUrlList('/wallets?filter[status]=paid');
    act(() => result.current.list.setFilters({ status: 'paid' }));
    expect(result.current.navigation).toBe('POP');
  });
});

describe('searchWithListParams', () => {
  it('is the inverse of listParamsFromSearch', () => {
    const params: ListParams = { page: 2, count: 20, sort: '-created_at', filters: { status: 'new', guid } };
    expect(listParamsFromSearch(searchWithListParams(new URLSearchParams(), params), schema)).toEqual(params);
  });
});
