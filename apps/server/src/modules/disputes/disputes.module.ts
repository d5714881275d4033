import type { FastifyPluginAsync } from 'fastify';
import { disputesRoutes } from './disputes.routes';

export { disputeBodyLimit } from './disputes.routes';
export { openDispute } from './disputes.service';
export { readEvidence, sniffType } from './evidence';
export { sendStoredFile, storedFileSchema } from './file-reply';

/** The disputes module (DESIGN §17): its routes in the web app's API. */
export const disputesModule: FastifyPluginAsync = async (app) => {
  await app.register(disputesRoutes);
};
