import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { flowsRoutes } from './flows.routes';
import { flowsOfPartner } from './partner-flows';
import { createRateFeed } from './rates';

export { flowExecutors, flows } from './flows.table';
export type { QuoteRow } from './rates';
export { currentRate, rateText } from './rates';
export { seedFlow } from './seed-flow';

/**
 * The flows module (DESIGN §8, §17): its routes, the rate feed when one is configured, and the flows a partner
 * executes for the partners' list.
 */
export const flowsModule: FastifyPluginAsync = async (app) => {
  await app.register(flowsRoutes);
  appEvents.on('partner.flows', 'flows', flowsOfPartner);
  const { db, config } = app.deps;
  if (config.RATE_FEED_URL) {
    app.jobs.define('rates.poll', createRateFeed({ db, config, reference: app.reference, log: app.log }).job);
  }
  app.jobs.schedule('rates.poll', config.RATE_FEED_URL ? config.RATE_FEED_POLL_SECONDS : null);
};
