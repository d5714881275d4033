import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Secrets at rest (DESIGN §9): API secrets, TOTP secrets and notification keys are kept encrypted with AES-256-GCM
 * under `SECRETS_KEY` (32 random bytes, base64). A sealed value reads `v1.<key id>.<base64 of iv | tag | ciphertext>`;
 * the key id (first 8 hex characters of the key's SHA-256) tells which key sealed it, so a wrong key is reported as
 * such instead of as a forged value. The database alone never reveals a secret.
 */
const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class SecretsKeyError extends Error {}

export interface Secrets {
  /** Which key this is, without revealing it. */
  readonly keyId: string;
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether a stored value is sealed already (rows written before encryption are not). */
  isSealed(value: string): boolean;
  /**
   * A MAC of `text` (hex HMAC-SHA256) under a key of its own for `purpose`, derived from this key: what the server
   * signs and later checks itself (device cookies), never a secret at rest.
   */
  mac(purpose: string, text: string): string;
}

/** Reads a base64 key of exactly 32 bytes; anything else is refused with a message an operator can act on. */
export function parseSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== base64.trim()) {
    throw new SecretsKeyError('SECRETS_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32).');
  }
  return key;
}

export const newSecretsKey = (): string => randomBytes(32).toString('base64');

export function createSecrets(key: Buffer): Secrets {
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const prefix = `${version}.${keyId}.`;
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const [sealedVersion, sealedKeyId, data] = sealed.split('.');
      if (sealedVersion !== version || data === undefined) throw new SecretsKeyError('not a sealed secret');
      if (sealedKeyId !== keyId) {
        throw new SecretsKeyError(`a secret was sealed with key ${sealedKeyId}, but SECRETS_KEY is key ${keyId}`);
      }
      const bytes = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(`${version}.`),
    mac: (purpose, text) =>
      createHmac('sha256', createHmac('sha256', key).update(`paydesk.mac.${purpose}`).digest())
        .update(text)
        .digest('hex'),
  };
}

/**
 * The key of this installation: SECRETS_KEY when set; in demo mode the key file of the data directory, made at the
 * first start; otherwise the start is refused, because a production install must keep its key outside the database.
 */
export function loadSecretsKey(config: { SECRETS_KEY?: string | undefined; demo: boolean; DATA_DIR: string }): Buffer {
  if (config.SECRETS_KEY) return parseSecretsKey(config.SECRETS_KEY);
  if (!config.demo) {
    throw new SecretsKeyError(
      'SECRETS_KEY is not set. Paydesk keeps API secrets, two-factor secrets and notification keys encrypted with it: ' +
        'set it to 32 random bytes in base64 (openssl rand -base64 32) and keep it outside the database.',
    );
  }
  const file = join(resolve(config.DATA_DIR), 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another start made it first; read that one.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  return parseSecretsKey(readFileSync(file, 'utf8').trim());
}
