import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Amount } from './Amount';
import { renderWithProviders } from './test-utils';

describe('Amount', () => {
  it('shows the truncated amount with its currency and the exact value on hover', () => {
    renderWithProviders(<Amount amount="105.263157" currency="USDT" />);
    const amount = screen.getByText('105.26... USDT');
    expect(amount).toHaveAttribute('title', '105.263157 USDT');
  });

  it('shows an amount without a currency', () => {
    renderWithProviders(<Amount amount="10.50" />);
    expect(screen.getByText('10.5')).toHaveAttribute('title', '10.50');
  });

  it('shows a negative amount', () => {
    renderWithProviders(<Amount amount="-3.999" currency="RUB" />);
    expect(screen.getByText('-3.99... RUB')).toBeInTheDocument();
  });
});
