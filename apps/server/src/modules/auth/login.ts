import type { LoginRequest } from '@paydesk/contract';
import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/ids';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { verifyTotp } from '../../lib/totp';
import { claimTwoFactorStep, findUserByUsername, markSeen } from '../users/users.module';
import { deleteSession, insertSession } from './sessions.repository';
import { createThrottle } from './throttle';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface SignedIn {
  /** The cookie value; only its hash is stored. */
  token: string;
  expiresAt: Date;
  user: { id: string; username: string; isRoot: boolean };
  wsToken: string;
}

/**
 * POST /login (DESIGN §3): the same answer and the same time for an unknown user and a wrong password; throttled per
 * account and address; the two-factor code when enabled; a new session id every time.
 */
export async function login(
  deps: Deps,
  input: LoginRequest,
  client: ClientInfo,
  previousTokenHash: string | null,
): Promise<SignedIn> {
  const { db, config, secrets } = deps;
  const throttle = createThrottle(db, config, 'login');
  const now = new Date();
  // Counted before the password is checked, so parallel guesses cannot outrun the count.
  const attempt = await throttle.attempt(input.username, client.ip, now);
  const user = await findUserByUsername(db, input.username);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) throw new DomainError('invalid_credentials');
  // Status is revealed only to someone who knows the password; that was no wrong guess.
  if (user.isBlocked || !user.isActive) {
    await attempt.notAGuess();
    throw new DomainError(user.isBlocked ? 'account_blocked' : 'account_inactive');
  }
  if (user.twoFactorEnabled) {
    if (!input.code) {
      await attempt.notAGuess();
      throw new DomainError('two_factor_required');
    }
    const step = user.twoFactorSecret
      ? verifyTotp(secrets.open(user.twoFactorSecret), input.code, now.getTime(), user.twoFactorLastStep)
      : null;
    // A wrong or replayed code stays counted as a failed sign-in, so codes cannot be guessed at leisure.
    if (step === null || !(await claimTwoFactorStep(db, user.id, step))) throw new DomainError('two_factor_invalid');
  }
  await attempt.passed();
  const token = randomToken(32);
  const wsToken = randomToken(24);
  const expiresAt = new Date(now.getTime() + config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    // A new session id on every sign-in: whatever session this browser had is gone.
    if (previousTokenHash) await deleteSession(tx, previousTokenHash);
    await insertSession(tx, {
      tokenHash: sha256(token),
      userId: user.id,
      wsToken,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 400) ?? null,
    });
    await markSeen(tx, user.id, now);
  });
  return { token, expiresAt, user: { id: user.id, username: user.username, isRoot: user.isRoot }, wsToken };
}

export const logout = (deps: Deps, tokenHash: string) => deleteSession(deps.db, tokenHash);
