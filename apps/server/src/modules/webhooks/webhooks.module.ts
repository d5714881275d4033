import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { webhookDelivery } from './delivery';
import { deliveriesOf, webhookJob, writeOrderWebhooks } from './outbox';
import { webhooksRoutes } from './webhooks.routes';

/**
 * The webhooks module (DESIGN §10, §17): writes the webhooks orders announce into its outbox, in the order's
 * transaction, delivers them through the job runner, tells an order's deliveries to its details and the merchant its
 * latest ones.
 */
export const webhooksModule: FastifyPluginAsync = async (app) => {
  appEvents.on('order.webhooks', 'webhooks', writeOrderWebhooks);
  appEvents.on('order.webhook_deliveries', 'webhooks', deliveriesOf);
  app.jobs.define(webhookJob, webhookDelivery(app.deps, app.log));
  await app.register(webhooksRoutes);
};
