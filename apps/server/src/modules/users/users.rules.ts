import type { profileInputSchema } from '@paydesk/contract';
import type { z } from 'zod';
import { DomainError } from '../../lib/errors';
import type { UserRow } from './users.repository';

type Profile = z.output<typeof profileInputSchema>;

/** A validation failure of one field, with its message key. */
export const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** Which profile fields apply to which type of user. */
const profileFieldsOf: Record<string, readonly (keyof Profile)[]> = {
  trader: [
    'withdraw_open',
    'deposit_open',
    'insurance_payment_amount',
    'insurance_payment_currency',
    'fees',
    'teamleads',
  ],
  merchant: ['fees', 'referrals'],
};

export function assertProfileFits(type: string, profile: Profile | undefined) {
  if (!profile) return;
  const allowed = profileFieldsOf[type] ?? [];
  for (const key of Object.keys(profile) as (keyof Profile)[]) {
    if (profile[key] !== undefined && !allowed.includes(key)) {
      throw fieldError(`profile.${key}`, 'validation.profile_type');
    }
  }
}

export function assertAdminFields(
  type: string,
  input: { roles?: unknown[] | undefined; permissions?: unknown[] | undefined },
) {
  if (type === 'admin') return;
  if (input.roles?.length) throw fieldError('roles', 'validation.roles_admin_only');
  if (input.permissions?.length) throw fieldError('permissions', 'validation.roles_admin_only');
}

export interface RootSensitiveChange {
  username?: string | undefined;
  roles?: readonly string[] | undefined;
  permissions?: readonly string[] | undefined;
  is_active?: boolean | undefined;
  password?: string | null | undefined;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

/**
 * The root admin is a property of the account (DESIGN §3): only root itself edits the root account, and not even root
 * renames it, changes its roles or permissions, or switches it off. Fields that stay as they are pass, so the web's
 * edit form may send them back unchanged.
 */
export function assertRootUntouched(actor: { id: string }, target: UserRow, change: RootSensitiveChange) {
  if (!target.isRoot) return;
  if (actor.id !== target.id) throw new DomainError('root_protected');
  if (change.username !== undefined && change.username !== target.username) {
    throw fieldError('username', 'validation.root_protected');
  }
  if (change.roles !== undefined && !sameList(change.roles, target.roles)) {
    throw fieldError('roles', 'validation.root_protected');
  }
  if (change.permissions !== undefined && !sameList(change.permissions, target.permissions)) {
    throw fieldError('permissions', 'validation.root_protected');
  }
  if (change.is_active === false) throw fieldError('is_active', 'validation.root_protected');
}
