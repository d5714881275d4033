import { DomainError } from '../../lib/errors';
import { moveOrder } from './group-commit';
import type { OrderDeps } from './move';

/** The merchant cancels its own order (a pay-in not paid, a pay-out not taken); the hold goes back whole. */
export function cancelByMerchant(deps: OrderDeps, merchantId: string, id: string) {
  return moveOrder(deps, {
    id,
    event: 'cancel',
    actor: { kind: 'merchant', id: merchantId },
    check: (order) => {
      if (order.merchantId !== merchantId) throw new DomainError('not_found');
    },
  });
}

/** An admin cancels any order its lifecycle lets be canceled. */
export function cancelByAdmin(deps: OrderDeps, adminId: string, id: string) {
  return moveOrder(deps, { id, event: 'cancel', actor: { kind: 'admin', id: adminId } });
}
