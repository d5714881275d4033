import { DomainError } from '../../lib/errors';
import { moveOrder } from './group-commit';
import type { OrderDeps } from './move';

/**
 * The payer reported paying (the merchant API, or the payer on its page, DESIGN §20): in progress, and the time to pay
 * counts again from now (DESIGN §5). The timeline names who told.
 */
export function confirmPayIn(deps: OrderDeps, merchantId: string, id: string, by: 'merchant' | 'payer' = 'merchant') {
  return moveOrder(deps, {
    id,
    event: 'payer_reported',
    actor: { kind: by, id: by === 'merchant' ? merchantId : null },
    check: (order) => {
      if (order.merchantId !== merchantId) throw new DomainError('not_found');
    },
  });
}
