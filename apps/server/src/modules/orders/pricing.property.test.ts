import { type Currency, ratio, USDT } from '@paydesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoOf, payInHold, payOutHold, type Settlement, settlePayIn, settlePayOut, sharesFit } from './pricing';

const RUB: Currency = { code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 };

/** Shares that fit the merchant's fee: the executor and up to four agents take at most m. */
const shares = fc
  .record({
    merchant: fc.integer({ min: 0, max: 10_000 }),
    parts: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 5 }),
  })
  .map(({ merchant, parts }) => {
    let left = merchant;
    const fitted = parts.map((part) => {
      const taken = Math.min(part, left);
      left -= taken;
      return taken;
    });
    return { merchant, executor: fitted[0] ?? 0, agents: fitted.slice(1) };
  });

const fiatMinor = fc.bigInt({ min: 1n, max: 10n ** 14n });
/** Rates from 0.00000001 to 10^12 fiat per crypto, with up to 8 decimals. */
const rate = fc
  .record({ digits: fc.bigInt({ min: 1n, max: 10n ** 12n }), decimals: fc.integer({ min: 0, max: 8 }) })
  .map(({ digits, decimals }) => ratio(digits, 10n ** BigInt(decimals)));

const parts = (s: Settlement) => [s.merchant, s.executor, ...s.agents, s.revenue, s.rounding];
const total = (s: Settlement) => parts(s).reduce((sum, part) => sum + part, 0n);

describe('settlement (DESIGN §5)', () => {
  it('pays in: the hold is given out exactly, nobody gets a negative amount, rounding stays small', () => {
    fc.assert(
      fc.property(fiatMinor, rate, shares, (fiat, r, s) => {
        const c = cryptoOf(fiat, RUB, r, USDT);
        const settled = settlePayIn(c, s);
        expect(settled.hold).toBe(payInHold(c));
        expect(total(settled)).toBe(settled.hold);
        for (const part of parts(settled)) expect(part >= 0n).toBe(true);
        // One unit at most lost per floored part, plus the unit the hold rounded up.
        expect(settled.rounding <= BigInt(parts(settled).length)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('pays out: the merchant’s hold is given out exactly and covers the fiat paid and every share', () => {
    fc.assert(
      fc.property(fiatMinor, rate, shares, (fiat, r, s) => {
        const c = cryptoOf(fiat, RUB, r, USDT);
        const settled = settlePayOut(c, s);
        expect(settled.hold).toBe(payOutHold(c, s.merchant));
        expect(total(settled)).toBe(settled.hold);
        for (const part of parts(settled)) expect(part >= 0n).toBe(true);
        expect(settled.rounding <= BigInt(parts(settled).length)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('prices the example of DESIGN §5 to the unit', () => {
    // 10,000 RUB at 92.5 RUB per USDT: C = 108.108108108… USDT; m 5 %, t 2.5 %, one agent 0.5 %.
    const c = cryptoOf(1_000_000n, RUB, ratio(925n, 10n), USDT);
    const payIn = settlePayIn(c, { merchant: 500, executor: 250, agents: [50] });
    expect(payIn).toEqual({
      hold: 108_108_109n,
      merchant: 102_702_702n,
      executor: 2_702_702n,
      agents: [540_540n],
      revenue: 2_162_162n,
      rounding: 3n,
    });
    const payOut = settlePayOut(c, { merchant: 500, executor: 250, agents: [50] });
    expect(payOut.hold).toBe(113_513_514n);
    expect(payOut.executor).toBe(108_108_108n + 2_702_702n);
  });

  it('refuses shares above the merchant’s fee', () => {
    expect(sharesFit({ merchant: 500, executor: 250, agents: [250] })).toBe(true);
    expect(sharesFit({ merchant: 500, executor: 250, agents: [251] })).toBe(false);
    expect(sharesFit({ merchant: 0, executor: 0, agents: [] })).toBe(true);
  });
});
