import { createHmac, timingSafeEqual } from 'node:crypto';
import { can, type UserType } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Executor, selectRows } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import type { SessionUser } from '../../plugins/session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived: what the signature covers. */
    rawBody: string;
  }
}

/** How far X-Timestamp may be from the server's clock (DESIGN §9). */
export const timestampWindowSeconds = 300;

/** The string a request's signature covers: `timestamp.METHOD.path_with_query.raw_body` (DESIGN §9). */
export const signingString = (timestamp: string, method: string, pathWithQuery: string, body: string) =>
  `${timestamp}.${method.toUpperCase()}.${pathWithQuery}.${body}`;

export const signRequest = (secret: string, timestamp: string, method: string, pathWithQuery: string, body: string) =>
  createHmac('sha256', secret)
    .update(signingString(timestamp, method, pathWithQuery, body))
    .digest('hex');

interface KeyOwner {
  user: SessionUser;
  secret: string;
  readAtMs: number;
}

/** As with sessions (plugins/session.ts), a key's owner is kept a second; a change to the user drops it at once. */
const keyCacheMs = 1_000;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The merchant and executor API's guard (DESIGN §9): X-Api-Key names the caller, X-Timestamp is within 300 s, and
 * X-Signature is the hex HMAC-SHA256 of the request under the key's secret. Each failure has its own 401 code. Then
 * the matched route's capability is checked, as for every other route.
 */
export function createApiAuth(app: FastifyInstance, secrets: Secrets) {
  const owners = new Map<string, KeyOwner>();
  app.sessions.onUserChanged((userId) => {
    for (const [key, owner] of owners) if (owner.user.id === userId) owners.delete(key);
  });

  async function ownerOf(db: Executor, apiKey: string): Promise<KeyOwner | null> {
    const now = Date.now();
    const cached = owners.get(apiKey);
    if (cached && now - cached.readAtMs < keyCacheMs) return cached;
    const [row] = await selectRows<{
      id: string;
      username: string;
      type: string;
      roles: string[];
      is_root: boolean;
      api_secret: string | null;
      insurance_paid: boolean | null;
    }>(
      db,
      sql`select u.id, u.username, u.type, u.roles, u.is_root, u.api_secret, tp.insurance_paid
          from users u left join trader_profiles tp on tp.user_id = u.id
          where u.api_key = ${apiKey} and u.is_active and not u.is_blocked`,
    );
    if (!row?.api_secret) {
      owners.delete(apiKey);
      return null;
    }
    const owner: KeyOwner = {
      user: {
        id: row.id,
        username: row.username,
        type: row.type as UserType,
        roles: row.roles,
        isRoot: row.is_root,
        insurancePaid: row.insurance_paid ?? false,
      },
      secret: secrets.open(row.api_secret),
      readAtMs: now,
    };
    if (owners.size > 10_000) owners.clear();
    owners.set(apiKey, owner);
    return owner;
  }

  return async function authenticate(request: FastifyRequest): Promise<void> {
    const apiKey = header(request, 'x-api-key');
    const timestamp = header(request, 'x-timestamp');
    const signature = header(request, 'x-signature');
    if (!apiKey || apiKey.length > 200) throw new DomainError('api_key_invalid');
    const owner = await ownerOf(app.db, apiKey);
    if (!owner) throw new DomainError('api_key_invalid');
    if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw new DomainError('timestamp_invalid');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > timestampWindowSeconds) {
      throw new DomainError('timestamp_invalid');
    }
    const expected = Buffer.from(
      signRequest(owner.secret, timestamp, request.method, request.url, request.rawBody ?? ''),
    );
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new DomainError('signature_invalid');
    request.user = owner.user;
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!can(owner.user, access)) throw new DomainError('forbidden');
  };
}
