import {
  currentUserSchema,
  emptyDataSchema,
  languageSchema,
  loginRequestSchema,
  loginResultSchema,
  passwordChangeRequestSchema,
  passwordSetupSchema,
  successEnvelope,
  xsrfCookie,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../../http/client';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { secureCookie } from '../../http/transport';
import { DomainError } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { requireUser } from '../../plugins/session';
import { acceptInvite } from './accept-invite';
import { deviceCookieDays, deviceCookieName, deviceCookiePath } from './device-cookie';
import { login, logout } from './login';
import { changePassword } from './password';

const tags = ['session'];
const empty = successEnvelope(emptyDataSchema);

/** SPEC §7 "Session and account": CSRF cookie, sign-in, sign-out, the current user, password change. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  signInRoutes(app);
  currentUserRoutes(app);
  languageAndInviteRoutes(app);
};

/** The XSRF cookie a form echoes, signing in (a new session and device cookie) and signing out. */
function signInRoutes(app: ZodApp) {
  const { deps, currentUsers } = app;
  app.get(
    '/csrf-cookie',
    { config: { access: 'public' }, schema: { summary: 'Get the XSRF cookie', tags, response: { 204: z.null() } } },
    async (request, reply) => {
      reply.setCookie(xsrfCookie, randomToken(32), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: secureCookie(app.config, request),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', optionalSession: true },
      schema: {
        summary: 'Sign in',
        tags,
        body: loginRequestSchema,
        response: replies({ 200: successEnvelope(loginResultSchema) }, [401, 403, 419, 422, 429]),
      },
    },
    async (request, reply) => {
      const client = { ...clientOf(request), deviceCookie: request.cookies[deviceCookieName] };
      const signedIn = await login(deps, request.body, client, request.sessionTokenHash);
      if (request.sessionTokenHash) app.sessions.forget(request.sessionTokenHash);
      reply.setSessionCookie(signedIn.token, signedIn.expiresAt);
      reply.setCookie(deviceCookieName, signedIn.deviceCookie, {
        path: deviceCookiePath,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie(app.config, request),
        maxAge: deviceCookieDays * 86_400,
      });
      const user = await currentUsers.forSession(signedIn.user.id, signedIn.wsToken);
      return { success: true as const, data: { user } };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', optionalSession: true },
      schema: { summary: 'Sign out', tags, response: replies({ 200: empty }, [419]) },
    },
    async (request, reply) => {
      if (request.sessionTokenHash) {
        await logout(deps, request.sessionTokenHash);
        app.sessions.forget(request.sessionTokenHash);
      }
      reply.clearSessionCookie();
      return { success: true as const, data: null };
    },
  );
}

/** The signed-in user: who it is, and its own password change. */
function currentUserRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { deps, currentUsers } = app;
  app.get(
    '/user/current',
    {
      config: { access: 'session' },
      schema: {
        summary: 'The signed-in user',
        tags,
        response: replies({ 200: successEnvelope(z.object({ data: currentUserSchema })) }, readErrors),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.sessionWsToken) throw new DomainError('unauthenticated');
      const answer = await currentUsers.answerFor(user.id, request.sessionWsToken);
      // Checked against the contract and serialized once per read of the user, not on every call (current-user.ts).
      reply.type('application/json; charset=utf-8').serializer(() => answer.json);
      return answer.body;
    },
  );

  asUser.post(
    '/user/password',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Change my password',
        tags,
        body: passwordChangeRequestSchema,
        response: replies({ 200: empty }, writeErrors),
      },
    },
    async (request, user) => {
      if (!request.sessionTokenHash) throw new DomainError('unauthenticated');
      await changePassword(deps, user.id, request.body, request.sessionTokenHash, clientOf(request));
      app.sessions.forgetUser(user.id);
      return null;
    },
  );
}

/** What anyone may ask without a session: the interface languages, and setting a password from an invite. */
function languageAndInviteRoutes(app: ZodApp) {
  const { answering } = typedRoutes(app);
  const { deps } = app;
  app.get(
    '/language',
    {
      config: { access: 'public' },
      schema: { summary: 'The interface languages', tags, response: { 200: successEnvelope(z.array(languageSchema)) } },
    },
    async () => ({
      success: true as const,
      data: [
        { code: 'en', name: 'English', is_default: true },
        { code: 'ru', name: 'Русский', is_default: false },
      ],
    }),
  );

  answering.post(
    '/password/setup',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a password from an invite',
        tags: ['users'],
        body: passwordSetupSchema,
        response: replies({ 200: successEnvelope(z.null()) }, [419, 422, 429]),
      },
    },
    async (request) => {
      await acceptInvite(deps, request.body.code, request.body.new_password, clientOf(request));
      return null;
    },
  );
}
