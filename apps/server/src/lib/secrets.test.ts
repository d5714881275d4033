import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecrets, loadSecretsKey, newSecretsKey, parseSecretsKey, SecretsKeyError } from './secrets';

describe('secrets at rest (AES-256-GCM)', () => {
  const secrets = createSecrets(parseSecretsKey(newSecretsKey()));

  it('seals a value that only the key opens, differently every time', () => {
    const first = secrets.seal('sk_live_abc');
    const second = secrets.seal('sk_live_abc');
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk_live_abc');
    expect(first).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(secrets.open(first)).toBe('sk_live_abc');
    expect(secrets.isSealed(first)).toBe(true);
    expect(secrets.isSealed('sk_live_abc')).toBe(false);
  });

  it('refuses a tampered value and names a wrong key as such', () => {
    const sealed = secrets.seal('notification-key');
    const bytes = Buffer.from(sealed.split('.')[2] ?? '', 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => secrets.open(`v1.${secrets.keyId}.${bytes.toString('base64')}`)).toThrow();
    const other = createSecrets(parseSecretsKey(newSecretsKey()));
    expect(() => other.open(sealed)).toThrow(SecretsKeyError);
  });

  it('takes only 32 bytes of base64 as a key', () => {
    expect(() => parseSecretsKey('short')).toThrow(SecretsKeyError);
    expect(() => parseSecretsKey(Buffer.alloc(16).toString('base64'))).toThrow(SecretsKeyError);
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
  });
});

describe('the key of an installation', () => {
  it('refuses a production start without SECRETS_KEY, with a message an operator can act on', () => {
    expect(() => loadSecretsKey({ demo: false, DATA_DIR: '/nowhere' })).toThrow(/SECRETS_KEY is not set/);
    expect(() => loadSecretsKey({ demo: false, DATA_DIR: '/nowhere' })).toThrow(/openssl rand -base64 32/);
  });

  it('makes one in the data directory in demo mode, readable only by its owner, and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-secrets-'));
    const first = loadSecretsKey({ demo: true, DATA_DIR: dataDir });
    const file = join(dataDir, 'secrets.key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadSecretsKey({ demo: true, DATA_DIR: dataDir }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('prefers SECRETS_KEY when set, in demo mode too', () => {
    const key = newSecretsKey();
    expect(loadSecretsKey({ demo: true, DATA_DIR: '/nowhere', SECRETS_KEY: key }).toString('base64')).toBe(key);
  });
});
