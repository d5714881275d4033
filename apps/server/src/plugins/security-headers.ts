import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markStrictTransport } from '../http/transport';

/**
 * Scripts only from this origin, never inline; styles may be inline because Mantine writes its theme's CSS variables
 * into a style element; images also as data URLs (the two-factor QR code, the favicon); the page is never framed.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const everyAnswer = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

/**
 * Security headers on every answer (DESIGN §3), and HSTS on every answer to an https request. API answers are never
 * stored by a browser or a proxy: the current user carries the socket token and the API key.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      for (const [name, value] of Object.entries(everyAnswer)) {
        // A route may narrow its own policy (an SVG image); nobody widens it.
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      markStrictTransport(request, reply);
      const api = request.routeOptions.url?.startsWith('/api/') === true;
      if ((api || request.is404) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
