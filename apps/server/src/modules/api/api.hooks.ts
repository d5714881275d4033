import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/errors';
import { createFailureLimit } from '../../lib/failure-limit';
import { requireUser } from '../../plugins/session';
import { createApiAuth } from './api.auth';
import { apiBodyLimit } from './api.openapi';
import {
  type Answer,
  claimKey,
  findAnswer,
  KeyAnswered,
  type KeyClaim,
  releaseKey,
  requestHash,
  saveAnswer,
  settleKey,
} from './idempotency';
import { createRateLimit } from './rate-limit';
import { isSignatureFailure, noteSignatureFailure } from './signature-failures';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request presented, to keep its answer. */
    idempotency: ApiKeyClaim | null;
    /** The body was not JSON: refused once the signature has been checked. */
    bodyUnreadable: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route's change keeps the Idempotency-Key's answer in its own transaction (issue 20, R2); any other route
     * claims the key as running before it runs and saves the answer after.
     */
    answeredInTransaction?: boolean;
  }
}

interface ApiKeyClaim extends KeyClaim {
  /** Claimed as running before the route ran (`claimKey`): settled or released when it answers. */
  running: boolean;
  /** The answer committed with the route's change. */
  saved: boolean;
}

/** An answer kept under an Idempotency-Key, sent as it was kept. */
export const sendAnswer = (reply: FastifyReply, answer: Answer) =>
  reply.status(answer.statusCode).type('application/json; charset=utf-8').send(Buffer.from(answer.body));

/**
 * What every request of the API meets before and after its route (DESIGN §9): the body kept as sent and parsed, the
 * signature checked (wrong ones throttled per address), the rate limit per key, the Idempotency-Key claimed, and its
 * answer kept or replayed.
 */
export function registerApiHooks(app: FastifyInstance): void {
  keepRawBody(app);
  replayAnswers(app);
  app.decorateRequest('bodyUnreadable', false);
  app.decorateRequest('rawBody', '');
  app.decorateRequest('idempotency', null);

  const authenticate = createApiAuth(app, app.deps.secrets);
  const rateLimit = createRateLimit(app.config.API_RATE_LIMIT_PER_SECOND);
  const authFailures = createFailureLimit(app.config.LOGIN_MAX_FAILURES_PER_IP, app.config.LOGIN_WINDOW_SECONDS);
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.signed) return;
    // Per address only (DESIGN §3): a key id is no secret, and a key's own signed requests are never refused for
    // failures elsewhere; those naming a key are measured instead.
    const failureKeys = [`ip:${request.ip}`];
    authFailures.assertAllowed(failureKeys);
    try {
      await authenticate(request);
    } catch (error) {
      if (error instanceof DomainError && isSignatureFailure(error.code)) {
        authFailures.recordFailure(failureKeys);
        noteSignatureFailure(request, error.code);
      }
      throw error;
    }
    if (request.bodyUnreadable) throw new DomainError('validation_failed', { _: ['validation.invalid'] });
    rateLimit(requireUser(request).id);
    if (request.method === 'POST') await claimIdempotency(app, request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || claim.saved || reply.getHeader('idempotent-replayed')) return payload;
    const body = Buffer.isBuffer(payload) ? payload.toString() : typeof payload === 'string' ? payload : '';
    const answer = { statusCode: reply.statusCode, body };
    if (claim.running) {
      if (reply.statusCode >= 500) await releaseKey(app.db, claim);
      else await settleKey(app.db, claim, answer);
    } else if (reply.statusCode < 500) {
      // A refusal is an answer too; a server's failure leaves the key free for a retry.
      await saveAnswer(app.db, claim, answer);
    }
    return payload;
  });
}

/** The signature covers the body as sent: the API keeps it, then parses it. */
function keepRawBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: apiBodyLimit },
    (request, body, done) => {
      request.rawBody = body as string;
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        // Refused only after the signature is checked: an unsigned request learns nothing but 401.
        request.bodyUnreadable = true;
        done(null, undefined);
      }
    },
  );
}

/** Claims the request's Idempotency-Key for its owner, or replays the answer the key has already. */
async function claimIdempotency(app: FastifyInstance, request: FastifyRequest) {
  const key = request.headers['idempotency-key'];
  const text = Array.isArray(key) ? key[0] : key;
  if (!text || text.length > 200 || !/^[\x21-\x7e]+$/.test(text)) throw new DomainError('idempotency_key_required');
  const hash = requestHash(request.method, request.url, request.rawBody);
  const running = request.routeOptions.config.answeredInTransaction !== true;
  const claim: ApiKeyClaim = { ownerId: requireUser(request).id, key: text, hash, running, saved: false };
  if (running) {
    const claimed = await claimKey(app.db, claim);
    if (claimed.kind === 'replay') throw new Replay(claimed);
  } else {
    const first = await findAnswer(app.db, claim);
    if (first) throw new Replay(first);
  }
  request.idempotency = claim;
}

/** A repeated request answers with the first answer, as it was. */
class Replay extends Error {
  constructor(readonly answer: Answer) {
    super('replay');
  }
}

/**
 * A repeated request answers with the first answer, as it was; so does one refused by what a request with the same key
 * did meanwhile.
 */
function replayAnswers(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply: FastifyReply) => {
    if (error instanceof Replay) return sendAnswer(reply.header('idempotent-replayed', 'true'), error.answer);
    const claim = request.idempotency;
    if (claim && !claim.running && (error instanceof DomainError || error instanceof KeyAnswered)) {
      // Refused by what a request with the same key did meanwhile (it ran at the same time, or before a crash
      // answered it): that request's answer is this key's answer.
      const first = await findAnswer(app.db, claim);
      if (first) return sendAnswer(reply.header('idempotent-replayed', 'true'), first);
    }
    throw error;
  });
}
