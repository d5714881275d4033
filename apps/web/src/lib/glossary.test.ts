import { describe, expect, it } from 'vitest';

/**
 * One name for one thing, in both languages (issue 32 item 8). The app's `glossary` (app/locales) names the terms a
 * user meets on every screen; a label that is just the term says `$t(app:glossary.<term>)`, and the other names a
 * screen once used for them (a deal, a dispute, a login, a UUID, a bare holder, a «сделка», a «спор») are said nowhere.
 */
const bundles = import.meta.glob<{ default: unknown }>(
  ['../app/locales/*.json', '../features/*/locales/*.json', '../ui/locales/*.json'],
  { eager: true },
);

type Language = 'en' | 'ru';

function leavesOf(node: unknown, prefix = ''): [string, string][] {
  if (typeof node !== 'object' || node === null) return [[prefix, String(node)]];
  return Object.entries(node).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix}.${key}` : key));
}

/** Every text of every namespace, as `namespace:key`, per language. */
function textsOf(language: Language): [string, string][] {
  return Object.entries(bundles).flatMap(([path, module]) => {
    const match = /\/([^/]+)\/locales\/(en|ru)\.json$/.exec(path);
    if (match?.[2] !== language) return [];
    return leavesOf(module.default).map(([key, text]): [string, string] => [`${match[1]}:${key}`, text]);
  });
}

const isGlossary = (key: string) => key.startsWith('app:glossary.');

function glossaryOf(language: Language): Map<string, string> {
  return new Map(
    textsOf(language)
      .filter(([key]) => isGlossary(key))
      .map(([key, text]) => [key.slice('app:glossary.'.length), text]),
  );
}

/** The names the glossary replaced, which no text may say (the glossary's own words are what to say instead). */
const forbidden: Record<Language, [RegExp, string][]> = {
  en: [
    [/\bdeals?\b/i, 'orders'],
    [/disput/i, 'appeal'],
    [/\blogins?\b/i, 'username (sign in, for the act)'],
    [/\buuid\b/i, 'ID'],
    [/(?<!card )\bholders?\b/i, 'card holder'],
  ],
  ru: [
    [/сделк/i, 'заказ'],
    [/(?<![а-яё])спор/i, 'апелляция'],
    [/идентификатор/i, 'ID'],
    [/\buuid\b/i, 'ID'],
    [/заявк/i, 'заказ'],
    [/при[её]м/i, 'пополнение'],
    [/выкл\./i, 'выключено'],
    [/отключ/i, 'выключ…'],
  ],
};

describe.each(['en', 'ru'] as const)('the glossary in %s', (language) => {
  const glossary = glossaryOf(language);
  const texts = textsOf(language).filter(([key]) => !isGlossary(key));

  it('names every term', () => {
    for (const term of ['order', 'orders', 'appeal', 'appeals', 'cardHolder', 'payIn', 'payIns', 'usdtDeposit']) {
      expect(glossary.get(term), term).toBeTruthy();
    }
    expect(glossary.get('username')).toBeTruthy();
    expect(glossary.get('id')).toBe('ID');
  });

  it('is the only place a label that is just a term is written: the others nest it', () => {
    const byText = new Map([...glossary].map(([term, text]) => [text.toLowerCase(), term]));
    for (const [key, text] of texts) {
      const term = byText.get(text.trim().toLowerCase());
      expect(term, `${key}: "${text}" — say $t(app:glossary.${term})`).toBeUndefined();
    }
  });

  it('nests only terms it has', () => {
    for (const [key, text] of texts) {
      for (const [, term] of text.matchAll(/\$t\(app:glossary\.(\w+)\)/g)) {
        expect(glossary.has(term ?? ''), `${key}: ${term}`).toBe(true);
      }
    }
  });

  it('leaves no other name for its terms on any screen', () => {
    for (const [key, text] of texts) {
      for (const [banned, say] of forbidden[language]) {
        expect(banned.test(text), `${key}: "${text}" — say ${say}`).toBe(false);
      }
    }
  });

  it('catches a text that says a forbidden name (the check can fail)', () => {
    const planted = language === 'en' ? 'All deals' : 'Все сделки';
    expect(forbidden[language].some(([banned]) => banned.test(planted))).toBe(true);
  });
});
