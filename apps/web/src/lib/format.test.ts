import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatAmountDisplay,
  formatAttributeValue,
  formatCardNumber,
  formatDateTime,
  formatDateTimeUtc,
  formatPhone,
  shortenId,
} from './format';

describe('formatAmountDisplay', () => {
  it.each([
    ['105.263157', '105.26...'],
    ['10.50', '10.5'],
    ['10.00', '10'],
    ['0.001', '< 0.01'],
    ['-3.999', '-3.99...'],
    ['7', '7'],
    ['0', '0'],
    ['1.2', '1.2'],
    ['1.23', '1.23'],
    ['1234.5', '1,234.5'],
  ])('shows %s as %s', (input, expected) => {
    expect(formatAmountDisplay(input)).toBe(expected);
  });

  it('truncates instead of rounding', () => {
    expect(formatAmountDisplay('0.999999')).toBe('0.99...');
    expect(formatAmountDisplay('19.995')).toBe('19.99...');
  });

  it('marks a cut only when a non-zero digit was dropped', () => {
    expect(formatAmountDisplay('10.500000')).toBe('10.5');
    expect(formatAmountDisplay('10.000001')).toBe('10...');
    expect(formatAmountDisplay('10.010')).toBe('10.01');
    expect(formatAmountDisplay('10.0100001')).toBe('10.01...');
  });

  it('says "< 0.01" for an amount the cut would show as zero, never "0..."', () => {
    expect(formatAmountDisplay('0.000001')).toBe('< 0.01');
    expect(formatAmountDisplay('0.009999')).toBe('< 0.01');
    expect(formatAmountDisplay('-0.000001')).toBe('> -0.01');
    expect(formatAmountDisplay('0.01')).toBe('0.01');
    expect(formatAmountDisplay('0.000000')).toBe('0');
  });

  it('drops trailing zeros left after the cut', () => {
    expect(formatAmountDisplay('2.1049')).toBe('2.1...');
    expect(formatAmountDisplay('2.0049')).toBe('2...');
  });

  it('keeps digits that a float would lose', () => {
    expect(formatAmountDisplay('12345678901234567890.129')).toBe('12,345,678,901,234,567,890.12...');
    expect(formatAmountDisplay('0.30000000000000004')).toBe('0.3...');
  });

  it('handles signs', () => {
    expect(formatAmountDisplay('-10.50')).toBe('-10.5');
    expect(formatAmountDisplay('+4.5')).toBe('4.5');
    expect(formatAmountDisplay('-0.00')).toBe('0');
    expect(formatAmountDisplay('-0')).toBe('0');
    expect(formatAmountDisplay('-0.001')).toBe('> -0.01');
  });

  it('normalises leading zeros, a bare point and surrounding spaces', () => {
    expect(formatAmountDisplay('007.5')).toBe('7.5');
    expect(formatAmountDisplay('000')).toBe('0');
    expect(formatAmountDisplay('.5')).toBe('0.5');
    expect(formatAmountDisplay('5.')).toBe('5');
    expect(formatAmountDisplay(' 1.239 ')).toBe('1.23...');
  });

  it('returns input it cannot read unchanged', () => {
    for (const input of ['', ' ', '.', '-', 'abc', '1e-7', '1,5', '1.2.3', 'NaN', '--1']) {
      expect(formatAmountDisplay(input)).toBe(input);
    }
  });

  it('groups thousands and writes the decimal mark as the language does, the cut kept', () => {
    expect(formatAmountDisplay('1234567.89', 'en')).toBe('1,234,567.89');
    expect(formatAmountDisplay('1234567.89', 'ru')).toBe('1\u00a0234\u00a0567,89');
    expect(formatAmountDisplay('1234567.891', 'en')).toBe('1,234,567.89...');
    expect(formatAmountDisplay('1234567.891', 'ru')).toBe('1\u00a0234\u00a0567,89...');
    expect(formatAmountDisplay('-1000', 'ru')).toBe('-1\u00a0000');
    expect(formatAmountDisplay('999.5', 'ru')).toBe('999,5');
    expect(formatAmountDisplay('100000', 'en')).toBe('100,000');
    expect(formatAmountDisplay('0.001', 'ru')).toBe('< 0,01');
    expect(formatAmountDisplay('-0.001', 'ru')).toBe('> -0,01');
    expect(formatAmountDisplay('12345678901234567890.129', 'en')).toBe('12,345,678,901,234,567,890.12...');
  });

  it('writes as Intl.NumberFormat does in each language', () => {
    for (const language of ['en', 'ru'] as const) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(1234567.25);
      expect(formatAmountDisplay('1234567.25', language)).toBe(intl);
    }
  });
});

