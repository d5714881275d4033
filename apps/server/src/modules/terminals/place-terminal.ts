import type { Executor } from '../../db/client';
import * as repo from './terminals.repository';

/**
 * A terminal put in place directly on these requisites, as no screen would (no pairing, no audit): the demo's phone
 * and a benchmark's. Its row says whether it is paired and approved.
 */
export async function placeTerminal(db: Executor, terminal: repo.NewTerminal, requisiteIds: string[]): Promise<void> {
  await repo.insertTerminal(db, terminal);
  await repo.replaceRequisites(db, terminal.id, requisiteIds);
}
