export type { DemoTraffic } from './demo-traffic';
export { createDemoTraffic } from './demo-traffic';
export type { OrderRow, OrderScope } from './orders.repository';
export { executedFlowIds, findByClientOrderId, findOrders, listOrders, lockOrder, orderRow } from './orders.repository';
export { ordersRoutes } from './orders.routes';
export type { OrderActor, OrderDeps } from './orders.service';
export {
  cancelByMerchant,
  canDispute,
  confirmPayIn,
  createOrder,
  engineTime,
  expireJob,
  expireOrder,
  expirySweepJob,
  expirySweepSeconds,
  lockPayableOrders,
  markPaidByExecutor,
  moveByDispute,
  payerOf,
  payLockedPayIns,
  settlementTransfers,
  sweepExpiredOrders,
  takePayOut,
  withFiatAmount,
} from './orders.service';
export { orders, webhookAttempts, webhookDeliveries } from './orders.table';
export type { Viewer } from './orders.view';
export { apiOrderView, orderView } from './orders.view';
