import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paydeskVersion } from '../src/version';

/**
 * A release an operator can name (issue 35): the licence, one version for the whole repository (every workspace in
 * step with the root), and a changelog and security policy that name it.
 */
const root = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as { version: string; license: string; workspaces: string[] };

describe('the release', () => {
  it('has one 0.x version that every workspace keeps and the server reports', () => {
    expect(rootPackage.version).toMatch(/^0\.\d+\.\d+$/);
    for (const workspace of rootPackage.workspaces) {
      const manifest = JSON.parse(read(join(workspace, 'package.json'))) as { version: string };
      expect(manifest.version, workspace).toBe(rootPackage.version);
    }
    expect(paydeskVersion).toBe(rootPackage.version);
  });

  it('is under the Apache License 2.0, said by every package and the LICENSE file', () => {
    for (const path of ['.', ...rootPackage.workspaces]) {
      const manifest = JSON.parse(read(join(path, 'package.json'))) as { license?: string };
      expect(manifest.license, path).toBe('Apache-2.0');
    }
    expect(read('LICENSE')).toMatch(/Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/);
  });

  it('has a changelog entry for its version and an Unreleased section, and a security policy', () => {
    const changelog = read('CHANGELOG.md');
    expect(changelog).toContain('## [Unreleased]');
    expect(changelog).toMatch(
      new RegExp(`^## \\[${rootPackage.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
    expect(existsSync(join(root, 'SECURITY.md'))).toBe(true);
    expect(existsSync(join(root, 'CONTRIBUTING.md'))).toBe(true);
  });
});
