import type { Tx } from '../../db/client';
import { newId } from '../../lib/ids';
import * as repo from './flows.repository';
import type { flowExecutors, traderRestrictions } from './flows.table';

type Seeded<Row> = Omit<Row, 'id' | 'flowId'>;

/**
 * A flow the demo's seed puts in place directly, as no screen would (no checks, no audit): the flow, its executors and
 * its restrictions of traders, in the order given.
 */
export async function seedFlow(
  tx: Tx,
  flow: repo.NewFlow & { id: string },
  executors: Seeded<typeof flowExecutors.$inferInsert>[],
  restrictions: Seeded<typeof traderRestrictions.$inferInsert>[],
): Promise<void> {
  await repo.insertFlow(tx, flow);
  for (const executor of executors) await repo.insertExecutor(tx, { id: newId(), flowId: flow.id, ...executor });
  for (const restriction of restrictions) {
    await repo.upsertTraderRestriction(tx, { id: newId(), flowId: flow.id, ...restriction });
  }
}
