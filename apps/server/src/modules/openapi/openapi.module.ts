import type { FastifyPluginAsync } from 'fastify';
import { openapiRoutes } from './openapi.routes';

/** The openapi module (DESIGN §17): its routes in the web app's API. */
export const openapiModule: FastifyPluginAsync = async (app) => {
  await app.register(openapiRoutes);
};
