import { describe, expect, it } from 'vitest';
import { emptyPartnerForm, hasChanges, slugOf } from './partnerForm';

describe('slugOf', () => {
  it('joins the Latin words of a title with dashes, in lowercase', () => {
    expect(slugOf('Fast Pay RU')).toBe('fast-pay-ru');
    expect(slugOf('  --Pay&Go 24/7-- ')).toBe('pay-go-24-7');
  });

  it('suggests nothing for a title without Latin letters or digits and keeps at most 50 characters', () => {
    expect(slugOf('Быстрый платёж')).toBe('');
    expect(slugOf(`${'a'.repeat(49)} b`)).toBe('a'.repeat(49));
  });
});

describe('hasChanges', () => {
  const initial = {
    ...emptyPartnerForm,
    title: 'Fast Pay',
    payment_method: 'card',
    fiat_currencies: ['RUB', 'KZT'],
    payment_options: ['card'],
  };

  it('is false when nothing changed, whatever the order of the lists or the blanks around texts', () => {
    expect(hasChanges(initial, { ...initial, title: ' Fast Pay ', fiat_currencies: ['KZT', 'RUB'] })).toBe(false);
  });

  it('is true for any edited field', () => {
    expect(hasChanges(initial, { ...initial, payment_method: 'sbp' })).toBe(true);
    expect(hasChanges(initial, { ...initial, payment_options: ['card', 'sbp'] })).toBe(true);
    expect(hasChanges(initial, { ...initial, fiat_currencies: ['RUB'] })).toBe(true);
    expect(hasChanges(initial, { ...initial, is_active: false })).toBe(true);
  });
});
