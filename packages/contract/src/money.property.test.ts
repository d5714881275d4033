import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Currency,
  convertExact,
  divide,
  partOf,
  percentHundredths,
  type Rate,
  ratio,
  ratioOfDecimal,
  splitByShares,
  USDT,
  wholeOf,
} from './money';

const RUB: Currency = { code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 };
const amount = fc.bigInt({ min: 0n, max: 10n ** 20n });
const hundredths = fc.integer({ min: 0, max: 10_000 });

describe('divide', () => {
  it('floor ≤ exact ≤ ceil, one apart at most, and half-even lies between', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const floor = divide(n, d, 'floor');
          const ceil = divide(n, d, 'ceil');
          const even = divide(n, d, 'half_even');
          expect(floor * d <= n).toBe(true);
          expect(ceil * d >= n).toBe(true);
          expect(ceil - floor).toBe(n % d === 0n ? 0n : 1n);
          expect(even === floor || even === ceil).toBe(true);
        },
      ),
    );
  });

  it('rounds halves to the even neighbour', () => {
    expect(divide(5n, 2n, 'half_even')).toBe(2n);
    expect(divide(7n, 2n, 'half_even')).toBe(4n);
    expect(divide(-5n, 2n, 'half_even')).toBe(-2n);
    expect(divide(-7n, 2n, 'floor')).toBe(-4n);
    expect(divide(-7n, 2n, 'ceil')).toBe(-3n);
  });
});

describe('splitByShares', () => {
  it('never creates or loses a unit: the parts and the remainder add up to the whole', () => {
    fc.assert(
      fc.property(
        amount,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.array(hundredths, { maxLength: 8 }),
        (n, d, raw) => {
          // An exact amount n/d held rounded up, given out by shares of at most 100 % in all, like a settlement's.
          const exact = ratio(n, d);
          const whole = wholeOf(exact, 'ceil');
          let left = 10_000;
          const shares = raw.map((value) => {
            const share = Math.min(value, left);
            left -= share;
            return percentHundredths(share);
          });
          const { parts, remainder } = splitByShares(whole, exact, shares);
          expect(parts.reduce((sum, part) => sum + part, 0n) + remainder).toBe(whole);
          // The remainder is the share nobody was given, plus less than one unit per part (and the hold's round-up).
          const unshared = partOf(exact, percentHundredths(left), 'floor');
          expect(remainder >= unshared).toBe(true);
          expect(remainder <= unshared + BigInt(shares.length) + 2n).toBe(true);
          for (const part of parts) expect(part >= 0n).toBe(true);
        },
      ),
    );
  });

  it('refuses shares above the whole', () => {
    expect(() => splitByShares(100n, ratio(100n, 1n), [percentHundredths(6_000), percentHundredths(6_000)])).toThrow(
      RangeError,
    );
  });
});

describe('convertExact', () => {
  const rate = (text: string): Rate => ({ base: USDT, quote: RUB, value: ratioOfDecimal(text) });

  it('prices a fiat amount in crypto and back exactly', () => {
    // 10,000 RUB at 92.5 RUB per USDT is 108.108108… USDT.
    const usdt = convertExact(1_000_000n, RUB, rate('92.5'));
    expect(wholeOf(usdt, 'floor')).toBe(108_108_108n);
    expect(wholeOf(usdt, 'ceil')).toBe(108_108_109n);
    expect(wholeOf(convertExact(108_108_108n, USDT, rate('92.5')), 'floor')).toBe(999_999n);
  });

  it('a crypto amount held with ceil covers the fiat it was priced from', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.integer({ min: 0, max: 6 }),
        (fiat, rateDigits, decimals) => {
          const value = ratio(rateDigits, 10n ** BigInt(decimals));
          const usdtRate: Rate = { base: USDT, quote: RUB, value };
          const exact = convertExact(fiat, RUB, usdtRate);
          const held = wholeOf(exact, 'ceil');
          expect(held - wholeOf(exact, 'floor') <= 1n).toBe(true);
          // Converting the held crypto back never gives less fiat than was asked.
          expect(wholeOf(convertExact(held, USDT, usdtRate), 'ceil') >= fiat).toBe(true);
        },
      ),
    );
  });

  it('refuses a currency the rate does not price, and a rate of zero', () => {
    const KZT: Currency = { code: 'KZT', name: 'Tenge', ratio_fraction: 2 };
    expect(() => convertExact(1n, KZT, rate('1'))).toThrow(RangeError);
    expect(() => convertExact(1n, RUB, rate('0'))).toThrow(RangeError);
  });
});

describe('ratioOfDecimal', () => {
  it('reads decimal text exactly and refuses anything else', () => {
    expect(ratioOfDecimal('92.35')).toEqual({ numerator: 9235n, denominator: 100n });
    expect(ratioOfDecimal('7')).toEqual({ numerator: 7n, denominator: 1n });
    for (const bad of ['-1', '1e5', '', 'x', `${'9'.repeat(50)}`]) expect(() => ratioOfDecimal(bad), bad).toThrow();
  });
});
