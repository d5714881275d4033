import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SingleSelect } from './SingleSelect';
import { renderWithProviders } from './test-utils';

const currencies = [
  { value: 'RUB', label: 'Russian ruble' },
  { value: 'USDT', label: 'Tether USD' },
];

describe('SingleSelect', () => {
  it('reports the picked value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<SingleSelect label="Currency" data={currencies} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'Tether USD' }));
    expect(onChange).toHaveBeenCalledWith('USDT', expect.objectContaining({ value: 'USDT' }));
  });

  it('limits the dropdown list to 130 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SingleSelect label="Currency" data={currencies} />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    const scroller = screen.getByRole('listbox').querySelector<HTMLElement>('[style*="max-height"]');
    // Mantine converts px to rem at a 16 px base: 130 px is 8.125rem.
    expect(scroller?.style.maxHeight).toBe('calc(8.125rem * var(--mantine-scale))');
  });

  it('names its clear button in the user language', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<SingleSelect label="Currency" data={currencies} value="RUB" onChange={onChange} clearable />, {
      language: 'ru',
    });
    // Mantine marks the Select clear button aria-hidden, so role queries skip it; its label is checked directly.
    const clear = document.querySelector<HTMLElement>('.mantine-InputClearButton-root');
    expect(clear).toHaveAttribute('aria-label', 'Очистить');
    await user.click(clear as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(null, null);
  });
});
