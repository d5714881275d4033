import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';
import { sendError } from './errors';

/**
 * Answers what no route matched. Serves the built web app: hashed assets cached for a year, everything else revalidated, and any unknown
 * non-API path answered with index.html so the SPA's history-mode routes survive a reload.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, { root }: { root: string | undefined }) => {
    if (!root || !existsSync(join(root, 'index.html'))) {
      if (root) app.log.warn({ root }, 'web app not built; serving the API only');
      app.setNotFoundHandler((request, reply) => sendError(request, reply, new DomainError('not_found')));
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const hashed = path.includes(`${join(root, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/ws');
      if (!isPage) return sendError(request, reply, new DomainError('not_found'));
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
