import { USDT } from '@paydesk/contract';
import type { Executor, Tx } from '../../db/client';
import { balancesOf } from '../ledger/ledger.module';
import { announceUserChanged } from './user-news';
import * as repo from './users.repository';
import type { TraderProfileRow } from './users.table';

/**
 * What a trader still owes of the insurance contribution (SPEC §2.11, DESIGN §4): the required amount less what the
 * insurance account holds, and zero once the insurance is paid or covered.
 */
export async function insuranceDueMinor(db: Executor, profile: TraderProfileRow): Promise<bigint> {
  if (profile.insurancePaid) return 0n;
  const held = (await balancesOf(db, [profile.userId], USDT.code)).get(profile.userId)?.insurance ?? 0n;
  return profile.insuranceAmountMinor > held ? profile.insuranceAmountMinor - held : 0n;
}

/** What a user still owes of its insurance: zero for a user with no trader profile. */
export async function insuranceDueOf(db: Executor, userId: string): Promise<bigint> {
  const found = await repo.findUserWithProfile(db, userId);
  return found?.profile ? insuranceDueMinor(db, found.profile) : 0n;
}

/** A trader's insurance as its balance shows it: required and whether paid; null for a user who is no trader. */
export async function insuranceOf(db: Executor, userId: string) {
  const found = await repo.findUserWithProfile(db, userId);
  const profile = found?.user.type === 'trader' ? found.profile : null;
  return profile ? { requiredMinor: profile.insuranceAmountMinor, paid: profile.insurancePaid } : null;
}

/**
 * What a trader still owes of its insurance, its profile locked until the transaction ends, so what pays it (a deposit,
 * a lowered requirement) is decided one at a time. Null when the user is no trader or its insurance is paid.
 */
export async function lockUnpaidInsurance(tx: Tx, userId: string): Promise<bigint | null> {
  const profile = await repo.lockTraderProfile(tx, userId);
  if (!profile || profile.insurancePaid) return null;
  return insuranceDueMinor(tx, profile);
}

/** The trader's insurance is paid (it can work), and every process is told. The caller audits what paid it. */
export async function markInsurancePaid(tx: Tx, userId: string): Promise<void> {
  await repo.updateTraderProfile(tx, userId, { insurancePaid: true });
  await announceUserChanged(tx, userId);
}
