import { describe, expect, it } from 'vitest';
import { AmountFormatError, formatAmount, parseAmount } from './money';

describe('parseAmount', () => {
  it('parses decimal strings into minor units', () => {
    expect(parseAmount('105.263157', 6)).toBe(105263157n);
    expect(parseAmount('1', 6)).toBe(1000000n);
    expect(parseAmount('0.5', 2)).toBe(50n);
    expect(parseAmount('-2.10', 2)).toBe(-210n);
    expect(parseAmount(' 7.000 ', 2)).toBe(700n);
  });

  it('accepts JSON numbers', () => {
    expect(parseAmount(12.34, 2)).toBe(1234n);
    expect(parseAmount(1e-6, 6)).toBe(1n);
  });

  it('refuses more decimals than the currency has', () => {
    expect(() => parseAmount('1.001', 2)).toThrow(AmountFormatError);
  });

  it('refuses a text of a million digits before converting any of it', () => {
    const huge = '9'.repeat(1_000_000);
    expect(() => parseAmount(huge, 6)).toThrow(expect.objectContaining({ reason: 'too_long' }));
    expect(() => parseAmount(Number.POSITIVE_INFINITY, 6)).toThrow(AmountFormatError);
    expect(() => parseAmount(1e300, 6)).toThrow(AmountFormatError);
  });

  it('refuses text that is not a decimal', () => {
    for (const bad of ['', 'abc', '1,5', '1.', '.5', '1e5', 'NaN']) {
      expect(() => parseAmount(bad, 2), bad).toThrow(AmountFormatError);
    }
  });
});

describe('formatAmount', () => {
  it('prints minor units as a decimal without trailing zeros', () => {
    expect(formatAmount(105263157n, 6)).toBe('105.263157');
    expect(formatAmount(1000000n, 6)).toBe('1');
    expect(formatAmount(5n, 6)).toBe('0.000005');
    expect(formatAmount(-210n, 2)).toBe('-2.1');
    expect(formatAmount(0n, 2)).toBe('0');
  });

  it('round-trips', () => {
    for (const text of ['0', '1', '0.01', '123456789012345.67']) {
      expect(formatAmount(parseAmount(text, 2), 2)).toBe(text);
    }
  });
});
