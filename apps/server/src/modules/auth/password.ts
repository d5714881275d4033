import type { PasswordChangeRequest } from '@paydesk/contract';
import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.module';
import { isCurrentPassword, replacePasswordHash } from '../users/users.module';
import type { ClientInfo } from './login';
import { endSessions } from './sessions.repository';
import { createThrottle } from './throttle';

/**
 * POST /user/password: changes the signed-in user's password and ends its other sessions; this one stays signed in.
 * The current password is a secret checked here, so wrong guesses are throttled like sign-in.
 */
export async function changePassword(
  deps: Deps,
  userId: string,
  input: PasswordChangeRequest,
  currentTokenHash: string,
  client: ClientInfo,
): Promise<void> {
  const throttle = createThrottle(deps.db, deps.config, 'password');
  await throttle.guard(userId, client.ip, ['password_incorrect'], async () => {
    if (!(await isCurrentPassword(deps.db, userId, input.current_password)))
      throw new DomainError('password_incorrect', { current_password: ['password_incorrect'] });
  });
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await replacePasswordHash(tx, userId, passwordHash);
    await endSessions(tx, userId, currentTokenHash);
    await recordAudit(tx, { actorId: userId, action: 'user.password_changed', targetUserId: userId });
  });
}
