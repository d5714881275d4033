import { timingSafeEqual } from 'node:crypto';
import { xsrfCookie, xsrfHeader } from '@paydesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for the machine-to-machine APIs that sign each request instead (DESIGN §9, §11). Every other route
     * with a state-changing method needs the echoed token: deny by default.
     */
    csrf?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The header's token as the cookie holds it; a malformed escape is a wrong token, not a server error. */
function decodedToken(header: string | string[] | undefined): string | null {
  const echoed = Array.isArray(header) ? header[0] : header;
  if (!echoed) return null;
  try {
    return decodeURIComponent(echoed);
  } catch {
    return null;
  }
}

/**
 * Double-submit CSRF protection of Laravel Sanctum's SPA scheme (DESIGN §3): `GET /csrf-cookie` sets a readable
 * XSRF-TOKEN cookie, and every state-changing call must echo it in X-XSRF-TOKEN, else 419. A cross-site page can
 * neither read the cookie nor set the header. The check belongs to the route that matched, never to the URL's text:
 * `/api/%69nner/…` is the same route as `/api/inner/…` and meets the same check.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (safeMethods.has(request.method) || request.is404 || request.routeOptions.config.csrf === false) return done();
      const cookie = request.cookies[xsrfCookie];
      const echoed = decodedToken(request.headers[xsrfHeader]);
      done(cookie && echoed && sameToken(cookie, echoed) ? undefined : new DomainError('csrf_mismatch'));
    });
  },
  { name: 'csrf', dependencies: ['context'] },
);
