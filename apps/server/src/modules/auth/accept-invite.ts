import type { Deps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { diff, recordAudit } from '../audit/audit.module';
import { auditSnapshot, loadUser, lockInvitee, setInvitedPassword } from '../users/users.module';
import type { ClientInfo } from './login';
import { endSessions } from './sessions.repository';
import { createThrottle } from './throttle';

/**
 * POST /password/setup: sets the password of an invited user. The code works once and only before it expires;
 * guessing codes is throttled per code and address and per address, like sign-in.
 */
export async function acceptInvite(deps: Deps, code: string, password: string, client: ClientInfo): Promise<void> {
  const throttle = createThrottle(deps.db, deps.config, 'invite');
  // The attempt is counted before the costly hash, so an address guessing already is refused before it. The window is
  // named by the code's hash: the codes tried are never stored.
  await throttle.guard(sha256(code).slice(0, 16), client.ip, ['invite_invalid'], async () => {
    const passwordHash = await hashPassword(password);
    await deps.db.transaction(async (tx) => {
      const user = await lockInvitee(tx, code);
      if (!user) throw new DomainError('invite_invalid');
      const before = await loadUser(tx, user.id);
      await setInvitedPassword(tx, user.id, passwordHash);
      await endSessions(tx, user.id, null);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'user.invite_accepted',
        targetUserId: user.id,
        ...diff(auditSnapshot(before), auditSnapshot(await loadUser(tx, user.id))),
      });
    });
  });
}
