import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterCommit, type Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import {
  type Answer,
  claimKey,
  findAnswer,
  KeyAnswered,
  type KeyClaim,
  releaseKey,
  requestHash,
  saveAnswer,
  saveAnswerWith,
  settleKey,
} from './idempotency';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request presented, to keep its answer. */
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's change keeps the Idempotency-Key's answer in its own transaction (`keepAnswer`, issue 20, R2); any
     * other route claims the key as running before it runs and saves the answer after.
     */
    answeredInTransaction?: boolean;
  }
}

/** A request's hold on its Idempotency-Key. */
export interface IdempotencyClaim extends KeyClaim {
  /** Claimed as running before the route ran (`claimKey`): settled or released when it answers. */
  running: boolean;
  /** The answer committed with the route's change. */
  saved: boolean;
}

export interface IdempotencyOptions {
  db: Executor;
  /** Whose keys the request presents (keys are per owner), or null for a request that presents none. */
  ownerOf(request: FastifyRequest): string | null;
}

/** An answer kept under an Idempotency-Key, sent as it was kept. */
export const sendAnswer = (reply: FastifyReply, answer: Answer) =>
  reply.status(answer.statusCode).type('application/json; charset=utf-8').send(Buffer.from(answer.body));

/**
 * Keeps a keyed request's answer in the transaction of the change it answers (issue 20, R2), so no crash can separate
 * them; another request's answer under the key first rolls the change back (it is replayed instead).
 */
export async function keepAnswer(tx: Executor, claim: IdempotencyClaim, answer: Answer): Promise<void> {
  await saveAnswerWith(tx, claim, answer);
  afterCommit(tx, () => {
    claim.saved = true;
  });
}

/**
 * Idempotency-Key replay (DESIGN §9) for the POSTs of the routes it is registered beside: registered after the hook
 * that knows the caller, it claims the key before the route runs (a malformed or missing one is refused), keeps the
 * route's answer under it (a server's failure leaves the key free for a retry) and answers a repeated request with
 * the first answer, as it was, with `Idempotent-Replayed: true`; the same key with another request is refused.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, options) => {
    app.decorateRequest('idempotency', null);
    app.addHook('preValidation', async (request) => {
      const ownerId = request.method === 'POST' ? options.ownerOf(request) : null;
      if (ownerId) request.idempotency = await claimIdempotency(options.db, request, ownerId);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim || claim.saved || reply.getHeader('idempotent-replayed')) return payload;
      const body = Buffer.isBuffer(payload) ? payload.toString() : typeof payload === 'string' ? payload : '';
      await keepFinalAnswer(options.db, claim, { statusCode: reply.statusCode, body });
      return payload;
    });
    replayAnswers(app, options.db);
  },
  { name: 'idempotency' },
);

/** A claim taken as running is settled or released; an answer-in-transaction route's refusal is kept here. */
async function keepFinalAnswer(db: Executor, claim: IdempotencyClaim, answer: Answer) {
  if (claim.running) {
    if (answer.statusCode >= 500) await releaseKey(db, claim);
    else await settleKey(db, claim, answer);
  } else if (answer.statusCode < 500) {
    // A refusal is an answer too; a server's failure leaves the key free for a retry.
    await saveAnswer(db, claim, answer);
  }
}

/** Claims the request's Idempotency-Key for its owner, or replays the answer the key has already. */
async function claimIdempotency(db: Executor, request: FastifyRequest, ownerId: string): Promise<IdempotencyClaim> {
  const key = request.headers['idempotency-key'];
  const text = Array.isArray(key) ? key[0] : key;
  if (!text || text.length > 200 || !/^[\x21-\x7e]+$/.test(text)) throw new DomainError('idempotency_key_required');
  const hash = requestHash(request.method, request.url, request.rawBody ?? '');
  const running = request.routeOptions.config.answeredInTransaction !== true;
  const claim: IdempotencyClaim = { ownerId, key: text, hash, running, saved: false };
  // A route that keeps its answer in its change's transaction reads nothing first (issue 33): a repeat runs again and
  // meets what the first did — a refusal (the order moved, its client_order_id taken) or, at its commit, the first
  // answer under the key (`KeyAnswered`) — and is answered with the first answer (`replayAnswers`), nothing changed.
  if (running) {
    const claimed = await claimKey(db, claim);
    if (claimed.kind === 'replay') throw new Replay(claimed);
  }
  return claim;
}

/** A refusal of the request (a rule, its input, the key answered meanwhile), not a server's failure. */
function isRefusal(error: unknown): boolean {
  if (error instanceof DomainError || error instanceof KeyAnswered) return true;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
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
function replayAnswers(app: FastifyInstance, db: Executor): void {
  app.setErrorHandler(async (error, request, reply: FastifyReply) => {
    if (error instanceof Replay) return sendAnswer(reply.header('idempotent-replayed', 'true'), error.answer);
    const claim = request.idempotency;
    if (claim && !claim.running && isRefusal(error)) {
      // Refused by what a request with the same key did before or meanwhile (it ran at the same time, or before a
      // crash answered it), or a repeat refused as the first was: the first request's answer is this key's answer.
      const first = await findAnswer(db, claim);
      if (first) return sendAnswer(reply.header('idempotent-replayed', 'true'), first);
    }
    throw error;
  });
}
