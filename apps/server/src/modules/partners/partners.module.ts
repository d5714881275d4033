import type { FastifyPluginAsync } from 'fastify';
import { partnersRoutes } from './partners.routes';

export type { PartnerFlow } from './partner-flows';
export { seedPartnerSystem } from './seed-partner-system';

/** The partners module (DESIGN §17): its routes in the web app's API. */
export const partnersModule: FastifyPluginAsync = async (app) => {
  await app.register(partnersRoutes);
};
