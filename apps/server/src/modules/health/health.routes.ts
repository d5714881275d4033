import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paydeskVersion } from '../../version';

/**
 * Liveness answers while the process runs; readiness only while the database answers too. Readiness also names the
 * version the process runs, so an operator (or a rolling upgrade) sees which release answers.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.string(), version: z.string() }),
          503: z.object({ status: z.string(), version: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready', version: paydeskVersion };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'database unreachable', version: paydeskVersion });
      }
    },
  );
};
