/**
 * The order engine's use cases (DESIGN §5, §16), one file each; this file is what the rest of the server calls.
 * Every move of an order goes through the lifecycle table (`lifecycle.ts`): single moves through the process's
 * group commit (`group-commit.ts`), a terminal's batch and a dispute's move inside their own transactions
 * (`move.ts`).
 */
export { expireJob, expirySweepJob, expirySweepSeconds, type OrderActor } from './announce';
export { cancelByAdmin, cancelByMerchant } from './cancel-order';
export { confirmPayIn } from './confirm-pay-in';
export { createOrder } from './create-order';
export { type DisputeMove, moveByDispute } from './dispute-moves';
export { expireOrder, sweepExpiredOrders } from './expire-order';
export { canDispute, isOpen } from './lifecycle';
export { lockPayableOrders, markPaidByExecutor, payLockedPayIns } from './mark-paid';
export type { OrderDeps } from './move';
export { exactCrypto, payerOf, settlementTransfers, withFiatAmount } from './settlement';
export { takePayOut } from './take-pay-out';
