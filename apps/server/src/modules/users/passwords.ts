import type { Executor, Tx } from '../../db/client';
import { verifyPassword } from '../../lib/passwords';
import * as repo from './users.repository';

/** Whether `password` is the user's current one: false for a user with none (an invite not yet accepted). */
export async function isCurrentPassword(db: Executor, userId: string, password: string): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  return user?.passwordHash ? verifyPassword(user.passwordHash, password) : false;
}

/** A user's new password, in the transaction that ends its other sessions. */
export const replacePasswordHash = (tx: Tx, userId: string, passwordHash: string) =>
  repo.updatePasswordHash(tx, userId, passwordHash);

/**
 * The user an invite code was made for, locked until the transaction ends, while the code may still be used: not
 * expired, its user not blocked. Undefined for any other code.
 */
export async function lockInvitee(tx: Tx, code: string) {
  const user = await repo.findUserByInviteCode(tx, code);
  const valid = user?.inviteExpiresAt && user.inviteExpiresAt > new Date() && !user.isBlocked;
  return valid ? user : undefined;
}

/** An invite accepted: the invitee's first password set and its code spent (it works once). */
export async function setInvitedPassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await repo.updateUser(tx, userId, {
    passwordHash,
    inviteCodeHash: null,
    inviteCodeHint: null,
    inviteExpiresAt: null,
  });
}
