import type { Deps } from '../../deps';
import { ownFeeTiers } from '../users/users.module';

/** GET /user/fees: the signed-in trader's own fee tiers (SPEC §2.11). */
export async function ownFees(deps: Deps, userId: string) {
  return ownFeeTiers(deps.db, userId);
}
