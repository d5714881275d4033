import { formatAmount, parseAmount } from '@paydesk/contract';

/**
 * The payout form's amount as the user types it (SPEC §5): digits and one decimal point, no more decimals than the
 * currency has, never below 0 (there is no minus sign to type) and never above the available balance. Everything
 * stays a string or a bigint of minor units; no float touches the amount (STYLE 7).
 */

/** The amount in minor units, or null while the text is not an amount yet (empty, a lone "."). */
export function amountMinorOf(text: string, fraction: number): bigint | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '') return null;
  try {
    return parseAmount(trimmed.startsWith('.') ? `0${trimmed}` : trimmed, fraction);
  } catch {
    return null;
  }
}

/** Cleans what was typed and clamps it to [0, maxMinor]; a comma counts as the decimal point. */
export function clampAmountInput(text: string, maxMinor: bigint, fraction: number): string {
  const [whole = '', ...rest] = text
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '')
    .split('.');
  const cleaned = rest.length > 0 ? `${whole}.${rest.join('').slice(0, fraction)}` : whole;
  const minor = amountMinorOf(cleaned, fraction);
  if (minor !== null && minor > maxMinor) return formatAmount(maxMinor < 0n ? 0n : maxMinor, fraction);
  return cleaned;
}
