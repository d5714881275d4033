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

export class AmountFormatError extends Error {
  constructor(
    readonly reason: 'not_a_number' | 'too_many_decimals',
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
