import { type AccountKind, userAccountKinds } from '@paydesk/contract';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { ledgerAccounts } from './ledger.table';

/** The ledger's accounts as every module names them, and a new user's accounts opened. */

/** Which account: a user's own (`ownerId` set) or the platform's (`ownerId` null). */
export interface AccountKey {
  ownerId: string | null;
  kind: AccountKind;
}

export const accountKeyText = (key: AccountKey) => `${key.ownerId ?? 'platform'}:${key.kind}`;

/**
 * Opens a new user's accounts, at zero, with the user: every user has one account of each kind per currency from the
 * start, so a money movement never has to open one (which could wait on another transaction while holding locks).
 * The platform's accounts are opened by migration 0003.
 */
export async function openUserAccounts(db: Executor, ownerId: string, currency: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(userAccountKinds.map((kind) => ({ id: newId(), ownerId, kind, currency })))
    .onConflictDoNothing();
}
