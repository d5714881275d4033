import type { FastifyPluginAsync } from 'fastify';
import { appEvents } from '../../app-events';
import { afterCommit } from '../../db/client';
import type { OpenDispute } from '../disputes/disputes.module';
import type { EventHub } from '../events/events.module';
import { createPageCache, dropOrdersEverywhere } from './payer-page.cache';
import { payerPageLinkRoutes } from './payer-page.link';
import { payerPagePublic } from './payer-page.public';
import { payerReceiptRoutes } from './payer-page.receipts';

export { appeal, attachReceipt, reportPaid } from './payer-page.actions';
export { findContext, type PageContext, stateOf } from './payer-page.state';

/**
 * The payer's page itself (DESIGN §17, §20), at the root of the server: /pay/{token}, its status and the payer's
 * actions, and its script. No session and no XSRF token; the token is redacted from the logs.
 */
export const payerPageSite: FastifyPluginAsync<{ hub: EventHub; openDispute: OpenDispute }> = async (
  app,
  { hub, openDispute },
) => {
  const cache = createPageCache();
  // An order moved here: its page is forgotten when the move commits. Moved by another process: when the move's
  // announcement ('order.updated', to the order's parties and the admins) arrives through the database.
  appEvents.on('order.moved', 'payer-page', async (tx, { orderIds }) => {
    afterCommit(tx, () => dropOrdersEverywhere(orderIds));
  });
  const unsubscribe = hub.subscribeAll((event) => {
    if (event.type !== 'order.updated') return;
    const guid = orderGuidOf(event.message);
    if (guid) cache.dropOrders([guid]);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    cache.close();
  });
  await app.register(payerPagePublic, { cache, openDispute });
};

/** The order an announcement names (`{"guid": …}`), if it names one. */
function orderGuidOf(message: string): string | undefined {
  try {
    const guid = (JSON.parse(message) as { guid?: unknown }).guid;
    return typeof guid === 'string' ? guid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the platform's side sees of the page in the web app's API (DESIGN §20): a pay-in's page link for its merchant
 * and admins, the payers' reports on the orders' answers (through the orders' `order.payer_reports` question) and the
 * receipts themselves.
 */
export const payerPageModule: FastifyPluginAsync = async (app) => {
  await app.register(payerPageLinkRoutes);
  await app.register(payerReceiptRoutes);
};
