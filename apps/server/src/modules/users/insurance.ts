import { USDT } from '@paydesk/contract';
import type { Executor } from '../../db/client';
import { balancesOf } from '../ledger/ledger.module';
import type { TraderProfileRow } from './users.repository';

/**
 * What a trader still owes of the insurance contribution (SPEC §2.11, DESIGN §4): the required amount less what the
 * insurance account holds, and zero once the insurance is paid or covered.
 */
export async function insuranceDueMinor(db: Executor, profile: TraderProfileRow): Promise<bigint> {
  if (profile.insurancePaid) return 0n;
  const held = (await balancesOf(db, [profile.userId], USDT.code)).get(profile.userId)?.insurance ?? 0n;
  return profile.insuranceAmountMinor > held ? profile.insuranceAmountMinor - held : 0n;
}
