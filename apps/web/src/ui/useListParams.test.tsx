import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toListQuery, useListParams } from './useListParams';

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
