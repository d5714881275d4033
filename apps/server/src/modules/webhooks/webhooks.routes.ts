import { recentWebhookDeliveriesQuerySchema, recentWebhookDeliverySchema, successEnvelope } from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies } from '../../http/replies';
import { typedRoutes } from '../../http/route';
import { recentDeliveries } from './recent';

/** The merchant's own view of its webhooks' deliveries (issue 32 item 7). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { asUser } = typedRoutes(app);
  asUser.get(
    '/user/webhook/deliveries',
    {
      config: { access: 'notifications.manage' },
      schema: {
        summary: 'My latest webhook deliveries',
        tags: ['settings'],
        querystring: recentWebhookDeliveriesQuerySchema,
        response: replies({ 200: successEnvelope(z.array(recentWebhookDeliverySchema)) }, readErrors),
      },
    },
    (request, user) => recentDeliveries(app.deps.db, user.id, request.query.count, request.language),
  );
};
