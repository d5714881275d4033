import type { FastifyPluginAsync } from 'fastify';
import { payerPageSettingsRoutes } from './payer-links.routes';

export {
  allowedReturnUrl,
  markReported,
  openPayerPage,
  ordersWithPages,
  payerTokenOf,
  paymentUrlOf,
  returnHostsOf,
  tokenHashOf,
} from './payer-links.links';
export { payerPages } from './payer-links.table';

/**
 * The payer's page links (DESIGN §17, §20): each pay-in's page token and options, and the merchant's settings of the
 * page in the web app's API. The merchant API hands the links out; the payer-page module serves the page.
 */
export const payerLinksModule: FastifyPluginAsync = async (app) => {
  await app.register(payerPageSettingsRoutes);
};
