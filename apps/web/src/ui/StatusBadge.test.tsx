import { directionExecutorStates } from '@paydesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusColor } from './StatusBadge';
import { renderWithProviders } from './test-utils';

describe('statusColor', () => {
  it.each([
    ['paid', 'green'],
    ['done', 'green'],
    ['canceled', 'red'],
    ['dispute', 'orange'],
    ['appeal', 'orange'],
    ['in-progress', 'gray'],
    ['in_progress', 'gray'],
  ])('colours order status %s %s', (slug, color) => {
    expect(statusColor(slug)).toBe(color);
  });

  it.each(['new', 'open', 'rejected', 'resolved', 'something-new'])('leaves order status %s to the default', (slug) => {
    expect(statusColor(slug)).toBeUndefined();
  });

  it.each([
    ['open', 'green'],
    ['paid', 'green'],
    ['rejected', 'orange'],
    ['resolved', 'gray'],
    ['in-progress', 'gray'],
    ['canceled', 'red'],
  ])('colours dispute status %s %s', (slug, color) => {
    expect(statusColor(slug, 'dispute')).toBe(color);
  });

  it.each([
    ['disabled', 'gray'],
    ['pending', 'gray'],
    ['unassigned', 'gray'],
    ['moderation', 'orange'],
    ['enabled', 'green'],
    ['disabled_by_admin', 'red'],
    ['lost_connection', 'red'],
  ])('colours terminal status %s %s', (slug, color) => {
    expect(statusColor(slug, 'terminal')).toBe(color);
  });

  it.each([
    ['moderation', 'orange'],
    ['pending', 'blue'],
    ['done', 'green'],
    ['rejected', 'red'],
  ])('colours payment status %s %s', (slug, color) => {
    expect(statusColor(slug, 'payment')).toBe(color);
  });
});

describe('direction colours', () => {
  it.each([
    ['ok', 'green'],
    ['short', 'red'],
    ['idle', 'gray'],
  ])('colours direction state %s %s', (slug, color) => {
    expect(statusColor(slug, 'direction')).toBe(color);
  });

  it('colours every executor state of the contract, ready in green', () => {
    for (const state of directionExecutorStates) expect(statusColor(state, 'directionExecutor')).toBeDefined();
    expect(statusColor('ready', 'directionExecutor')).toBe('green');
    expect(statusColor('deposits_closed', 'directionExecutor')).toBe('orange');
  });
});

describe('StatusBadge', () => {
  it('shows the server title in the status colour', () => {
    renderWithProviders(<StatusBadge slug="canceled" label="Отменён" />);
    const badge = screen.getByText('Отменён').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveAttribute('data-status', 'canceled');
    expect(badge.style.getPropertyValue('--badge-color')).toContain('red');
  });

  it('falls back to the slug without a title', () => {
    renderWithProviders(<StatusBadge slug="new" />);
    expect(screen.getByText('new')).toBeInTheDocument();
  });

  it('uses colour variables that follow the dark scheme', () => {
    renderWithProviders(<StatusBadge slug="paid" label="Paid" />, { colorScheme: 'dark' });
    const badge = screen.getByText('Paid').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.getPropertyValue('--badge-bg')).toContain('var(--mantine-color-green-light)');
  });
});
