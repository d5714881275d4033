import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toggle } from './Toggle';
import { renderWithProviders } from './test-utils';

describe('Toggle', () => {
  it('reports the new checked state as a boolean', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Toggle label="Deposit open" checked={false} onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: 'Deposit open' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('reports false when switching off', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Toggle label="Active" checked onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('can be read-only through disabled', () => {
    renderWithProviders(<Toggle label="Active" checked disabled />);
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
  });
});
