import type { Language } from '@paydesk/contract';
import { currentLanguage } from './i18n';

/**
 * Display formatters of the back-office (SPEC §2.14, §5 "Amount display", §9). They never throw (and read nothing but
 * their arguments and, for an amount, the interface's language):
 * a value they cannot read is shown as it came, because hiding data from an operator is worse than showing it raw.
 */

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?$/;
const amountDecimalsShown = 2;
const truncationMark = '...';

/**
 * How each language writes a number: the thousands' separator and the decimal mark, as `Intl.NumberFormat` writes them
 * (1,234,567.89 and 1 234 567,89; Russian's separator is a no-break space, so an amount never wraps inside).
 */
const numberMarks: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Shows a wire amount ("105.263157") with at most two decimals. Digits beyond the second are cut, never rounded,
 * because rounding up would show money that does not exist; the cut is marked with '...' so the operator knows the
 * exact value differs. Trailing zeros are dropped. An amount that the cut would show as zero reads "< 0.01" ("> -0.01"
 * below zero). Thousands are grouped and the decimal mark written as the language does (1,234.5 / 1 234,5; issue 32),
 * in the interface's language unless one is given. Only string operations touch the value (STYLE 7).
 */
export function formatAmountDisplay(value: string, language: Language = currentLanguage()): string {
  const match = decimalPattern.exec(value.trim());
  const [, sign = '', wholeDigits = '', decimalDigits = ''] = match ?? [];
  if (!match || (wholeDigits === '' && decimalDigits === '')) return value;

  const whole = wholeDigits.replace(/^0+(?=\d)/, '') || '0';
  const kept = decimalDigits.slice(0, amountDecimalsShown).replace(/0+$/, '');
  const truncated = /[1-9]/.test(decimalDigits.slice(amountDecimalsShown));
  // A negative amount that reads as zero keeps its sign only when digits were cut ("-0..."), so "-0.00" shows "0".
  const isZero = !/[1-9]/.test(whole + decimalDigits);
  // An amount the cut would show as zero is not zero: "< 0.01" says so (issue 21), never "0...".
  const { group, decimal } = numberMarks[language];
  if (truncated && whole === '0' && kept === '') return sign === '-' ? `> -0${decimal}01` : `< 0${decimal}01`;
  const shownSign = sign === '-' && !isZero ? '-' : '';
  const fraction = kept ? `${decimal}${kept}` : '';
  return `${shownSign}${groupThousands(whole, group)}${fraction}${truncated ? truncationMark : ''}`;
}

/** A card number is grouped by four only when it is exactly 16 digits; anything else is shown as stored. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{16}$/.test(digits)) return value;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Phone per SPEC §2.14: only the digits count, and 10 to 15 of them are required, otherwise the value is shown as
 * stored. Ten digits are a national number without a country code; eleven starting with 7 or 8 are Russian.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return value;
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
    return `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  }
  return `+${digits}`;
}

/**
 * One attribute of a requisite or of an order's payment details, as SPEC §2.14 shows it: a card number grouped by
 * four, a phone in its national or international form, anything else as stored. The field name decides, because the
 * same attribute (`card_number`, `phone`) means the same thing in every payment option.
 */
export function formatAttributeValue(field: string, value: string): string {
  if (field === 'card_number') return formatCardNumber(value);
  if (field === 'phone') return formatPhone(value);
  return value;
}

interface DateParts {
  day: number;
  month: number;
  year: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function joinDateParts(parts: DateParts): string {
  const date = `${twoDigits(parts.day)}.${twoDigits(parts.month)}.${String(parts.year).padStart(4, '0')}`;
  return `${date} ${twoDigits(parts.hours)}:${twoDigits(parts.minutes)}:${twoDigits(parts.seconds)}`;
}

function parseDate(iso: string): Date | undefined {
  if (iso.trim() === '') return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** DD.MM.YYYY HH:MM:SS in the browser's local time (DESIGN §2); an unreadable timestamp shows nothing. */
export function formatDateTime(iso: string): string {
  const date = parseDate(iso);
  if (!date) return '';
  return joinDateParts({
    day: date.getDate(),
    month: date.getMonth() + 1,
    year: date.getFullYear(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
  });
}

/** The same format in UTC: anti-fraud cases are compared across operators in different zones (SPEC §2.16). */
export function formatDateTimeUtc(iso: string): string {
  const date = parseDate(iso);
  if (!date) return '';
  return joinDateParts({
    day: date.getUTCDate(),
    month: date.getUTCMonth() + 1,
    year: date.getUTCFullYear(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
    seconds: date.getUTCSeconds(),
  });
}

/**
 * The separator is the single-character ellipsis "…" (U+2026), not "...": it keeps a shortened id nine characters
 * wide in a monospace column and cannot be mistaken for the '...' that marks a truncated amount.
 */
const idSeparator = '…';
const idEdgeLength = 4;

/** Identifiers longer than eight characters show their first four and last four (SPEC §9). */
export function shortenId(id: string): string {
  if (id.length <= idEdgeLength * 2) return id;
  return `${id.slice(0, idEdgeLength)}${idSeparator}${id.slice(-idEdgeLength)}`;
}
