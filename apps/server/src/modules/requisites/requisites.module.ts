import type { FastifyPluginAsync } from 'fastify';
import { requisitesRoutes } from './requisites.routes';

export { requisites } from './requisites.table';
export { seedRequisite } from './seed-requisite';

/** The requisites module (DESIGN §17): its routes in the web app's API. */
export const requisitesModule: FastifyPluginAsync = async (app) => {
  await app.register(requisitesRoutes);
};
