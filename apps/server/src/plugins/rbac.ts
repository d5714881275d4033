import { type CapabilityName, can } from '@paydesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';

export type RouteAccess = CapabilityName | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a capability of the contract's permission table, or `public`. */
    access?: RouteAccess;
    /**
     * A route whose caller holds a credential of its own instead of a session: the signed API (DESIGN §9), whose
     * caller is known only once the signature over the body is checked (modules/api/api.auth.ts), and the device API
     * (DESIGN §11), whose bearer token its service checks (modules/terminals/device.service.ts); either on the same
     * matched route.
     */
    signed?: boolean;
  }
}

/** Every guarded route, as registered; the permission walk test reads it. */
export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Left out of the OpenAPI document (a logo, the document itself). */
  hidden: boolean;
  /** A route of the signed API (DESIGN §9), whose caller is its API key. */
  signed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    guardedRoutes: GuardedRoute[];
  }
}

/**
 * Deny by default: an /api route that does not declare its access stops the server at start, and a declared
 * capability is checked against the signed-in user on every call.
 */
export const rbacPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: GuardedRoute[] = [];
    app.decorate('guardedRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') {
          routes.push({
            method,
            url: route.url,
            access,
            hidden: route.schema?.hide === true,
            signed: route.config?.signed === true,
          });
        }
      }
    });
    app.addHook('onRequest', (request, _reply, done) => {
      const { access, signed } = request.routeOptions.config;
      if (!access || access === 'public' || signed) return done();
      if (!request.user) return done(new DomainError('unauthenticated'));
      done(can(request.user, access) ? undefined : new DomainError('forbidden'));
    });
  },
  { name: 'rbac', dependencies: ['session'] },
);
