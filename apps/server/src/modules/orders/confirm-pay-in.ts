import { DomainError } from '../../lib/errors';
import { moveOrder } from './group-commit';
import type { OrderDeps } from './move';

/** The payer reported paying (merchant API): in progress, and the time to pay counts again from now (DESIGN §5). */
export function confirmPayIn(deps: OrderDeps, merchantId: string, id: string) {
  return moveOrder(deps, {
    id,
    event: 'payer_reported',
    actor: { kind: 'merchant', id: merchantId },
    check: (order) => {
      if (order.merchantId !== merchantId) throw new DomainError('not_found');
    },
    changes: { expiresAt: new Date(Date.now() + deps.config.ORDER_PAY_IN_TTL_SECONDS * 1000) },
  });
}
