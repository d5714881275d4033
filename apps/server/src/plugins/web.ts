import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';
import { sendError } from './errors';
import { mayFrame, type PageShell, pageShellOf, readPageShell } from './page-shell';

/**
 * index.html for each screen's path with that screen's chunks named as module preloads (the build's
 * page-preloads.json, issue 21): the browser fetches the page's code beside the entry instead of after it has run.
 * Empty when the build has no such file.
 */
function pagesWithPreloads(root: string): Map<string, string> {
  const listPath = join(root, 'page-preloads.json');
  if (!existsSync(listPath)) return new Map();
  const index = readFileSync(join(root, 'index.html'), 'utf8');
  const lists = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string[]>;
  const safe = /^\/assets\/[\w.-]+\.js$/;
  return new Map(
    Object.entries(lists).map(([path, files]) => {
      const links = files
        .filter((file) => safe.test(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
      return [path, index.replace('</head>', `${links}</head>`)];
    }),
  );
}

/**
 * Answers what no route matched. Serves the built web app: hashed assets cached for a year, everything else revalidated, and any unknown
 * non-API path answered with index.html so the SPA's history-mode routes survive a reload; a screen's path gets the
 * index.html that preloads its page, in the user's language and theme, and a signed-in user's screen its frame
 * (page-shell.ts).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, { root }: { root: string | undefined }) => {
    if (!root || !existsSync(join(root, 'index.html'))) {
      if (root) app.log.warn({ root }, 'web app not built; serving the API only');
      app.setNotFoundHandler((request, reply) => sendError(request, reply, new DomainError('not_found')));
      return;
    }
    const pages = pagesWithPreloads(root);
    const index = readFileSync(join(root, 'index.html'), 'utf8');
    const shell: PageShell | null = readPageShell(root);
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
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/ws');
      if (!isPage) return sendError(request, reply, new DomainError('not_found'));
      reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html');
      const path = request.url.split('?')[0] ?? '';
      const page = pages.get(path) ?? index;
      if (!shell) return reply.send(page);
      // Only a framed screen's page reads the session (a signed-in screen's, and /login's, framed only without one):
      // any other path (an unknown one, another public screen) costs none.
      if (mayFrame(shell, path)) await app.sessions.identify(request);
      return reply.send(pageShellOf(shell, page, { path, user: request.user, cookies: request.cookies }));
    });
  },
  { name: 'web', dependencies: ['errors', 'session'] },
);
