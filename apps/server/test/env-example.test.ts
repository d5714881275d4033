import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `.env.example` lists every variable of the README's configuration table, in the same order, and nothing else
 * (issue 35): a variable added to one and not the other fails here.
 */
const root = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function tableVariables(readme: string): string[] {
  const start = readme.indexOf('\n## Configuration\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1] ?? '');
}

describe('.env.example', () => {
  it("holds every variable of the README's configuration table, in its order", () => {
    const documented = tableVariables(read('README.md'));
    expect(documented.length).toBeGreaterThan(40);
    const example = [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(example).toEqual(documented);
  });
});
