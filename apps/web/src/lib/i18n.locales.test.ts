import { describe, expect, it } from 'vitest';

/** Every namespace of the app and its features, in both languages (the UI kit checks its own). */
const bundles = import.meta.glob<{ default: unknown }>(['../app/locales/*.json', '../features/*/locales/*.json'], {
  eager: true,
});

function leavesOf(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix}.${key}` : key));
}

const namespaces = new Map<string, { en?: unknown; ru?: unknown }>();
for (const [path, module] of Object.entries(bundles)) {
  const match = /\/([^/]+)\/locales\/(en|ru)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const entry = namespaces.get(match[1]) ?? {};
  entry[match[2] as 'en' | 'ru'] = module.default;
  namespaces.set(match[1], entry);
}

const placeholders = (text: unknown) =>
  String(text)
    .match(/{{\w+}}/g)
    ?.sort() ?? [];

describe.each([...namespaces.entries()])('locales of %s', (_namespace, { en, ru }) => {
  it('exist in English and Russian with the same keys', () => {
    expect(en).toBeDefined();
    expect(ru).toBeDefined();
    const keys = (bundle: unknown) =>
      leavesOf(bundle)
        .map(([key]) => key)
        .sort();
    expect(keys(ru)).toEqual(keys(en));
  });

  it('have a non-empty text for every key, with the same placeholders', () => {
    const russian = new Map(leavesOf(ru));
    for (const [key, value] of leavesOf(en)) {
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      expect(placeholders(russian.get(key)), key).toEqual(placeholders(value));
    }
  });

  it('are really translated: Russian texts with letters use Cyrillic', () => {
    // Names and codes (Paydesk, ID, API, HTTP, UTC, a dash) are the same in both languages.
    const sameEverywhere = /^(Paydesk|ID|API|HTTP|UTC|—)$/;
    for (const [key, value] of leavesOf(ru)) {
      // Placeholders are names the code fills in, not words, and a nested term is the glossary's (checked there): a
      // text of these alone is the same everywhere.
      const text = String(value)
        .replace(/\{\{\s*[\w.]+\s*\}\}/g, '')
        .replace(/\$t\([\w:.]+\)/g, '')
        .trim();
      if (sameEverywhere.test(text) || !/[A-Za-zА-Яа-яЁё]/.test(text)) continue;
      expect(/[А-Яа-яЁё]/.test(text), `${key}: ${text}`).toBe(true);
    }
  });
});