describe('formatCardNumber', () => {
  it('groups exactly sixteen digits by four', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
  });

  it('regroups a number that already contains spaces', () => {
    expect(formatCardNumber('4111 11111111 1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber(' 4111111111111111 ')).toBe('4111 1111 1111 1111');
  });

  it('returns anything else unchanged', () => {
    for (const input of ['', '411111111111111', '41111111111111112', '4111-1111-1111-1111', '4111x11111111111']) {
      expect(formatCardNumber(input)).toBe(input);
    }
  });
});

describe('formatPhone', () => {
  it('formats ten digits as a national number', () => {
    expect(formatPhone('9123456789')).toBe('(912) 345-6789');
  });

  it('formats eleven digits starting with 7 or 8 as a Russian number', () => {
    expect(formatPhone('79123456789')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('89123456789')).toBe('+7 (912) 345-67-89');
  });

  it('prefixes other lengths from 11 to 15 digits with a plus', () => {
    expect(formatPhone('19123456789')).toBe('+19123456789');
    expect(formatPhone('380501234567')).toBe('+380501234567');
    expect(formatPhone('123456789012345')).toBe('+123456789012345');
  });

  it('reads only the digits of a formatted input', () => {
    expect(formatPhone('+7 (912) 345-67-89')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('8-912-345-67-89')).toBe('+7 (912) 345-67-89');
    expect(formatPhone('912.345.6789')).toBe('(912) 345-6789');
  });

  it('returns the input as is when it has fewer than 10 or more than 15 digits', () => {
    for (const input of ['', '123', '912345678', '+7 912 345', '1234567890123456', 'no phone']) {
      expect(formatPhone(input)).toBe(input);
    }
  });
});

describe('formatAttributeValue', () => {
  it('formats card numbers and phones by their field, and leaves other attributes as stored', () => {
    expect(formatAttributeValue('card_number', '4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatAttributeValue('card_number', '411111111111')).toBe('411111111111');
    expect(formatAttributeValue('phone', '79123456789')).toBe('+7 (912) 345-67-89');
    expect(formatAttributeValue('phone', '9123456789')).toBe('(912) 345-6789');
    expect(formatAttributeValue('phone', '380501234567')).toBe('+380501234567');
    expect(formatAttributeValue('account', '40817810099910004312')).toBe('40817810099910004312');
    expect(formatAttributeValue('holder', '9123456789')).toBe('9123456789');
  });
});

describe('formatDateTime', () => {
  // Moscow has been UTC+3 all year since 2014, so the expected local times do not depend on daylight saving.
  beforeAll(() => {
    vi.stubEnv('TZ', 'Europe/Moscow');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('shows DD.MM.YYYY HH:MM:SS in local time', () => {
    expect(formatDateTime('2024-05-01T21:30:05Z')).toBe('02.05.2024 00:30:05');
    expect(formatDateTime('2024-01-09T06:07:08.999Z')).toBe('09.01.2024 09:07:08');
  });

  it('honours an explicit offset', () => {
    expect(formatDateTime('2024-05-01T10:00:00+05:00')).toBe('01.05.2024 08:00:00');
  });

  it('shows nothing for input that is not a date', () => {
    for (const input of ['', '   ', 'yesterday', '2024-13-45T00:00:00Z']) {
      expect(formatDateTime(input)).toBe('');
    }
  });
});

describe('formatDateTimeUtc', () => {
  it('shows DD.MM.YYYY HH:MM:SS in UTC', () => {
    expect(formatDateTimeUtc('2024-05-01T21:30:05Z')).toBe('01.05.2024 21:30:05');
    expect(formatDateTimeUtc('2024-05-01T01:30:05+03:00')).toBe('30.04.2024 22:30:05');
    expect(formatDateTimeUtc('2024-12-31T23:59:59.999Z')).toBe('31.12.2024 23:59:59');
  });

  it('shows nothing for input that is not a date', () => {
    expect(formatDateTimeUtc('')).toBe('');
    expect(formatDateTimeUtc('not a date')).toBe('');
  });
});

describe('shortenId', () => {
  it('keeps the first four and last four characters of a longer id', () => {
    expect(shortenId('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe('0193…4a5b');
    expect(shortenId('123456789')).toBe('1234…6789');
  });

  it('leaves ids of eight characters or fewer unchanged', () => {
    expect(shortenId('12345678')).toBe('12345678');
    expect(shortenId('abc')).toBe('abc');
    expect(shortenId('')).toBe('');
  });
});
