import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account.routes';

/** The account module (DESIGN §17): its routes in the web app's API. */
export const accountModule: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
};
