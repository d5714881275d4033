import type { FastifyPluginAsync } from 'fastify';
import { referenceRoutes } from './reference.routes';

export type { ReferenceData } from './reference.read';
export { attributeView, currencyView, loadReferenceData, paymentTypeImageUrl } from './reference.read';

/** The reference module (DESIGN §17): its routes in the web app's API. */
export const referenceModule: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
};
