import type { FastifyPluginAsync } from 'fastify';
import { requisitesRoutes } from './requisites.routes';

export { insertRequisite, replaceRestrictions } from './requisites.repository';
export { requisites } from './requisites.table';

/** The requisites module (DESIGN §17): its routes in the web app's API. */
export const requisitesModule: FastifyPluginAsync = async (app) => {
  await app.register(requisitesRoutes);
};
