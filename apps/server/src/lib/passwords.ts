import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (19 MiB, 2 iterations, 1 lane). */
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throwaway hash, so that an unknown username takes as long
 * to refuse as a wrong password.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('paydesk-timing-equalizer');
  await verifyPassword(await dummyHash, password);
  return false;
}
