import type { Tx } from '../../db/client';
import * as repo from './requisites.repository';

/** A requisite the demo's seed puts in place directly, as no screen would (no checks, no audit), with its restrictions. */
export async function seedRequisite(
  tx: Tx,
  requisite: repo.NewRequisite & { id: string },
  restrictions: Omit<repo.RestrictionRow, 'requisiteId'>[] = [],
): Promise<void> {
  await repo.insertRequisite(tx, requisite);
  if (restrictions.length > 0) await repo.replaceRestrictions(tx, requisite.id, restrictions);
}
