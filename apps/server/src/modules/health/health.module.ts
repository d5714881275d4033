import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes';

/** The health module: liveness and readiness, outside every API's prefix. */
export const healthModule: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
};
