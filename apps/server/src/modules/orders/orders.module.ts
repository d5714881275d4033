import type { FastifyPluginAsync } from 'fastify';
import { ordersRoutes } from './orders.routes';
import { expireJob, expireOrder, expirySweepJob, expirySweepSeconds, sweepExpiredOrders } from './orders.service';

export { type ApiOrderParty, apiOrderPage, ownOrder } from './api-orders';
export { lockOrderForChange } from './order-locks';
export type {
  OrderChecks,
  OrderWebhookDelivery,
  OrderWebhooks,
  WebhookOptions,
  WebhookType,
} from './order-news';
export { noteOrderEvent } from './order-notes';
export { orderStatusOf, ordersWithNames, orderViewsOf, visibleOrder } from './orders.read';
export type { OrderActor, OrderDeps } from './orders.service';
export {
  cancelByMerchant,
  canDispute,
  confirmPayIn,
  createOrder,
  engineTime,
  expireOrder,
  lockPayableOrders,
  markPaidByExecutor,
  moveByDispute,
  payerOf,
  payLockedPayIns,
  settlementTransfers,
  takePayOut,
  withFiatAmount,
} from './orders.service';
export type { OrderRow } from './orders.table';
export { orders } from './orders.table';
export type { Viewer } from './orders.view';
export { apiOrderView } from './orders.view';
export type { OrderPayerReport } from './payer-reports';
export { seesPayerReport } from './payer-reports';

/** The orders module (DESIGN §17): its routes in the web app's API, the expiry of orders and its sweep. */
export const ordersModule: FastifyPluginAsync = async (app) => {
  await app.register(ordersRoutes);
  const orderDeps = { db: app.deps.db, config: app.deps.config, reference: app.reference };
  app.jobs.define(expireJob, { run: ({ payload }) => expireOrder(orderDeps, String(payload.orderId)) });
  app.jobs.define(expirySweepJob, { run: () => sweepExpiredOrders(orderDeps) });
  app.jobs.schedule(expirySweepJob, expirySweepSeconds);
};
