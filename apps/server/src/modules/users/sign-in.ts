import type { Executor, Tx } from '../../db/client';
import type { Secrets } from '../../lib/secrets';
import { verifyTotp } from '../../lib/totp';
import * as repo from './users.repository';
import type { UserRow } from './users.table';

/** The user a name signs in as (in the canonical form, SPEC §5); undefined for a name no user has. */
export const userSigningIn = (db: Executor, username: string) => repo.findUserByUsername(db, username);

/**
 * A sign-in's two-factor code, accepted once: right for the user's secret at `now`, and its time step claimed, so a
 * code used before (or the step of a later one) is refused, even when it comes twice at once.
 */
export async function acceptTwoFactorCode(
  db: Executor,
  secrets: Secrets,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = user.twoFactorSecret
    ? verifyTotp(secrets.open(user.twoFactorSecret), code, now.getTime(), user.twoFactorLastStep)
    : null;
  return step !== null && (await repo.claimTwoFactorStep(db, user.id, step));
}

/** The user was seen signing in, in the transaction that opens its session. */
export const markSignedIn = (tx: Tx, userId: string, at: Date) => repo.markSeen(tx, userId, at);
