import { orderPayerPageSchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../http/public-origin';
import { readErrors, replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { visibleOrder } from '../orders/orders.module';
import { ordersWithPages, paymentUrlOf } from '../payer-links/payer-links.module';

/** The way to a pay-in's page from the platform's side, in the web app's API (DESIGN §20). */
export const payerPageLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser } = typedRoutes(app);
  /**
   * The link of a pay-in's payer's page, for "Open the payer's page" in its details: the order's merchant and admins
   * only (never its executor: the page is the payer's). Another merchant's order is not found.
   */
  asUser.get(
    '/order/:id/payer_page',
    {
      config: { access: 'orders.payerPage' },
      schema: {
        summary: "A pay-in's payer's page link",
        tags: ['orders'],
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: replies({ 200: successEnvelope(orderPayerPageSchema) }, readErrors),
      },
    },
    async (request, user) => {
      // Only its merchant and admins reach here (orders.payerPage): another merchant's order is not found.
      const { order } = await visibleOrder(
        { db: app.db, reference: app.reference },
        { id: user.id, type: user.type, canManage: false },
        request.params.id,
      );
      const pages = order.type === 'pay_in' ? await ordersWithPages(app.db, [order.id]) : new Set<string>();
      const origin = publicOrigin(app.config, request);
      return { payment_url: pages.has(order.id) ? paymentUrlOf(origin, app.deps.secrets, order.id) : null };
    },
  );
};
