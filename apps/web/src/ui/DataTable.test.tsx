import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, nextSort } from './DataTable';
import { renderWithProviders } from './test-utils';

interface Order {
  guid: string;
  amount: string;
}

const columns: DataTableColumn<Order>[] = [
  { key: 'guid', title: 'Guid', render: (row) => row.guid },
  { key: 'amount', title: 'Amount', render: (row) => row.amount, sortable: true },
  { key: 'created', title: 'Created', render: () => 'today', sortable: true, sortKey: 'created_at' },
];

const rows: Order[] = [
  { guid: 'a-1', amount: '10' },
  { guid: 'b-2', amount: '20' },
];

function SortedTable({ onSortChange }: { onSortChange: (sort: string | undefined) => void }) {
  const [sort, setSort] = useState<string | undefined>();
  const change = (next: string | undefined) => {
    setSort(next);
    onSortChange(next);
  };
  return <DataTable columns={columns} rows={rows} rowKey={(row) => row.guid} sort={sort} onSortChange={change} />;
}

describe('nextSort', () => {
  it('cycles ascending, descending, none', () => {
    expect(nextSort(undefined, 'amount')).toBe('amount');
    expect(nextSort('amount', 'amount')).toBe('-amount');
    expect(nextSort('-amount', 'amount')).toBeUndefined();
  });

  it('starts ascending when another column was sorted', () => {
    expect(nextSort('-created_at', 'amount')).toBe('amount');
  });
});

describe('DataTable', () => {
  it('renders a row per item and a cell per column', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(
      within(bodyRows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['a-1', '10', 'today']);
  });

  it('keeps a pinned column (the row actions) at the right edge while the others scroll under it', () => {
    const pinned: DataTableColumn<Order>[] = [
      ...columns,
      { key: 'actions', title: 'Actions', render: () => 'Edit', pinned: true },
    ];
    renderWithProviders(<DataTable columns={pinned} rows={rows} rowKey={(row) => row.guid} />);
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header).toHaveStyle({ position: 'sticky', right: '0px' });
    for (const cell of screen.getAllByRole('cell', { name: 'Edit' })) expect(cell).toHaveStyle({ position: 'sticky' });
    expect(screen.getByRole('columnheader', { name: 'Guid' })).not.toHaveStyle({ position: 'sticky' });
  });

  it('scrolls horizontally instead of squeezing columns on narrow screens', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} minWidthPx={900} />);
    const container = screen.getByRole('table').closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer');
    expect(container?.style.getPropertyValue('--table-min-width')).toBe('calc(56.25rem * var(--mantine-scale))');
  });

  it('makes the scroll box a named, keyboard-reachable region when asked, empty too (its header still scrolls)', () => {
    const { rerender } = renderWithProviders(<DataTable columns={columns} rows={rows} scrollRegionLabel="Devices" />);
    expect(screen.getByRole('region', { name: 'Devices' })).toHaveAttribute('tabindex', '0');

    rerender(<DataTable columns={columns} rows={[]} scrollRegionLabel="Devices" />);
    expect(screen.getByRole('region', { name: 'Devices' })).toHaveAttribute('tabindex', '0');

    rerender(<DataTable columns={columns} rows={[]} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('cycles a sortable header through the wire sort values and announces it with aria-sort', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithProviders(<SortedTable onSortChange={onSortChange} />);
    const header = screen.getByRole('columnheader', { name: /Created/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith('created_at');
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith('-created_at');
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith(undefined);
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts by the column key when no sortKey is given, and resets the previous column', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithProviders(<SortedTable onSortChange={onSortChange} />);
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(onSortChange).toHaveBeenLastCalledWith('amount');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('does not make headers clickable that are not sortable', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} sort="amount" onSortChange={vi.fn()} />);
    const guidHeader = screen.getByRole('columnheader', { name: 'Guid' });
    expect(guidHeader).not.toHaveAttribute('aria-sort');
    expect(within(guidHeader).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows the empty message in one row spanning all columns', () => {
    renderWithProviders(<DataTable columns={columns} rows={[]} emptyMessage="No wallets to display" />);
    const cell = screen.getByRole('cell', { name: 'No wallets to display' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('falls back to a generic empty message', () => {
    renderWithProviders(<DataTable columns={columns} rows={[]} />, { language: 'ru' });
    expect(screen.getByText('Нет данных для отображения')).toBeInTheDocument();
  });

  it('shows a loading state instead of the empty message while loading', () => {
    renderWithProviders(<DataTable columns={columns} rows={[]} loading emptyMessage="Nothing" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Nothing')).not.toBeInTheDocument();
  });

  it('keeps the current rows visible under the overlay while reloading', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} loading />);
    expect(screen.getByText('a-1')).toBeInTheDocument();
  });

  it('opens a row on click or Enter, but not when a control inside it is used', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const withAction: DataTableColumn<Order>[] = [
      ...columns,
      { key: 'actions', title: 'Actions', render: () => <button type="button">Block</button> },
    ];
    renderWithProviders(<DataTable columns={withAction} rows={rows} onRowClick={onRowClick} />);
    await user.click(screen.getByText('b-2'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);

    await user.click(screen.getAllByRole('button', { name: 'Block' })[0] as HTMLElement);
    expect(onRowClick).toHaveBeenCalledTimes(1);

    (screen.getAllByRole('row')[1] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
  });
});
