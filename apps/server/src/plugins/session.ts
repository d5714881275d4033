import type { AccessSubject, UserType } from '@paydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client';
import { secureCookie } from '../http/transport';
import { DomainError } from '../lib/errors';
import { sha256 } from '../lib/ids';

/** The signed-in user as every guard and service sees it. */
export interface SessionUser extends AccessSubject {
  readonly id: string;
  readonly username: string;
  readonly type: UserType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public route that still wants to know the session when there is one (sign-in replaces it, sign-out ends it).
     * Guarded routes always read it; other public routes never spend a lookup on it.
     */
    optionalSession?: boolean;
  }
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

/** The signed-in user of a guarded route; a route reached without one answers 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new DomainError('unauthenticated');
  return request.user;
}

/** A live session as the store reads it, with its user. */
export interface StoredSession {
  session: { lastSeenAt: Date; expiresAt: Date; wsToken: string };
  user: {
    id: string;
    username: string;
    type: string;
    roles: AccessSubject['roles'];
    isRoot: boolean;
    isActive: boolean;
    isBlocked: boolean;
  };
  insurancePaid: boolean | null;
}

/**
 * Where sessions live, given by the modules that own them when app.ts registers the plugin (DESIGN §17: plugins depend
 * on no module): auth's sessions table and the channel on which users' changes are announced to every process.
 */
export interface SessionStore {
  findLiveSession(db: Executor, tokenHash: string, idleSince: Date): Promise<StoredSession | undefined>;
  touchSession(db: Executor, tokenHash: string, userId: string, now: Date): Promise<void>;
  /** The database channel whose notifications name a user whose sessions every process must forget. */
  changesChannel: string;
}

/** Writes of last-seen times are spaced out so a busy user does not cost one write per request. */
const touchIntervalMs = 60_000;

/**
 * How long a process trusts what it read of a session. Within it, requests of one session cost no query at all;
 * after it the session is read again. Ending a session or changing its user (blocking, deactivation, a new password,
 * roles) is also announced to every process (sessions.repository), which forget it at once; should an announcement
 * be lost, a blocked user or an ended session is refused within this second anyway.
 */
export const sessionCacheMs = 1_000;
const sessionCacheMax = 10_000;

interface CachedSession {
  user: SessionUser;
  wsToken: string;
  lastSeenAtMs: number;
  expiresAtMs: number;
  readAtMs: number;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, { store }: { store: SessionStore }) => {
    decorateSessionCookie(app);
    const cache = new Map<string, CachedSession>();
    const userChanged = new Set<(userId: string) => void>();
    function forgetUser(userId: string) {
      for (const [tokenHash, entry] of cache) if (entry.user.id === userId) cache.delete(tokenHash);
      for (const listener of userChanged) listener(userId);
    }
    const identify = sessionIdentifier(app, store, cache);

    // Guards decide on the route that matched, never on the URL's text (DESIGN §3): an encoded path is the same route.
    app.addHook('onRequest', (request, _reply, done) => {
      const { access, optionalSession, signed } = request.routeOptions.config;
      if (!access || signed || (access === 'public' && !optionalSession)) return done();
      identify(request).then(() => done(), done);
    });

    app.decorate('sessions', {
      identify,
      forget: (tokenHash: string) => cache.delete(tokenHash),
      forgetUser,
      onUserChanged(listener: (userId: string) => void) {
        userChanged.add(listener);
      },
    });

    let unlisten: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      unlisten = await app.database.listen(store.changesChannel, forgetUser);
    });
    app.addHook('onClose', async () => {
      await unlisten?.();
      cache.clear();
    });
  },
  { name: 'session', dependencies: ['context'] },
);

/** The request's session fields, and the reply's setting and clearing of the session cookie. */
function decorateSessionCookie(app: FastifyInstance) {
  const { config } = app;
  const cookieName = config.SESSION_COOKIE_NAME;
  // Secure whenever the request came over https (http/transport.ts).
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookie(config, request),
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionWsToken', null);
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    return this.setCookie(cookieName, token, { ...cookieOptions(this.request), expires: expiresAt });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(cookieName, cookieOptions(this.request));
  });
}

/**
 * Reads the session cookie into `request.user` (and the session's hashes) when it names a live session: from this
 * process's cache while it is fresh, from the store after.
 */
function sessionIdentifier(app: FastifyInstance, store: SessionStore, cache: Map<string, CachedSession>) {
  const cookieName = app.config.SESSION_COOKIE_NAME;
  const idleMs = app.config.SESSION_IDLE_MINUTES * 60_000;

  async function read(tokenHash: string, now: number): Promise<CachedSession | null> {
    const cached = cache.get(tokenHash);
    if (cached && now - cached.readAtMs < sessionCacheMs) return cached;
    const found = await store.findLiveSession(app.db, tokenHash, new Date(now - idleMs));
    if (!found || found.user.isBlocked || !found.user.isActive) {
      cache.delete(tokenHash);
      return null;
    }
    const entry = cachedSession(found, now);
    if (cache.size >= sessionCacheMax) cache.delete(cache.keys().next().value as string);
    cache.delete(tokenHash);
    cache.set(tokenHash, entry);
    return entry;
  }

  return async function identify(request: FastifyRequest): Promise<void> {
    const token = request.cookies[cookieName];
    if (!token) return;
    const tokenHash = sha256(token);
    const now = Date.now();
    const session = await read(tokenHash, now);
    if (!session || session.expiresAtMs <= now || session.lastSeenAtMs <= now - idleMs) return;
    request.sessionTokenHash = tokenHash;
    request.sessionWsToken = session.wsToken;
    request.user = session.user;
    if (now - session.lastSeenAtMs > touchIntervalMs) {
      session.lastSeenAtMs = now;
      await store.touchSession(app.db, tokenHash, session.user.id, new Date(now));
    }
  };
}

/** What this process keeps of a live session it read at `now`. */
function cachedSession(found: StoredSession, now: number): CachedSession {
  return {
    user: {
      id: found.user.id,
      username: found.user.username,
      type: found.user.type as UserType,
      roles: found.user.roles,
      insurancePaid: found.insurancePaid ?? false,
      isRoot: found.user.isRoot,
    },
    wsToken: found.session.wsToken,
    lastSeenAtMs: found.session.lastSeenAt.getTime(),
    expiresAtMs: found.session.expiresAt.getTime(),
    readAtMs: now,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's memory of sessions, for the routes that end one. */
    sessions: {
      /**
       * Reads the session of a request that no route guards (the web app's pages, which show a signed-in user the
       * frame of the screen before its code has run): `request.user` is set when the cookie names a live session.
       */
      identify(request: FastifyRequest): Promise<void>;
      forget(tokenHash: string): void;
      /** Forgets what this process knows of a user, at once; others hear of it through the database. */
      forgetUser(userId: string): void;
      /** Called whenever a user is forgotten, so other per-process memories of the user go too. */
      onUserChanged(listener: (userId: string) => void): void;
    };
  }
}
