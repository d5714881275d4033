import { canonicalUsername, type User, type updateUserSchema } from '@paydesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { diff, recordAudit } from '../audit/audit.module';
import { withUniqueUsername } from './create-user';
import { announceUserChanged, revokeAccess } from './user-news';
import { applyProfile } from './users.profile';
import { loadUser } from './users.read';
import * as repo from './users.repository';
import { assertAdminFields, assertProfileFits, assertRootUntouched, fieldError } from './users.rules';
import { auditSnapshot } from './users.view';

type UpdateUser = z.output<typeof updateUserSchema>;

/**
 * POST /user/{uuid}: the changed fields of a user (SPEC §5). A new password or switching the user off ends every
 * session of the user on every process, as blocking does.
 */
export async function updateUser(db: Db, actor: { id: string }, id: string, input: UpdateUser): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return withUniqueUsername(() =>
    db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, id, true);
      if (!current) throw new DomainError('not_found');
      assertRootUntouched(actor, current, input);
      assertAdminFields(current.type, input);
      assertProfileFits(current.type, input.profile);
      const before = await loadUser(tx, id);
      const renamed =
        input.username !== undefined && canonicalUsername(input.username) !== canonicalUsername(current.username);
      if (renamed && (await repo.findUserByUsername(tx, input.username ?? ''))) {
        throw fieldError('username', 'validation.username_taken');
      }
      const changes: Partial<repo.NewUser> = {
        ...(input.username === undefined ? {} : { username: input.username }),
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.comment === undefined ? {} : { comment: input.comment }),
        ...(input.roles === undefined ? {} : { roles: input.roles }),
        ...(input.permissions === undefined ? {} : { permissions: input.permissions }),
        ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
        ...(input.manual_withdrawal === undefined ? {} : { manualWithdrawal: input.manual_withdrawal }),
        // An empty password is never applied.
        ...(passwordHash ? { passwordHash } : {}),
      };
      await repo.updateUser(tx, id, changes);
      await applyProfile(tx, id, input.profile);
      const switchedOff = input.is_active === false && current.isActive;
      if (passwordHash || switchedOff) await revokeAccess(tx, id);
      else await announceUserChanged(tx, id);
      const after = await loadUser(tx, id);
      const changed = diff(auditSnapshot(before), auditSnapshot(after));
      // An edit that changed nothing leaves no trace; a password change shows no fields but is still recorded.
      if (passwordHash || Object.keys(changed.after).length > 0) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: passwordHash ? 'user.updated_with_password' : 'user.updated',
          targetUserId: id,
          ...changed,
        });
      }
      return after;
    }),
  );
}
