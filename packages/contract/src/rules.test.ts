import { describe, expect, it } from 'vitest';
import { checkRecord, checkRules, ruleMessage } from './rules';

const field = (rules: string[], mask?: string) => ({ validation_rules: rules, mask });
const message = (language: 'en' | 'ru', value: unknown, rules: string[], mask?: string) => {
  const issue = checkRules(value, field(rules, mask));
  return issue === null ? null : ruleMessage(language, issue, language === 'en' ? 'Card number' : 'Номер карты');
};

describe('the rule language of SPEC §5', () => {
  it('required: empty or blank fails, anything else passes', () => {
    expect(message('en', '', ['required'])).toBe('Card number is required');
    expect(message('en', '   ', ['required'])).toBe('Card number is required');
    expect(message('en', undefined, ['required'])).toBe('Card number is required');
    expect(message('ru', null, ['required'])).toBe('Поле «Номер карты» обязательно');
    expect(message('en', 'x', ['required'])).toBeNull();
  });

  it('nullable: an empty value passes every other rule; a given one is still checked', () => {
    expect(message('en', '', ['nullable', 'digits:16'])).toBeNull();
    expect(message('en', null, ['nullable', 'max:3'])).toBeNull();
    expect(message('en', '12', ['nullable', 'digits:16'])).toBe('Card number must have exactly 16 digits');
    expect(message('en', '', ['digits:16'])).toBeNull();
  });

  it('string: a number or an object is not a string', () => {
    expect(message('en', 4276, ['required', 'string'])).toBe('Card number must be a string');
    expect(message('ru', { a: 1 }, ['string'])).toBe('Поле «Номер карты» должно быть строкой');
  });

  it('max:N and min:N count characters, and min says what it means', () => {
    expect(message('en', 'abcd', ['max:3'])).toBe('Card number must not exceed 3 characters');
    expect(message('ru', 'abcd', ['max:3'])).toBe('Поле «Номер карты» не должно превышать 3 символов');
    expect(message('en', 'abc', ['max:3'])).toBeNull();
    expect(message('en', 'ab', ['min:3'])).toBe('Card number must be at least 3 characters');
    expect(message('ru', 'ab', ['min:3'])).toBe('Поле «Номер карты» должно содержать не менее 3 символов');
    expect(message('en', 'ёжик', ['max:4'])).toBeNull();
  });

  it('digits:N: only digits, and exactly N of them', () => {
    expect(message('en', '4276 1234', ['digits:16'])).toBe('Card number must contain only digits');
    expect(message('ru', '4276-1234', ['digits:16'])).toBe('Поле «Номер карты» должно содержать только цифры');
    expect(message('en', '427612341234', ['digits:16'])).toBe('Card number must have exactly 16 digits');
    expect(message('ru', '427612341234', ['digits:16'])).toBe('Поле «Номер карты» должно содержать ровно 16 цифр');
    expect(message('en', '4276123412341234', ['digits:16'])).toBeNull();
  });

  it('regex: the whole value matches, and the message shows the mask', () => {
    expect(message('en', '12345', ['regex:\\d{10,15}'], '10 to 15 digits')).toBe(
      'Card number must be like 10 to 15 digits',
    );
    expect(message('ru', '12345', ['regex:\\d{10,15}'], '10–15 цифр')).toBe(
      'Поле «Номер карты» должно быть в формате 10–15 цифр',
    );
    expect(message('en', '79001234567x', ['regex:\\d{10,15}'])).toBe('Card number must be like \\d{10,15}');
    expect(message('en', '79001234567', ['regex:\\d{10,15}'])).toBeNull();
  });

  it('in:list: one of the values', () => {
    expect(message('en', 'visa', ['in:card,sbp,account'])).toBe('Card number must be in list: card, sbp, account');
    expect(message('ru', 'visa', ['in:card,sbp'])).toBe('Поле «Номер карты» должно быть одним из: card, sbp');
    expect(message('en', 'sbp', ['in:card,sbp,account'])).toBeNull();
  });

  it('checks a whole record with labels in the language asked for', () => {
    const fields = {
      card_number: { label: 'Номер карты', validation_rules: ['required', 'string', 'digits:16'] },
      holder: { label: 'Держатель', validation_rules: ['required', 'string', 'max:100'] },
    };
    expect(checkRecord({ card_number: '1234' }, fields, 'ru')).toEqual({
      card_number: 'Поле «Номер карты» должно содержать ровно 16 цифр',
      holder: 'Поле «Держатель» обязательно',
    });
    expect(checkRecord({ card_number: '4276123412341234', holder: 'IVAN' }, fields, 'en')).toEqual({});
  });

  it('refuses a rule it does not know, loudly', () => {
    expect(() => checkRules('x', field(['uppercase']))).toThrow(/unknown validation rule/);
  });
});
