/**
 * Money is a bigint count of minor units with its currency (DESIGN §2, STYLE 7). This module is the only place
 * that converts between that and the decimal strings of the wire. No floating point touches an amount.
 */

export interface Currency {
  readonly code: string;
  readonly name: string;
  /** Number of decimals of the currency's minor unit. */
  readonly ratio_fraction: number;
}

export const USDT: Currency = { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 };

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * The longest decimal text read as an amount. A trillion of anything with 18 decimals fits; a longer text is refused
 * before any digit is converted, so a number of a million digits costs nothing.
 */
export const amountTextMaxLength = 40;

export class AmountFormatError extends Error {
  constructor(
    readonly reason: 'not_a_number' | 'too_many_decimals' | 'too_long',
    readonly input: string,
  ) {
    super(`${reason}: ${input}`);
  }
}

/**
 * Parses a decimal string (or a JSON number's text) into minor units. More decimals than the currency allows is
 * an error, never a silent rounding.
 */
export function parseAmount(input: string | number, fraction: number): bigint {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text.length > amountTextMaxLength) throw new AmountFormatError('too_long', text.slice(0, amountTextMaxLength));
  const match = decimalPattern.exec(text);
  if (!match) throw new AmountFormatError('not_a_number', text);
  const [, sign, whole = '0', decimals = ''] = match;
  const significant = decimals.replace(/0+$/, '');
  if (significant.length > fraction) throw new AmountFormatError('too_many_decimals', text);
  const minor = BigInt(whole) * 10n ** BigInt(fraction) + BigInt(significant.padEnd(fraction, '0') || '0');
  return sign ? -minor : minor;
}

/** Formats minor units as a plain decimal string without trailing zeros: 105263157n, 6 → "105.263157". */
export function formatAmount(minor: bigint, fraction: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(fraction + 1, '0');
  const whole = digits.slice(0, digits.length - fraction);
  const decimals = digits.slice(digits.length - fraction).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // JSON numbers such as 1e-7 print in exponent form; toFixed(20) keeps the digits JSON carried.
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** Minor units of `currency` as its decimal text: formatMoney(1500000n, USDT) → "1.5". */
export const formatMoney = (minor: bigint, currency: Currency): string => formatAmount(minor, currency.ratio_fraction);

/** The decimal text (or JSON number) of an amount of `currency` in minor units; see {@link parseAmount}. */
export const parseMoney = (input: string | number, currency: Currency): bigint =>
  parseAmount(input, currency.ratio_fraction);

/** How a quotient that is not whole becomes whole: holds round up, credits round down (DESIGN §5). */
export type Rounding = 'floor' | 'ceil' | 'half_even';

/** An exact non-negative fraction: every rate, share and amount not yet rounded is one, so no floating point touches money. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator <= 0n) throw new RangeError('a ratio needs a positive denominator');
  if (numerator < 0n) throw new RangeError('a ratio is never negative');
  return { numerator, denominator };
}

/** Percentages are kept as hundredths of a percent (step 0.01): 2.5 % is 250, 100 % is 10000. */
export const percentHundredths = (hundredths: number | bigint): Ratio => ratio(BigInt(hundredths), 10_000n);

/** A decimal text as an exact ratio: "92.35" → 9235/100. */
export function ratioOfDecimal(text: string): Ratio {
  const match = /^(\d{1,20})(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!match) throw new AmountFormatError('not_a_number', text.slice(0, amountTextMaxLength));
  const [, whole = '0', decimals = ''] = match;
  return ratio(BigInt(whole + decimals), 10n ** BigInt(decimals.length));
}

/** `numerator / denominator`, made whole by `rounding`. Works for negative numerators too. */
export function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) return divide(-numerator, -denominator, rounding);
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const below = numerator < 0n ? quotient - 1n : quotient; // floor
  if (rounding === 'floor') return below;
  if (rounding === 'ceil') return below + 1n;
  const twice = 2n * (numerator - below * denominator);
  if (twice < denominator) return below;
  if (twice > denominator) return below + 1n;
  return below % 2n === 0n ? below : below + 1n;
}

/** An exact amount as a whole number of minor units, made whole by `rounding`. */
export const wholeOf = (exact: Ratio, rounding: Rounding): bigint =>
  divide(exact.numerator, exact.denominator, rounding);

/** `exact × share`, made whole by `rounding`: the part of an amount a percentage gives. */
export const partOf = (exact: Ratio, share: Ratio, rounding: Rounding): bigint =>
  divide(exact.numerator * share.numerator, exact.denominator * share.denominator, rounding);

export interface Split {
  /** One part per share, each `floor(exact × share)`. */
  readonly parts: bigint[];
  /** What the rounding left and what no share was given: `whole − Σ parts`, never negative. */
  readonly remainder: bigint;
}

/**
 * Gives out `whole` minor units by shares of the exact amount it was made from (a hold is the exact price rounded
 * up): each part is `floor(exact × share)`, and the remainder is returned, never lost (DESIGN §5: it goes to the
 * rounding account). `Σ parts + remainder = whole` always holds; parts that would come to more than the whole are
 * refused.
 */
export function splitByShares(whole: bigint, exact: Ratio, shares: readonly Ratio[]): Split {
  if (whole < 0n) throw new RangeError('only a non-negative amount is split');
  const parts = shares.map((share) => partOf(exact, share, 'floor'));
  const remainder = whole - parts.reduce((sum, part) => sum + part, 0n);
  if (remainder < 0n) throw new RangeError('the shares add up to more than the whole');
  return { parts, remainder };
}

/** A price: one unit of `base` costs `value` units of `quote` (RUB per 1 USDT is base USDT, quote RUB). */
export interface Rate {
  readonly base: Currency;
  readonly quote: Currency;
  readonly value: Ratio;
}

/**
 * What an amount of one side of a rate is worth in the other, in minor units, exactly: a fiat amount F at rate R is
 * F / R of the crypto, a crypto amount C is C × R of the fiat. The fraction stays exact until a rounding of the rule
 * that uses it ({@link wholeOf}, {@link splitByShares}) makes it whole.
 */
export function convertExact(amountMinor: bigint, from: Currency, rate: Rate): Ratio {
  const scale = (currency: Currency) => 10n ** BigInt(currency.ratio_fraction);
  if (from.code === rate.base.code) {
    return ratio(amountMinor * rate.value.numerator * scale(rate.quote), rate.value.denominator * scale(rate.base));
  }
  if (from.code === rate.quote.code) {
    if (rate.value.numerator === 0n) throw new RangeError('a rate of zero converts nothing');
    return ratio(amountMinor * rate.value.denominator * scale(rate.base), rate.value.numerator * scale(rate.quote));
  }
  throw new RangeError(`the rate ${rate.base.code}/${rate.quote.code} does not price ${from.code}`);
}

/**
 * The crypto currencies balances are kept in (DESIGN §4: USDT). A stored amount names its currency by code; this is
 * where the code becomes the currency with its decimals. Fiat currencies are reference data of the database.
 */
export const cryptoCurrencies: readonly Currency[] = [USDT];

export function cryptoCurrency(code: string): Currency {
  const currency = cryptoCurrencies.find((candidate) => candidate.code === code);
  if (!currency) throw new RangeError(`unknown crypto currency ${code}`);
  return currency;
}
