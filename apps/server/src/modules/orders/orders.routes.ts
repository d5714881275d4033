import {
  can,
  listEnvelope,
  orderDetailsSchema,
  orderListQuerySchema,
  orderSchema,
  successEnvelope,
} from '@paydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvReplies, sendCsv, withoutPaging } from '../../http/csv';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { DomainError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { enqueueJobs } from '../jobs/jobs.module';
import { announceWebhooks } from './order-news';
import { exportOrders, listOrders, orderAfterAction, orderDetails, visibleOrder } from './orders.read';
import { cancelByAdmin, markPaidByExecutor, type OrderDeps, takePayOut } from './orders.service';
import type { Viewer } from './orders.view';

const tags = ['orders'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const one = replies({ 200: successEnvelope(orderSchema) }, writeErrors);

const viewerOf = (request: FastifyRequest): Viewer => {
  const user = requireUser(request);
  return { id: user.id, type: user.type, canManage: can(user, 'orders.manage') };
};

/** SPEC §7 "Orders and disputes": the role paths of the lists, an order's details and the actions on the screens. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, reference: app.reference };
  readingRoutes(app, deps);
  actionRoutes(app, deps);
};

/** The role paths of the lists, their export and an order's details. */
function readingRoutes(app: ZodApp, deps: OrderDeps) {
  const { answering } = typedRoutes(app);
  const list = {
    tags,
    querystring: orderListQuerySchema,
    response: replies({ 200: listEnvelope(orderSchema) }, readErrors),
  };
  for (const [path, access, summary] of [
    ['/order', 'orders.all', 'List orders'],
    ['/merchant/order', 'orders.merchant', 'List my orders (merchant)'],
    ['/trader/order', 'orders.trader', 'List my orders (trader)'],
    ['/partner/order', 'orders.partner', 'List my orders (partner)'],
  ] as const) {
    answering.get(path, { config: { access }, schema: { ...list, summary } }, (request) =>
      listOrders(deps, viewerOf(request), request.query, request.language),
    );
  }

  app.get(
    '/order/export.csv',
    {
      config: { access: 'orders.all' },
      schema: {
        summary: 'Export orders as CSV',
        tags,
        querystring: orderListQuerySchema.omit(withoutPaging),
        response: csvReplies,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'orders', await exportOrders(deps, viewerOf(request), request.query, request.language)),
  );

  answering.get(
    '/order/:id',
    {
      config: { access: 'orders.read' },
      schema: {
        summary: 'One order',
        tags,
        params: idParams,
        response: replies({ 200: successEnvelope(orderDetailsSchema) }, readErrors),
      },
    },
    (request) => orderDetails(deps, viewerOf(request), request.params.id, request.language),
  );
}

/** The actions on the screens, each answering the order as its viewer sees it after. */
function actionRoutes(app: ZodApp, deps: OrderDeps) {
  /** The answer of an action: the order as its viewer sees it now. */
  const answer = async (request: FastifyRequest, id: string) => ({
    success: true as const,
    data: await orderAfterAction(deps, viewerOf(request), id, request.language),
  });

  app.post(
    '/order/:id/set-paid',
    {
      config: { access: 'orders.execute' },
      schema: { summary: 'Mark an order paid', tags, params: idParams, response: one },
    },
    async (request) => {
      await markPaidByExecutor(deps, requireUser(request).id, request.params.id);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/order/:id/take',
    {
      config: { access: 'orders.execute' },
      schema: { summary: 'Take a pay-out', tags, params: idParams, response: one },
    },
    async (request) => {
      await visibleOrder(deps, viewerOf(request), request.params.id);
      await takePayOut(deps, requireUser(request).id, request.params.id);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/order/:id/cancel',
    {
      config: { access: 'orders.manage' },
      schema: { summary: 'Cancel an order', tags, params: idParams, response: one },
    },
    async (request) => {
      await cancelByAdmin(deps, requireUser(request).id, request.params.id);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/order/:id/webhook/resend',
    {
      config: { access: 'orders.manage' },
      schema: { summary: "Send an order's webhook again", tags, params: idParams, response: one },
    },
    async (request) => {
      const { order } = await visibleOrder(deps, viewerOf(request), request.params.id);
      if (order.status !== 'paid' && order.status !== 'canceled') throw new DomainError('order_status_conflict');
      await deps.db.transaction(async (tx) => {
        const type = order.status === 'paid' ? 'order.paid' : 'order.canceled';
        await enqueueJobs(tx, await announceWebhooks(tx, deps.reference, [order], type, { force: true }));
      });
      return answer(request, request.params.id);
    },
  );
}
