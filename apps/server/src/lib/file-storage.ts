import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where uploaded files live, outside the database (DESIGN §12): under random names, so a name says nothing of its
 * content and cannot be guessed. One machine keeps them on its disk; beyond one machine the same interface fronts an
 * S3-compatible bucket (put = PutObject, read = GetObject, remove = DeleteObject), and nothing else changes.
 */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns it. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under `key`, or null when there are none. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are 32 hex characters; anything else is refused before the disk is touched. */
const keyPattern = /^[0-9a-f]{32}$/;

/** Files in one directory of the local disk, two levels of fan-out by the key's first characters. */
export function localDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error('file storage: malformed key');
    return join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      // `wx`: a key is never reused, not even by a 1-in-2^128 collision.
      await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async read(key) {
      if (!keyPattern.test(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (keyPattern.test(key)) await rm(pathOf(key), { force: true });
    },
  };
}
