import type { CurrentUser, LoginRequest, PasswordChangeRequest, UserType } from '@paydesk/contract';
import { formatAmount, USDT } from '@paydesk/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { newId, randomToken, sha256 } from '../../lib/ids';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { verifyTotp } from '../../lib/totp';
import {
  claimTwoFactorStep,
  findUserByUsername,
  findUserWithProfile,
  insertAuditEvent,
  markSeen,
  updatePasswordHash,
} from '../users/users.repository';
import { isOnline } from '../users/users.view';
import type { WalletsService } from '../wallets/wallets.service';
import { deleteOtherSessions, deleteSession, insertSession } from './sessions.repository';
import { blockedForSeconds, clearFailures, recordFailure } from './throttle.repository';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface SignedIn {
  /** The cookie value; only its hash is stored. */
  token: string;
  expiresAt: Date;
  userId: string;
  wsToken: string;
}

export function createAuthService(db: Db, config: Config, wallets: WalletsService) {
  const windowSeconds = config.LOGIN_WINDOW_SECONDS;
  // The per-account key includes the client address, so an attacker elsewhere cannot lock the owner out;
  // the per-address key caps guessing across many accounts from one place.
  const accountKey = (username: string, ip: string) => `login:${username.toLowerCase()}:${ip}`;
  const addressKey = (ip: string) => `login-ip:${ip}`;

  async function assertNotThrottled(username: string, ip: string, now: Date) {
    const seconds = Math.max(
      await blockedForSeconds(db, accountKey(username, ip), config.LOGIN_MAX_FAILURES, now),
      await blockedForSeconds(db, addressKey(ip), config.LOGIN_MAX_FAILURES_PER_IP, now),
    );
    if (seconds > 0) throw new DomainError('throttled', undefined, { seconds });
  }

  async function fail(username: string, ip: string, now: Date): Promise<never> {
    await recordFailure(db, accountKey(username, ip), windowSeconds, now);
    await recordFailure(db, addressKey(ip), windowSeconds, now);
    throw new DomainError('invalid_credentials');
  }

  return {
    async login(input: LoginRequest, client: ClientInfo, previousTokenHash: string | null): Promise<SignedIn> {
      const now = new Date();
      await assertNotThrottled(input.username, client.ip, now);
      const user = await findUserByUsername(db, input.username);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstNothing(input.password);
      if (!user || !valid) return fail(input.username, client.ip, now);
      // Status is revealed only to someone who knows the password.
      if (user.isBlocked) throw new DomainError('account_blocked');
      if (!user.isActive) throw new DomainError('account_inactive');
      if (user.twoFactorEnabled) {
        if (!input.code) throw new DomainError('two_factor_required');
        const step = user.twoFactorSecret
          ? verifyTotp(user.twoFactorSecret, input.code, now.getTime(), user.twoFactorLastStep)
          : null;
        // A wrong or replayed code counts as a failed sign-in, so codes cannot be guessed at leisure.
        if (step === null || !(await claimTwoFactorStep(db, user.id, step))) {
          await recordFailure(db, accountKey(input.username, client.ip), windowSeconds, now);
          throw new DomainError('two_factor_invalid');
        }
      }
      await clearFailures(db, accountKey(input.username, client.ip));

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
      return { token, expiresAt, userId: user.id, wsToken };
    },

    logout: (tokenHash: string) => deleteSession(db, tokenHash),

    async currentUser(userId: string, wsToken: string): Promise<CurrentUser> {
      const found = await findUserWithProfile(db, userId);
      if (!found) throw new DomainError('unauthenticated');
      const { user, profile } = found;
      const insuranceDue = profile ? formatAmount(profile.insuranceAmountMinor, USDT.ratio_fraction) : null;
      return {
        role: user.type as UserType,
        roles: user.roles.filter((role): role is 'support' => role === 'support'),
        userId: user.id,
        username: user.username,
        email: user.email,
        isActive: user.isActive,
        manualWithdrawal: user.manualWithdrawal,
        inviteCode: user.inviteCode,
        comment: user.comment,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
        isOnline: isOnline(user),
        // The secret is shown once when issued (POST /user/secret_key), never again.
        apiKeys: { key: user.apiKey, secret: null, notification: user.notificationKey },
        ws_token: wsToken,
        createdBy: user.createdBy,
        is2FAEnabled: user.twoFactorEnabled,
        wallets: await wallets.walletsOf({ id: user.id, username: user.username }),
        notificationURL: user.notificationUrl,
        profile: {
          insurance_paid: profile?.insurancePaid ?? user.type !== 'trader',
          insurance_payment_amount: insuranceDue === null ? null : { amount: insuranceDue, currency: USDT },
        },
      };
    },

    /** Changes the password and ends the user's other sessions; this one stays signed in. */
    async changePassword(userId: string, input: PasswordChangeRequest, currentTokenHash: string): Promise<void> {
      const found = await findUserWithProfile(db, userId);
      const valid = found?.user.passwordHash
        ? await verifyPassword(found.user.passwordHash, input.current_password)
        : false;
      if (!valid) throw new DomainError('password_incorrect', { current_password: ['password_incorrect'] });
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, userId, passwordHash);
        await deleteOtherSessions(tx, userId, currentTokenHash);
        await insertAuditEvent(tx, {
          id: newId(),
          actorId: userId,
          action: 'user.password_changed',
          targetUserId: userId,
          before: null,
          after: null,
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
