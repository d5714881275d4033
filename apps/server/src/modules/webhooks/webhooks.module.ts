import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { webhookDelivery } from './delivery';
import { deliveriesOf, webhookJob, writeOrderWebhooks } from './outbox';

/**
 * The webhooks module (DESIGN §10, §17): writes the webhooks orders announce into its outbox, in the order's
 * transaction, delivers them through the job runner and tells an order's deliveries to its details.
 */
export const webhooksModule: FastifyPluginAsync = async (app) => {
  appEvents.on('order.webhooks', 'webhooks', writeOrderWebhooks);
  appEvents.on('order.webhook_deliveries', 'webhooks', deliveriesOf);
  app.jobs.define(webhookJob, webhookDelivery(app.deps, app.log));
};
