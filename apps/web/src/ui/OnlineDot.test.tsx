import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnlineDot } from './OnlineDot';
import { renderWithProviders } from './test-utils';

describe('OnlineDot', () => {
  it('is green and named "Online" when online', () => {
    renderWithProviders(<OnlineDot online />);
    const dot = screen.getByRole('img', { name: 'Online' });
    expect(dot.getAttribute('style')).toContain('var(--mantine-color-green-filled)');
  });

  it('is dimmed and named "Offline" when offline', () => {
    renderWithProviders(<OnlineDot online={false} />);
    const dot = screen.getByRole('img', { name: 'Offline' });
    expect(dot.getAttribute('style')).toContain('var(--mantine-color-dimmed)');
  });

  it('is named in Russian', () => {
    renderWithProviders(<OnlineDot online />, { language: 'ru' });
    expect(screen.getByRole('img', { name: 'В сети' })).toBeInTheDocument();
  });

  it('takes another name when it shows a different state', () => {
    renderWithProviders(<OnlineDot online={false} label="Inactive" />);
    expect(screen.getByRole('img', { name: 'Inactive' })).toHaveAttribute('title', 'Inactive');
  });
});
