import type { AvailableFilter } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactFilters, FilterBar } from './FilterBar';
import { renderWithProviders } from './test-utils';

const filters: AvailableFilter[] = [
  { name: 'username', label: 'Username', type: 'text' },
  {
    name: 'currency',
    label: 'Currency',
    type: 'select',
    options: [
      { value: 'RUB', label: 'Ruble' },
      { value: 'USDT', label: 'Tether' },
    ],
  },
  {
    name: 'status',
    label: 'Status',
    type: 'multiselect',
    options: [
      { value: 'new', label: 'New' },
      { value: 'in-progress', label: 'In progress' },
      { value: 'paid', label: 'Paid' },
    ],
  },
  { name: 'is_active', label: 'Active', type: 'boolean' },
  { name: 'created_from', label: 'Created from', type: 'date' },
];

function renderBar(initialValues?: Record<string, string>) {
  const onApply = vi.fn();
  renderWithProviders(<FilterBar filters={filters} initialValues={initialValues} onApply={onApply} />);
  return { onApply, user: userEvent.setup() };
}

describe('compactFilters', () => {
  it('drops empty and blank values and trims the rest', () => {
    expect(compactFilters({ a: '', b: '  ', c: ' bob ', d: '0' })).toEqual({ c: 'bob', d: '0' });
  });
});

describe('FilterBar', () => {
  it('renders a field of the right kind for each filter type', () => {
    renderBar();
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Created from' })).toBeInTheDocument();
  });

  it('applies only the filters that have a value', async () => {
    const { onApply, user } = renderBar();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '  alice ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ username: 'alice' });
  });

  it('sends a select value and multiselect values joined by a comma', async () => {
    const { onApply, user } = renderBar();
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'Tether' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'New' }));
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ currency: 'USDT', status: 'new,paid' });
  });

  it('sends yes and no as "1" and "0"', async () => {
    const { onApply, user } = renderBar();
    await user.click(screen.getByRole('combobox', { name: 'Active' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Yes', 'No']);
    await user.click(screen.getByRole('option', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ is_active: '0' });
  });

  it('sends a date as YYYY-MM-DD', async () => {
    const { onApply, user } = renderBar({ created_from: '2024-05-01' });
    expect(screen.getByRole('button', { name: 'Created from' })).toHaveTextContent('01.05.2024');
    await user.click(screen.getByRole('button', { name: 'Created from' }));
    await user.click(screen.getByRole('button', { name: '20 May 2024' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ created_from: '2024-05-20' });
  });

  it('starts from the initial values', () => {
    renderBar({ username: 'bob', status: 'new,in-progress' });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('bob');
    const pills = Array.from(document.querySelectorAll('.mantine-MultiSelect-pill'), (pill) => pill.textContent);
    expect(pills).toEqual(['New', 'In progress']);
  });

  it('shows the applied filters again when they change from outside, as on Back in a list kept in the address', async () => {
    const onApply = vi.fn();
    const { rerender } = renderWithProviders(
      <FilterBar filters={filters} initialValues={{ username: 'bob' }} onApply={onApply} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'by');
    // A render with the same filters keeps what the user is typing.
    rerender(<FilterBar filters={filters} initialValues={{ username: 'bob' }} onApply={onApply} />);
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('bobby');
    rerender(<FilterBar filters={filters} initialValues={{ username: 'alice', is_active: '1' }} onApply={onApply} />);
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('alice');
    expect(screen.getByRole('combobox', { name: 'Active' })).toHaveValue('Yes');
  });

  it('applies on Enter in a text field', async () => {
    const { onApply, user } = renderBar();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'carol{Enter}');
    expect(onApply).toHaveBeenCalledWith({ username: 'carol' });
  });

  it('clears every field and applies no filters on Reset', async () => {
    const { onApply, user } = renderBar({ username: 'bob', is_active: '1' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledWith({});
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Active' })).toHaveValue('');
  });

  it('labels its buttons in Russian', () => {
    renderWithProviders(<FilterBar filters={filters} onApply={vi.fn()} />, { language: 'ru' });
    expect(screen.getByRole('button', { name: 'Применить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeInTheDocument();
  });
});

describe('FilterBar on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('keeps the fields behind a Filters button that counts the applied ones, and applies as on a wide screen', async () => {
    const { onApply, user } = renderBar({ username: 'ann', currency: 'RUB' });
    const toggle = screen.getByRole('button', { name: 'Filters: 2' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ username: 'bob', currency: 'RUB' });

    await user.click(toggle);
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('says just "Filters" when none applies, in Russian too', () => {
    renderWithProviders(<FilterBar filters={filters} onApply={vi.fn()} />, { language: 'ru' });
    expect(screen.getByRole('button', { name: 'Фильтры' })).toHaveAttribute('aria-expanded', 'false');
  });
});
