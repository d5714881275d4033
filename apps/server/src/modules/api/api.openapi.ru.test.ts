import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { inRussian } from './api.openapi.ru';

/**
 * The /api reference in Russian (issue 32 item 8): `?lang=ru` is the same document with every text a reader sees
 * (the title, the groups, each operation's title and description, each answer's meaning) in Russian. Walking the whole
 * English document, each of its texts must have a Russian one, so a new route or refusal brings its translation along.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const wordKeys = new Set(['title', 'summary', 'description', 'x-displayName']);

/** Every text a reader sees in a document, with where it is. */
function textsOf(node: unknown, path = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((child, index) => textsOf(child, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    wordKeys.has(key) && typeof value === 'string' ? [[`${path}.${key}`, value]] : textsOf(value, `${path}.${key}`),
  );
}

const documentIn = async (query: string) => (await ctx.app.inject(`/api/v1/openapi.json${query}`)).json() as unknown;

describe('the merchant and executor API reference', () => {
  it('has a Russian text for every English one', async () => {
    const english = textsOf(await documentIn(''));
    expect(english.length).toBeGreaterThan(20);
    for (const [where, text] of english) {
      expect(inRussian(text), `${where}: ${text}`).toBeDefined();
    }
  });

  it('is served in Russian for ?lang=ru: the same document, its words in Russian', async () => {
    const english = (await documentIn('')) as { paths: object; info: { title: string }; tags: unknown[] };
    const russian = (await documentIn('?lang=ru')) as typeof english;
    expect(Object.keys(russian.paths)).toEqual(Object.keys(english.paths));
    expect(russian.info.title).toBe('API Paydesk для мерчантов и исполнителей');
    expect(russian.tags).toEqual([
      expect.objectContaining({ name: 'merchant', 'x-displayName': 'Мерчант' }),
      expect.objectContaining({ name: 'executor', 'x-displayName': 'Исполнитель' }),
    ]);
    for (const [where, text] of textsOf(russian)) {
      // Codes, headers and formulas stay Latin; every text has Russian words in it.
      expect(/[А-Яа-яЁё]/.test(text), `${where}: ${text}`).toBe(true);
    }
  });

  it('says a route body limit in Russian with its figure', () => {
    expect(inRussian('The body may be at most 65536 bytes; a larger one is refused (422 validation_failed).')).toBe(
      'Тело не больше 65536 байт; большее отклоняется (422 validation_failed).',
    );
    expect(inRussian('Success.\n\nA text nobody translated.')).toBeUndefined();
  });

  it('refuses a language it does not have', async () => {
    expect((await ctx.app.inject('/api/v1/openapi.json?lang=de')).statusCode).toBe(422);
  });
});
