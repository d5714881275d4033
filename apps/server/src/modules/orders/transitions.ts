import type { OrderStatus, OrderType } from '@paydesk/contract';

/**
 * The lifecycle of DESIGN §5. Pay-in: new (details given) → in-progress (the payer reported paying) → paid; new and
 * in-progress become canceled (the merchant, an admin, or expiry). Pay-out: new (open to the flow's executors) →
 * in-progress (taken) → paid; only a new one is canceled (an in-progress one may have its money on the way).
 * Anything else is illegal: a 409, never a second settlement.
 */
const allowed: Record<OrderType, Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  pay_in: {
    new: ['in-progress', 'paid', 'canceled'],
    'in-progress': ['paid', 'canceled'],
  },
  pay_out: {
    new: ['in-progress', 'canceled'],
    'in-progress': ['paid'],
  },
};

export const canMove = (type: OrderType, from: OrderStatus, to: OrderStatus) =>
  allowed[type][from]?.includes(to) === true;

/** Open orders: money is held for them. */
export const isOpen = (status: string) => status === 'new' || status === 'in-progress';

/**
 * A dispute opens on a paid order, or on a canceled one an executor had taken (DESIGN §12): a canceled pay-out was
 * never taken, so nobody could have paid it.
 */
export const canDispute = (order: { status: string; executorId: string | null }) =>
  order.status === 'paid' || (order.status === 'canceled' && order.executorId !== null);
