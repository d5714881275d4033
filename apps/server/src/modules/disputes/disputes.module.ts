import type { FastifyPluginAsync } from 'fastify';
import { disputesRoutes } from './disputes.routes';

import { openDispute } from './disputes.service';

export { openDispute };

/**
 * Opening a dispute, as the modules that open one on another's behalf receive it at registration (the merchant API's
 * dispute call, the payer's appeal): they never import this module (DESIGN §17, one edge does not reach another).
 */
export type OpenDispute = typeof openDispute;

/** The disputes module (DESIGN §17): its routes in the web app's API. */
export const disputesModule: FastifyPluginAsync = async (app) => {
  await app.register(disputesRoutes);
};
