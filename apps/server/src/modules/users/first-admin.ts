import type { Db } from '../../db/client';
import { newId, randomToken } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { platformHasUsers } from './users.read';
import { insertUser } from './users.repository';

/**
 * Creates the first admin of a production install, the root admin (SPEC §2.10); refuses once any user exists.
 * Returns the one-time password.
 */
export async function createFirstAdmin(db: Db, username: string): Promise<string> {
  if (!/^[A-Za-z0-9_.-]{3,50}$/.test(username)) throw new Error('The username must be 3-50 letters, digits, _ . -');
  if (await platformHasUsers(db)) throw new Error('Users already exist; create further admins from the Users screen.');
  const password = randomToken(12);
  await insertUser(db, {
    id: newId(),
    username,
    type: 'admin',
    isRoot: true,
    passwordHash: await hashPassword(password),
  });
  return password;
}
