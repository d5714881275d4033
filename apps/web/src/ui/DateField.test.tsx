import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './DateField';
import { renderWithProviders } from './test-utils';

describe('DateField', () => {
  it('shows the chosen day as DD.MM.YYYY', () => {
    renderWithProviders(<DateField label="Created from" value="2024-05-01" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Created from' })).toHaveTextContent('01.05.2024');
  });

  it('reports a picked day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<DateField label="Created from" value="2024-05-01" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Created from' }));
    await user.click(screen.getByRole('button', { name: '15 May 2024' }));
    expect(onChange).toHaveBeenCalledWith('2024-05-15');
  });

  it('clears the day with a clear button named in the user language', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<DateField label="Создан с" value="2024-05-01" onChange={onChange} />, { language: 'ru' });
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
