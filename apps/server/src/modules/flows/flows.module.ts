import type { FastifyPluginAsync } from 'fastify';
import { type AppEvents, appEvents } from '../../app-events';
import type { Subscriber } from '../../lib/event-map';
import { flowsExecutedBy } from './flows.repository';
import { flowsRoutes } from './flows.routes';
import { createRateFeed } from './rates';

export { insertExecutor, insertFlow, upsertTraderRestriction } from './flows.repository';
export { flowExecutors, flows } from './flows.table';
export type { QuoteRow } from './rates';
export { currentRate, rateText } from './rates';

/** The flows a partner executes, for the partners' list: one function, so a second app in a process subscribes it once. */
const flowsOfPartner: Subscriber<AppEvents['partner.flows']> = (db, { userId }) => flowsExecutedBy(db, userId);

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
