import type { FastifyPluginAsync } from 'fastify';
import { payerPagePublic } from './payer-page.public';
import { payerReceiptRoutes } from './payer-page.receipts';

export { appeal, attachReceipt, type PageDeps, PageRefusal, reportPaid } from './payer-page.actions';
export { findContext, type PageContext, stateOf } from './payer-page.state';

/**
 * The payer's page itself (DESIGN §17, §20), at the root of the server: /pay/{token}, its status and the payer's
 * actions, and its script. No session and no XSRF token; the token is redacted from the logs.
 */
export const payerPageSite: FastifyPluginAsync = async (app) => {
  await app.register(payerPagePublic);
};

/**
 * What the platform's side sees of the page in the web app's API (DESIGN §20): the payers' reports on the orders'
 * answers (through the orders' `order.payer_reports` question) and the receipts themselves.
 */
export const payerPageModule: FastifyPluginAsync = async (app) => {
  await app.register(payerReceiptRoutes);
};
