import {
  currentUserSchema,
  errorEnvelopeSchema,
  languageSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  successEnvelope,
  xsrfCookie,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import type { AuthService } from './auth.service';

const errors = { '4xx': errorEnvelopeSchema };
const empty = successEnvelope(z.null());

/** SPEC §7 "Session and account": CSRF cookie, sign-in, sign-out, the current user, password change. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/csrf-cookie',
    { config: { access: 'public' }, schema: { tags: ['session'], response: { 204: z.null() } } },
    async (_request, reply) => {
      reply.setCookie(xsrfCookie, randomToken(32), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: app.config.COOKIE_SECURE ?? false,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        body: loginRequestSchema,
        response: { 200: successEnvelope(z.object({ user: currentUserSchema })), ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.login(
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        request.sessionTokenHash,
      );
      reply.setSessionCookie(signedIn.token, signedIn.expiresAt);
      return { success: true as const, data: { user: await auth.currentUser(signedIn.userId, signedIn.wsToken) } };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['session'], response: { 200: empty, ...errors } } },
    async (request, reply) => {
      if (request.sessionTokenHash) await auth.logout(request.sessionTokenHash);
      reply.clearSessionCookie();
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/user/current',
    {
      config: { access: 'session' },
      schema: {
        tags: ['session'],
        response: { 200: successEnvelope(z.object({ data: currentUserSchema })), ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user || !request.sessionWsToken) throw new DomainError('unauthenticated');
      return { success: true as const, data: { data: await auth.currentUser(user.id, request.sessionWsToken) } };
    },
  );

  app.post(
    '/user/password',
    {
      config: { access: 'session' },
      schema: { tags: ['session'], body: passwordChangeRequestSchema, response: { 200: empty, ...errors } },
    },
    async (request) => {
      if (!request.user || !request.sessionTokenHash) throw new DomainError('unauthenticated');
      await auth.changePassword(request.user.id, request.body, request.sessionTokenHash);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/language',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], response: { 200: successEnvelope(z.array(languageSchema)) } },
    },
    async () => ({
      success: true as const,
      data: [
        { code: 'en', name: 'English', is_default: true },
        { code: 'ru', name: 'Русский', is_default: false },
      ],
    }),
  );
};
