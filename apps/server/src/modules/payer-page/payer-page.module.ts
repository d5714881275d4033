import type { FastifyPluginAsync } from 'fastify';
import { payerPagePublic } from './payer-page.public';

/**
 * The payer's page itself (DESIGN §17, §20), at the root of the server: /pay/{token}, its status and the payer's
 * actions, and its script. No session and no XSRF token; the token is redacted from the logs.
 */
export const payerPageSite: FastifyPluginAsync = async (app) => {
  await app.register(payerPagePublic);
};
