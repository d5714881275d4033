import { createHash, randomBytes } from 'node:crypto';
import { v7 } from 'uuid';

/** Time-ordered identifiers (DESIGN §2). */
export const newId = (): string => v7();

/** A URL-safe random token of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
