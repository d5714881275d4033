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

  it('marks a disabled switch on with a check and off with a cross, since its track is grey either way', () => {
    const { container, unmount } = renderWithProviders(<Toggle label="Active" checked disabled />);
    expect(container.querySelector('.tabler-icon-check')).not.toBeNull();
    unmount();
    const off = renderWithProviders(<Toggle label="Active" checked={false} disabled />);
    expect(off.container.querySelector('.tabler-icon-x')).not.toBeNull();
    expect(off.container.querySelector('.tabler-icon-check')).toBeNull();
  });

  it('keeps an enabled switch plain', () => {
    const { container } = renderWithProviders(<Toggle label="Active" checked />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
