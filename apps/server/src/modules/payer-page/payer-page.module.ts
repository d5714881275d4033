import type { FastifyPluginAsync } from 'fastify';
import { payerPageSettingsRoutes } from './payer-page.routes';

export {
  allowedReturnUrl,
  openPayerPage,
  ordersWithPages,
  paymentUrlOf,
  returnHostsOf,
} from './payer-page.links';

/** The payer's page module (DESIGN §17, §20): the merchant's settings of the page in the web app's API. */
export const payerPageModule: FastifyPluginAsync = async (app) => {
  await app.register(payerPageSettingsRoutes);
};
