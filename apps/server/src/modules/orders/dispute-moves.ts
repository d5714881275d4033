import type { Tx } from '../../db/client';
import type { TransferSpec } from '../ledger/ledger.service';
import type { OrderActor } from './announce';
import { moveLockedOrders, type OrderDeps } from './move';
import type { WebhookOptions } from './order-news';
import type * as repo from './orders.repository';

export interface DisputeMove {
  /** The order, locked by the dispute's transaction. */
  order: repo.OrderRow;
  event: 'dispute_open' | 'dispute_resolve' | 'dispute_reject';
  actor: OrderActor;
  /** What the resolution set the order's worth to, when it changed it (DESIGN §12). */
  amounts?: Pick<repo.NewOrder, 'fiatAmountMinor' | 'cryptoAmountMinor' | 'holdMinor'>;
  /** The transfers a resolution computed (DESIGN §12); none for the other edges. */
  transfers?: TransferSpec[];
  note: string;
  /** The dispute, for its webhook. */
  dispute: NonNullable<WebhookOptions['dispute']>;
}

/**
 * A dispute moves its order (DESIGN §12) along the lifecycle's dispute edges, in the dispute's transaction: paid or
 * canceled to `dispute` when it opens; back, or to paid, when it closes, with the transfers its resolution makes and
 * the dispute's webhook.
 */
export async function moveByDispute(deps: OrderDeps, tx: Tx, move: DisputeMove): Promise<repo.OrderRow> {
  const [after] = await moveLockedOrders(deps, tx, [
    {
      order: move.order,
      event: move.event,
      actor: move.actor,
      ...(move.amounts ? { changes: move.amounts } : {}),
      note: move.note,
      ...(move.transfers ? { transfers: move.transfers } : {}),
      webhook: { dispute: move.dispute },
    },
  ]);
  if (!after) throw new Error('the order of the dispute is gone');
  return after;
}
