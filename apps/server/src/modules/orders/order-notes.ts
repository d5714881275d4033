import type { Executor } from '../../db/client';
import { historyOf, type OrderActor } from './announce';
import * as repo from './orders.repository';

/**
 * A line of an order's timeline that moves nothing (a receipt the payer attached, DESIGN §20): from its status to the
 * same status, with who and what.
 */
export async function noteOrderEvent(
  tx: Executor,
  order: { id: string; status: string },
  actor: OrderActor,
  note: string,
): Promise<void> {
  await repo.insertEvents(tx, [historyOf(order, order.status, order.status, actor, note)]);
}
