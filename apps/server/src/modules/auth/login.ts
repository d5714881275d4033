import { canonicalUsername, type LoginRequest } from '@paydesk/contract';
import { appEvents } from '../../app-events';
import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/ids';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.module';
import { acceptTwoFactorCode, markSignedIn, type UserRow, userSigningIn } from '../users/users.module';
import { deviceOf, withDevice } from './device-cookie';
import { deleteSession, insertSession } from './sessions.repository';
import { codeWindows, passwordWindows } from './sign-in-windows';
import { attemptIn } from './throttle';

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
  /** The browser's device cookie after this sign-in (device-cookie.ts). */
  deviceCookie: string;
}

/**
 * POST /login (DESIGN §3): the same answer and the same time for an unknown user and a wrong password; throttled per
 * account and address, or per device cookie (sign-in-windows.ts); the two-factor code when enabled; a new session id
 * every time.
 */
export async function login(
  deps: Deps,
  input: LoginRequest,
  client: ClientInfo & { deviceCookie?: string | undefined },
  previousTokenHash: string | null,
): Promise<SignedIn> {
  const { db, config, secrets } = deps;
  const now = new Date();
  const account = canonicalUsername(input.username);
  const user = account === null ? undefined : await userSigningIn(db, account);
  const device = user ? deviceOf(secrets, client.deviceCookie, user.id, now.getTime()) : null;
  // Counted before the password is checked, so parallel guesses cannot outrun the count.
  const attempt = await attemptIn(db, passwordWindows(config, account, client.ip, device), now);
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
    await checkCode(deps, user, input.code, device, client, now).catch(async (error: unknown) => {
      // A wrong code stays counted as a failed sign-in too; a full code window refused no guess of the password.
      if (error instanceof DomainError && error.code === 'throttled') await attempt.notAGuess();
      throw error;
    });
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
    await markSignedIn(tx, user.id, now);
  });
  return {
    token,
    expiresAt,
    user: { id: user.id, username: user.username, isRoot: user.isRoot },
    wsToken,
    deviceCookie: withDevice(secrets, client.deviceCookie, user.id, now.getTime()),
  };
}

/**
 * The two-factor step of a sign-in whose password was right: counted in the code window first (429 when it is full),
 * a wrong or replayed code stays counted. The wrong code that fills the window answers `two_factor_locked`: the
 * password is asked again, and the owner is told (its audit trail and its open sessions).
 */
async function checkCode(
  deps: Deps,
  user: UserRow,
  code: string,
  device: string | null,
  client: ClientInfo,
  now: Date,
) {
  const { db, secrets } = deps;
  const attempt = await attemptIn(db, codeWindows(user.id, device), now);
  if (await acceptTwoFactorCode(db, secrets, user, code, now)) {
    await attempt.passed();
    return;
  }
  if (!attempt.last) throw new DomainError('two_factor_invalid');
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: null,
      action: 'user.two_factor_locked',
      targetUserId: user.id,
      after: { ip: client.ip, device_cookie: device !== null },
    });
    await appEvents.announce(tx, 'auth.sign_in_alert', { userId: user.id, kind: 'two_factor_locked' });
  });
  throw new DomainError('two_factor_locked');
}

export const logout = (deps: Deps, tokenHash: string) => deleteSession(deps.db, tokenHash);
