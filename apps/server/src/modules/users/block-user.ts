import type { User } from '@paydesk/contract';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { diff, recordAudit } from '../audit/audit.module';
import { announceUserChanged, revokeAccess } from './user-news';
import { loadUser } from './users.read';
import * as repo from './users.repository';
import { fieldError } from './users.rules';
import { auditSnapshot } from './users.view';

/** POST /user/block and /user/unblock (SPEC §4 User). A blocked user is signed out everywhere at once. */
export async function setBlocked(
  db: Db,
  actorId: string,
  id: string,
  blocked: boolean,
  comment: string | null,
): Promise<User> {
  if (blocked && id === actorId) throw fieldError('uuid', 'validation.self_block');
  return db.transaction(async (tx) => {
    const current = await repo.findUserById(tx, id, true);
    if (!current) throw new DomainError('not_found');
    if (current.isRoot) throw fieldError('uuid', 'validation.root_protected');
    if (current.isBlocked === blocked) throw new DomainError('conflict');
    const before = await loadUser(tx, id);
    await repo.updateUser(tx, id, { isBlocked: blocked, blockComment: blocked ? comment : null });
    if (blocked) await revokeAccess(tx, id);
    else await announceUserChanged(tx, id);
    const after = await loadUser(tx, id);
    await recordAudit(tx, {
      actorId,
      action: blocked ? 'user.blocked' : 'user.unblocked',
      targetUserId: id,
      ...diff(auditSnapshot(before), auditSnapshot(after)),
    });
    return after;
  });
}
