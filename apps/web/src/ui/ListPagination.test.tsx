import type { Pagination } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination, resultsRange } from './ListPagination';
import { renderWithProviders } from './test-utils';

function page(total: number, perPage: number, current: number): Pagination {
  return {
    total_count: total,
    per_page: perPage,
    current_page: current,
    page_number: Math.max(1, Math.ceil(total / perPage)),
  };
}

function renderPagination(pagination: Pagination, language: 'en' | 'ru' = 'en') {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  renderWithProviders(
    <ListPagination pagination={pagination} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />,
    { language },
  );
  return { onPageChange, onPageSizeChange };
}

/** Visible page buttons and ellipses, in order; ellipses have no text, so they read as '…'. */
function pageItems(): string[] {
  const root = document.querySelector('.mantine-Pagination-root');
  return Array.from(root?.querySelectorAll('.mantine-Pagination-control, .mantine-Pagination-dots') ?? [])
    .filter((item) => !item.hasAttribute('aria-label'))
    .map((item) => item.textContent || '…');
}

describe('resultsRange', () => {
  it('counts rows from 1', () => {
    expect(resultsRange(page(45, 20, 1))).toEqual({ from: 1, to: 20 });
    expect(resultsRange(page(45, 20, 2))).toEqual({ from: 21, to: 40 });
  });

  it('ends the last page at the total', () => {
    expect(resultsRange(page(45, 20, 3))).toEqual({ from: 41, to: 45 });
  });

  it('reads 0 - 0 for an empty list or a page beyond the end', () => {
    expect(resultsRange(page(0, 20, 1))).toEqual({ from: 0, to: 0 });
    expect(resultsRange(page(5, 20, 2))).toEqual({ from: 0, to: 0 });
  });
});

describe('ListPagination', () => {
  it('shows the results line', () => {
    renderPagination(page(45, 20, 2));
    expect(screen.getByText('Results: 21 - 40 of 45')).toBeInTheDocument();
  });

  it('shows "Results: 0 - 0 of 0" for an empty list', () => {
    renderPagination(page(0, 20, 1));
    expect(screen.getByText('Results: 0 - 0 of 0')).toBeInTheDocument();
  });

  it('shows the results line in Russian', () => {
    renderPagination(page(45, 20, 3), 'ru');
    expect(screen.getByText('Результаты: 41 - 45 из 45')).toBeInTheDocument();
  });

  it('says "about" when the total is the server\'s estimate of a very long list', () => {
    renderPagination({ ...page(1_000_000, 20, 1), total_is_estimate: true });
    expect(screen.getByText('Results: 1 - 20 of about 1000000')).toBeInTheDocument();
  });

  it('says "about" in Russian too', () => {
    renderPagination({ ...page(1_000_000, 20, 1), total_is_estimate: true }, 'ru');
    expect(screen.getByText('Результаты: 1 - 20 из примерно 1000000')).toBeInTheDocument();
  });

  it('shows first and last pages, two siblings either side, and ellipses', () => {
    renderPagination(page(200, 10, 10));
    expect(pageItems()).toEqual(['1', '…', '8', '9', '10', '11', '12', '…', '20']);
  });

  it('shows every page when they fit', () => {
    renderPagination(page(70, 10, 1));
    expect(pageItems()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('marks the current page and reports the page the user picks', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination(page(45, 20, 2));
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers page sizes 10, 20 and 50 and reports the chosen one as a number', async () => {
    const user = userEvent.setup();
    const { onPageSizeChange } = renderPagination(page(45, 20, 1));
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('20');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '50']);
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('keeps showing a page size the server chose outside the standard ones', () => {
    renderPagination(page(300, 100, 1));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100');
  });
});
