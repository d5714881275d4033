import type { AccessSubject, UserType } from '@paydesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../lib/ids';
import { findLiveSession, touchSession } from '../modules/auth/sessions.repository';

/** The signed-in user as every guard and service sees it. */
export interface SessionUser extends AccessSubject {
  readonly id: string;
  readonly username: string;
  readonly type: UserType;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** SHA-256 of the session cookie, when a live session was found. */
    sessionTokenHash: string | null;
    sessionWsToken: string | null;
  }
  interface FastifyReply {
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/** Writes of last-seen times are spaced out so a busy user does not cost one write per request. */
const touchIntervalMs = 60_000;

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const cookieName = config.SESSION_COOKIE_NAME;
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.COOKIE_SECURE ?? false,
    };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);
    app.decorateRequest('sessionWsToken', null);
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
      return this.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(cookieName, cookieOptions);
    });

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[cookieName];
      if (!token || !request.url.startsWith('/api/')) return;
      const tokenHash = sha256(token);
      const now = new Date();
      const idleSince = new Date(now.getTime() - config.SESSION_IDLE_MINUTES * 60_000);
      const found = await findLiveSession(app.db, tokenHash, idleSince);
      if (!found || found.user.isBlocked || !found.user.isActive) return;
      request.sessionTokenHash = tokenHash;
      request.sessionWsToken = found.session.wsToken;
      request.user = {
        id: found.user.id,
        username: found.user.username,
        type: found.user.type as UserType,
        roles: found.user.roles,
        insurancePaid: found.insurancePaid ?? false,
      };
      if (now.getTime() - found.session.lastSeenAt.getTime() > touchIntervalMs) {
        await touchSession(app.db, tokenHash, found.user.id, now);
      }
    });
  },
  { name: 'session', dependencies: ['context'] },
);
