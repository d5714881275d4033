import { createHash, randomBytes } from 'node:crypto';
import { v5, v7 } from 'uuid';

/** Time-ordered identifiers (DESIGN §2). */
export const newId = (): string => v7();

/** Namespace of the name-based identifiers below; fixed forever, or the same name would get another id. */
const paydeskNamespace = '6f1b2c3a-8d4e-4f5a-9b6c-7d8e9f0a1b2c';

/**
 * The same identifier for the same name, every time: a ledger transfer id derived from what it settles (an on-chain
 * transaction, a payment's outcome) makes applying it twice impossible even when two processes race.
 */
export const derivedId = (name: string): string => v5(name, paydeskNamespace);

/** A URL-safe random token of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
