import { timingSafeEqual } from 'node:crypto';
import { xsrfCookie, xsrfHeader } from '@paydesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection of Laravel Sanctum's SPA scheme (DESIGN §3): `GET /csrf-cookie` sets a readable
 * XSRF-TOKEN cookie, and every state-changing call under /api/inner must echo it in X-XSRF-TOKEN, else 419.
 * A cross-site page can neither read the cookie nor set the header.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method) || !request.url.startsWith('/api/inner/')) return;
      const cookie = request.cookies[xsrfCookie];
      const header = request.headers[xsrfHeader];
      const echoed = Array.isArray(header) ? header[0] : header;
      if (!cookie || !echoed || !sameToken(cookie, decodeURIComponent(echoed))) {
        throw new DomainError('csrf_mismatch');
      }
    });
  },
  { name: 'csrf', dependencies: ['context'] },
);
