import QRCode from 'qrcode';
import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp';
import { recordAudit } from '../audit/audit.module';
import { createThrottle } from '../auth/auth.module';
import type { ClientInfo } from '../auth/login';
import {
  announceUserChanged,
  lockOwnAccount,
  setPendingTwoFactorSecret,
  turnTwoFactorOff,
  turnTwoFactorOn,
  userById,
} from '../users/users.module';

/** Wrong passwords and wrong codes here are guesses at secrets: counted like failed sign-ins (DESIGN §3). */
const guessFailures = ['password_incorrect', 'two_factor_invalid'] as const;

async function assertPassword(passwordHash: string | null, password: string) {
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
    throw new DomainError('password_incorrect', { password: ['password_incorrect'] });
  }
}

/** POST /secretGoogleAuth: a new secret to confirm; two-factor is on only once a code from it comes with the password. */
export async function startTwoFactor(deps: Deps, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new DomainError('unauthenticated');
  if (user.twoFactorEnabled) throw new DomainError('conflict');
  const secret = newTotpSecret();
  await setPendingTwoFactorSecret(deps.db, userId, deps.secrets.seal(secret));
  const url = otpauthUrl(secret, user.username);
  return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/**
 * Switches two-factor on (with a code of the pending secret) or off (with a code of the current one): either way the
 * current password and a code are checked, under the throttle, and the switch is audited.
 */
async function switchTwoFactor(
  deps: Deps,
  userId: string,
  input: { password: string; code: string },
  client: ClientInfo,
  on: boolean,
) {
  const throttle = createThrottle(deps.db, deps.config, 'two_factor');
  await throttle.guard(userId, client.ip, guessFailures, () =>
    deps.db.transaction(async (tx) => {
      const user = await lockOwnAccount(tx, userId);
      if (!user) throw new DomainError('unauthenticated');
      const secret = on ? user.twoFactorPendingSecret : user.twoFactorSecret;
      if (user.twoFactorEnabled === on || !secret) throw new DomainError('conflict');
      await assertPassword(user.passwordHash, input.password);
      const lastStep = on ? null : user.twoFactorLastStep;
      const step = verifyTotp(deps.secrets.open(secret), input.code, Date.now(), lastStep);
      if (step === null) throw new DomainError('two_factor_invalid', { code: ['two_factor_invalid'] });
      await (on ? turnTwoFactorOn(tx, userId, secret, step) : turnTwoFactorOff(tx, userId));
      await announceUserChanged(tx, userId);
      await recordAudit(tx, {
        actorId: userId,
        action: on ? 'user.two_factor_enabled' : 'user.two_factor_disabled',
        targetUserId: userId,
        before: { two_factor: !on },
        after: { two_factor: on },
      });
    }),
  );
}

/** POST /user/2fa/enable: the current password and a code of the pending secret switch two-factor on. */
export const enableTwoFactor = (
  deps: Deps,
  userId: string,
  input: { password: string; code: string },
  client: ClientInfo,
) => switchTwoFactor(deps, userId, input, client, true);

/**
 * POST /user/2fa/disable: switching two-factor off takes the current password as well as a current code, so neither a
 * stolen session nor a stolen phone is enough.
 */
export const disableTwoFactor = (
  deps: Deps,
  userId: string,
  input: { password: string; code: string },
  client: ClientInfo,
) => switchTwoFactor(deps, userId, input, client, false);
