import type { createUserSchema, User } from '@paydesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newId, randomToken, sha256 } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.module';
import { applyProfile, settleInsurance } from './users.profile';
import { loadUser } from './users.read';
import * as repo from './users.repository';
import { assertAdminFields, assertProfileFits, fieldError } from './users.rules';
import { auditSnapshot } from './users.view';

type CreateUser = z.output<typeof createUserSchema>;

/** Invite links are single-use and expire after a week. */
export const inviteLifetimeMs = 7 * 24 * 3_600_000;

/** How much of an invite code is kept to tell links apart: 4 of its 24 characters, 120 of its bits stay unknown. */
const inviteHintLength = 4;

/** A username taken by a concurrent create or rename surfaces as the form's own message, not a 500. */
export async function withUniqueUsername<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('username', 'validation.username_taken');
    throw error;
  }
}

/** POST /user: a user of any type, with a password or an invite link (SPEC §2.8, §5). */
export async function createUser(db: Db, actorId: string, input: CreateUser): Promise<User> {
  assertAdminFields(input.type, input);
  assertProfileFits(input.type, input.profile);
  // The code is shown once, in this answer; only its hash and its first characters are kept.
  const inviteCode = input.create_invite_link === true ? randomToken(18) : null;
  const invite = inviteCode !== null;
  // With an invite link the password is never set by the admin (SPEC §5).
  const passwordHash = !invite && input.password ? await hashPassword(input.password) : null;
  return withUniqueUsername(() =>
    db.transaction(async (tx) => {
      if (await repo.findUserByUsername(tx, input.username)) throw fieldError('username', 'validation.username_taken');
      const user = await repo.insertUser(
        tx,
        {
          id: newId(),
          username: input.username,
          email: input.email ?? null,
          type: input.type,
          roles: input.roles ?? [],
          permissions: input.permissions ?? [],
          passwordHash,
          comment: input.comment ?? null,
          isActive: input.is_active ?? true,
          manualWithdrawal: input.manual_withdrawal ?? false,
          inviteCodeHash: inviteCode === null ? null : sha256(inviteCode),
          inviteCodeHint: inviteCode === null ? null : inviteCode.slice(0, inviteHintLength),
          inviteExpiresAt: invite ? new Date(Date.now() + inviteLifetimeMs) : null,
          createdBy: actorId,
        },
        input.type === 'trader' ? {} : undefined,
      );
      await applyProfile(tx, user.id, input.profile);
      // A trader asked for no insurance (the default) can work at once.
      if (input.type === 'trader') await settleInsurance(tx, user.id);
      const view = await loadUser(tx, user.id);
      await recordAudit(tx, {
        actorId,
        action: invite ? 'user.created_with_invite' : 'user.created',
        targetUserId: user.id,
        after: auditSnapshot(view),
      });
      return { ...view, invite_code: inviteCode };
    }),
  );
}
