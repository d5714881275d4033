import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, replies } from '../../http/replies';

/** GET /api/inner/openapi.json: the OpenAPI 3.1 document of this API, for any signed-in user. */
export const openapiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openapi.json',
    {
      config: { access: 'session' },
      schema: { hide: true, response: replies({ 200: z.record(z.string(), z.unknown()) }, readErrors) },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
