import { DomainError } from '../../lib/errors';
import { moveOrder } from './group-commit';
import { isOpen } from './lifecycle';
import type { OrderDeps } from './move';
import * as repo from './orders.repository';

/**
 * The expiry job: an open pay-in past its time, or a pay-out nobody took, is canceled (the lifecycle's `expire`
 * edges, whose guard is the time); anything else stays. A look first, so an order paid meanwhile costs no lock.
 */
export async function expireOrder(deps: OrderDeps, id: string) {
  const order = await repo.orderRow(deps.db, id);
  if (!order?.expiresAt || order.expiresAt.getTime() > Date.now()) return;
  const expired = order.type === 'pay_in' ? isOpen(order.status) : order.status === 'new';
  if (!expired) return;
  await moveOrder(deps, { id, event: 'expire', actor: { kind: 'system', id: null }, note: 'expired' }).catch(
    (error: unknown) => {
      // Paid or canceled meanwhile, or its time was extended: nothing to do.
      if (!(error instanceof DomainError)) throw error;
    },
  );
}

/** The sweep: every open order past its time whose own job did not cancel it (it died, or was lost). */
export async function sweepExpiredOrders(deps: OrderDeps) {
  for (const { id } of await repo.expiredOpenOrders(deps.db, new Date(Date.now() - 60_000), 200)) {
    await expireOrder(deps, id);
  }
}
