import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyableId } from './CopyableId';
import { renderWithProviders } from './test-utils';

const uuid = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('CopyableId', () => {
  it('shows the shortened id with the full id on hover', () => {
    renderWithProviders(<CopyableId id={uuid} />);
    const text = screen.getByText('0193…4a5b');
    expect(text).toHaveAttribute('title', uuid);
  });

  it('shows a short id unchanged', () => {
    renderWithProviders(<CopyableId id="12345678" />);
    expect(screen.getByText('12345678')).toBeInTheDocument();
  });

  it('copies the full id, not the shortened one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyableId id={uuid} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(uuid);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('renders in the dark colour scheme', () => {
    renderWithProviders(<CopyableId id={uuid} />, { colorScheme: 'dark' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByText('0193…4a5b')).toBeInTheDocument();
  });
});
