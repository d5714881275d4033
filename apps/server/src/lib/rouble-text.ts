/**
 * Reading roubles from text people's banks write (DESIGN §11): the bank messages a trader's phone forwards, and the
 * text of a payer's receipt anti-fraud checks. Every reader first normalizes the text, then takes the first amount.
 */

/**
 * Only the first characters of a body are examined. A real bank notice is under 300 characters, while a body can be
 * 4,096 characters of hostile input; the cap bounds the work of every pattern below whatever arrives.
 */
const EXAMINED_LENGTH = 1_000;

/**
 * Cuts the text to the examined length and turns control characters (NUL included), line breaks and every Unicode
 * space (NBSP U+00A0, narrow NBSP U+202F, thin space U+2009 …) into one plain space, so patterns need to know only
 * one space and a thousands separator reads as a space.
 */
export function normalizeText(text: string): string {
  return text
    .slice(0, EXAMINED_LENGTH)
    .replace(/[\p{Cc}\p{Zs}\u200b-\u200d\u2060\ufeff]+/gu, ' ')
    .trim();
}

/**
 * An amount followed by a rouble sign. Thousands are grouped by single spaces in threes (normalizeText made every
 * space plain), so a card tail in front ('*1234 500 ₽') is not glued to the amount. No quantifier nests inside
 * another that can match the same characters, so a hostile run of digits and spaces costs linear time per position.
 */
const AMOUNT =
  /(?<![\d.,])(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d+))? ?(?:₽|руб(?:л[а-яё]{0,2})?\.?|р\.?|rub|rur)(?![а-яёa-z])/i;

/**
 * The first rouble amount of the text, as a two-decimal string, and where it ends. The first amount decides: when it
 * is malformed (three decimals, more than 12 integer digits, zero) the message is refused rather than another number
 * of the text taken in its place.
 */
export function readAmount(text: string): { value: string; end: number } | null {
  const match = AMOUNT.exec(text);
  if (match === null) return null;
  const integerDigits = (match[1] ?? '').replaceAll(' ', '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (integerDigits.length > 12 || fraction.length > 2) return null;
  const value = `${integerDigits}.${fraction.padEnd(2, '0')}`;
  if (value === '0.00') return null;
  return { value, end: match.index + match[0].length };
}
