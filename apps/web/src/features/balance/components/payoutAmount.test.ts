import { describe, expect, it } from 'vitest';
import { amountMinorOf, clampAmountInput } from './payoutAmount';

const usdt = 6;

describe('payout amount', () => {
  it('reads what was typed as minor units, and nothing while it is not an amount yet', () => {
    expect(amountMinorOf('12.5', usdt)).toBe(12_500_000n);
    expect(amountMinorOf('.5', usdt)).toBe(500_000n);
    expect(amountMinorOf('3.', usdt)).toBe(3_000_000n);
    expect(amountMinorOf('', usdt)).toBeNull();
    expect(amountMinorOf('.', usdt)).toBeNull();
  });

  it('keeps digits and one decimal point, at most six decimals', () => {
    expect(clampAmountInput('1a2,5', 10n ** 12n, usdt)).toBe('12.5');
    expect(clampAmountInput('1.2.3', 10n ** 12n, usdt)).toBe('1.23');
    expect(clampAmountInput('0.12345678', 10n ** 12n, usdt)).toBe('0.123456');
  });

  it('never goes below zero: a minus sign is dropped', () => {
    expect(clampAmountInput('-5', 10n ** 12n, usdt)).toBe('5');
  });

  it('is clamped to the available balance', () => {
    expect(clampAmountInput('5000.000001', 5_000_000_000n, usdt)).toBe('5000');
    expect(clampAmountInput('99999', 1_250_000n, usdt)).toBe('1.25');
    expect(clampAmountInput('1', 0n, usdt)).toBe('0');
    expect(clampAmountInput('4999.99', 5_000_000_000n, usdt)).toBe('4999.99');
  });
});
