import { describe, expect, it } from 'vitest';
import { translate } from './messages';

describe('server messages', () => {
  it('translates into both languages and interpolates', () => {
    expect(translate('en', 'throttled', { seconds: 30 })).toBe('Too many attempts. Try again in 30 s.');
    expect(translate('ru', 'throttled', { seconds: 30 })).toBe('Слишком много попыток. Повторите через 30 с.');
  });

  it('falls back to a generic text for keys it does not know', () => {
    expect(translate('ru', 'Expected string, received number')).toBe('Недопустимое значение.');
  });
});
