import { describe, expect, it } from 'vitest';
import en from './en.json';
import ru from './ru.json';

/** Flattens a bundle to [dotted key, value] pairs so two languages can be compared leaf by leaf. */
function leavesOf(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('ui locales', () => {
  it('have the same keys in English and Russian', () => {
    const keys = (bundle: unknown) =>
      leavesOf(bundle)
        .map(([key]) => key)
        .sort();
    expect(keys(ru)).toEqual(keys(en));
  });

  it.each([
    ['en', en],
    ['ru', ru],
  ])('%s has a non-empty string for every key', (_language, bundle) => {
    for (const [key, value] of leavesOf(bundle)) {
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
    }
  });

  it('keeps the interpolation placeholders of every English string', () => {
    const ruValues = new Map(leavesOf(ru));
    for (const [key, value] of leavesOf(en)) {
      const placeholders = (text: unknown) =>
        String(text)
          .match(/{{\w+}}/g)
          ?.sort() ?? [];
      expect(placeholders(ruValues.get(key)), key).toEqual(placeholders(value));
    }
  });
});
