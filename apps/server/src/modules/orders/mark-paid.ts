import type { Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { OrderActor } from './announce';
import { moveOrder } from './group-commit';
import { lifecycle } from './lifecycle';
import { moveLockedOrders, type OrderDeps } from './move';
import * as repo from './orders.repository';

/**
 * The executor's "paid": a pay-in's payer paid it (SPEC §2.12 send paid), or a pay-out's transfer was made. Only the
 * order's own executor may say so; anyone else does not find it. Settled through the group commit (DESIGN §16).
 */
export function markPaidByExecutor(
  deps: OrderDeps,
  executorId: string,
  id: string,
  kind: 'executor' | 'terminal' = 'executor',
) {
  return moveOrder(deps, {
    id,
    event: 'mark_paid',
    actor: { kind, id: executorId },
    check: (order) => {
      if (order.executorId !== executorId) throw new DomainError('not_found');
    },
  });
}

/**
 * Locks the orders (in id order) that are still open pay-ins of `executorId`, for a terminal's batch of bank messages
 * to pay with `payLockedPayIns`; one canceled by its merchant meanwhile, say, is left out and left as it is.
 */
export async function lockPayableOrders(tx: Tx, ids: string[], executorId: string): Promise<repo.OrderRow[]> {
  return (await repo.lockOrders(tx, ids)).filter(
    (order) =>
      order.type === 'pay_in' &&
      order.executorId === executorId &&
      lifecycle.some((edge) => edge.type === 'pay_in' && edge.from === order.status && edge.event === 'mark_paid'),
  );
}

/**
 * Pays the pay-ins `lockPayableOrders` locked, together, in the caller's transaction (a terminal's batch of bank
 * messages): the same moves as the group commit's, in one transaction with the messages that paid them.
 */
export function payLockedPayIns(deps: OrderDeps, tx: Tx, locked: repo.OrderRow[], actor: OrderActor) {
  return moveLockedOrders(
    deps,
    tx,
    locked.map((order) => ({ order, event: 'mark_paid' as const, actor })),
  );
}
