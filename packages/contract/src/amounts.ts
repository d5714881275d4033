import { z } from 'zod';
import { lazySchema } from './lazy';
import { AmountFormatError, parseAmount, USDT } from './money';

/** Amounts arrive as a decimal string or a JSON number (strings preferred, DESIGN §2) and leave as trimmed text. */
export const decimalInput = lazySchema(() =>
  z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
);

/** The largest amount any form accepts: a trillion USDT, far inside a bigint column in minor units. */
export const usdtAmountMaxMinor = 10n ** 12n * 10n ** BigInt(USDT.ratio_fraction);

export interface UsdtAmountRules {
  /** The smallest amount accepted, in minor units. */
  minMinor: bigint;
  /** Message key when the amount is below the minimum (or not a number at all, when `numberMessage` is unset). */
  minMessage: string;
  /** Message key for text that is not a decimal; defaults to `validation.number`. */
  numberMessage?: string;
  /** A smaller ceiling than a trillion, in minor units, with its message key. */
  max?: { minor: bigint; message: string };
}

/**
 * A USDT amount as a decimal string: at most six decimals (more is refused, never rounded), within
 * [minimum, a trillion]. The output stays a string; the server turns it into minor units with `parseAmount`.
 */
export function usdtAmount(rules: UsdtAmountRules) {
  return decimalInput.superRefine((value, ctx) => {
    try {
      const minor = parseAmount(value, USDT.ratio_fraction);
      if (minor < rules.minMinor) ctx.addIssue({ code: 'custom', message: rules.minMessage });
      if (minor > usdtAmountMaxMinor) ctx.addIssue({ code: 'custom', message: 'validation.too_large' });
      else if (rules.max && minor > rules.max.minor) ctx.addIssue({ code: 'custom', message: rules.max.message });
    } catch (error) {
      if (!(error instanceof AmountFormatError)) throw error;
      const message =
        error.reason === 'too_many_decimals'
          ? 'validation.amount_decimals'
          : error.reason === 'too_long'
            ? 'validation.too_large'
            : (rules.numberMessage ?? 'validation.number');
      ctx.addIssue({ code: 'custom', message });
    }
  });
}
