import {
  apiBalanceSchema,
  apiDisputeCreateSchema,
  apiOrderCreateSchema,
  apiOrderListQuerySchema,
  apiOrderSchema,
  disputeSchema,
  formatMoney,
  listEnvelope,
  paginate,
  successEnvelope,
  USDT,
} from '@paydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterCommit } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { createFailureLimit } from '../../lib/failure-limit';
import { pageOf } from '../../lib/paging';
import { registerOpenapi } from '../../plugins/openapi';
import { requireUser } from '../../plugins/session';
import { disputeBodyLimit, openDispute } from '../disputes/disputes.module';
import { balancesOf, zeroBalances } from '../ledger/ledger.module';
import * as repo from '../orders/orders.module';
import {
  apiOrderView,
  cancelByMerchant,
  confirmPayIn,
  createOrder,
  markPaidByExecutor,
  type OrderDeps,
  takePayOut,
} from '../orders/orders.module';
import { createApiAuth } from './api.auth';
import { apiBodyLimit, apiOpenapi, signedReplies } from './api.openapi';
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

const guid = z.object({ guid: z.uuid({ error: 'validation.invalid' }) });
const orderEnvelope = successEnvelope(apiOrderSchema);
const disputeEnvelope = successEnvelope(disputeSchema);
const one = () => signedReplies({ 200: orderEnvelope });
const created = () => signedReplies({ 201: orderEnvelope });

/**
 * The merchant and executor API, `/api/v1/` (DESIGN §9): machine to machine, no cookies and no CSRF; every request
 * signed (api.auth.ts), rate limited per key, every POST idempotent by its Idempotency-Key. Documented by its own
 * OpenAPI document at `/api/v1/openapi.json`.
 */
export const apiV1: FastifyPluginAsyncZod = async (app) => {
  await registerOpenapi(app, apiOpenapi);
  // The signature covers the body as sent: keep it, then parse it.
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
  app.decorateRequest('bodyUnreadable', false);
  app.decorateRequest('rawBody', '');
  app.decorateRequest('idempotency', null);

  const authenticate = createApiAuth(app as unknown as FastifyInstance, app.deps.secrets);
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
    if (request.method === 'POST') await claimIdempotency(request);
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

  async function claimIdempotency(request: FastifyRequest) {
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
  const sendAnswer = (reply: FastifyReply, answer: Answer) =>
    reply.status(answer.statusCode).type('application/json; charset=utf-8').send(Buffer.from(answer.body));
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

  const deps: OrderDeps = { db: app.db, config: app.config, reference: app.reference };
  const merchant = { access: 'api.merchant' as const, signed: true, csrf: false, answeredInTransaction: true };
  const executor = { access: 'api.executor' as const, signed: true, csrf: false, answeredInTransaction: true };
  const view = (row: repo.OrderRow) => ({ success: true as const, data: apiOrderView(row, deps.reference) });
  /** An order's answer as the route's serializer writes it: kept as the key's answer, and sent as it was kept. */
  const orderAnswer = (statusCode: number, row: repo.OrderRow): Answer => ({
    statusCode,
    body: JSON.stringify(z.encode(orderEnvelope, view(row))),
  });
  /**
   * The order engine's dependencies for a keyed request (issue 20, R2): the key's answer commits in the transaction
   * of the change it answers, so no crash can separate them; another request's answer under the key rolls it back.
   */
  const keyed = (request: FastifyRequest, statusCode: number): OrderDeps => {
    const claim = request.idempotency;
    if (!claim) return deps;
    return {
      ...deps,
      commitWith: async (tx, row) => {
        if (!(await saveAnswer(tx, claim, orderAnswer(statusCode, row)))) throw new KeyAnswered();
        afterCommit(tx, () => {
          claim.saved = true;
        });
      },
    };
  };
  /** A keyed change of one order, answered with the order as it was kept under the key. */
  const answerWith = async (reply: FastifyReply, statusCode: number, change: Promise<repo.OrderRow>) =>
    sendAnswer(reply, orderAnswer(statusCode, await change));
  const own = async (merchantId: string, id: string) => {
    const row = await repo.orderRow(deps.db, id);
    if (!row || row.merchantId !== merchantId) throw new DomainError('not_found');
    return row;
  };

  app.post(
    '/orders',
    {
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'Create a pay-in or a pay-out',
        body: apiOrderCreateSchema,
        response: created(),
      },
    },
    async (request, reply) =>
      answerWith(reply, 201, createOrder(keyed(request, 201), requireUser(request).id, request.body, request.language)),
  );

  /** A page of the API's order list, newest first, in the API's shape of an order. */
  const listPage = async (scope: repo.OrderScope, query: z.output<typeof apiOrderListQuerySchema>) => {
    const { rows, count } = await repo.listOrders(
      deps.db,
      scope,
      {
        clientOrderId: query.client_order_id,
        statuses: query.status ? [query.status] : undefined,
        type: query.type,
      },
      { ...pageOf(query), ascending: false },
    );
    return {
      success: true as const,
      data: {
        items: rows.map((row) => apiOrderView(row.order, deps.reference)),
        context: { available_filters: [], pagination: paginate(count.total, query, count.estimated) },
      },
    };
  };

  app.get(
    '/orders',
    {
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'List orders, or find one by client_order_id',
        querystring: apiOrderListQuerySchema,
        response: signedReplies({ 200: listEnvelope(apiOrderSchema) }),
      },
    },
    async (request) => listPage({ kind: 'merchant', merchantId: requireUser(request).id }, request.query),
  );

  app.get(
    '/orders/:guid',
    { config: merchant, schema: { tags: ['merchant'], summary: 'One order', params: guid, response: one() } },
    async (request) => view(await own(requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/orders/:guid/confirm',
    {
      config: merchant,
      schema: { tags: ['merchant'], summary: 'The payer reports paying a pay-in', params: guid, response: one() },
    },
    async (request, reply) =>
      answerWith(reply, 200, confirmPayIn(keyed(request, 200), requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/orders/:guid/cancel',
    { config: merchant, schema: { tags: ['merchant'], summary: 'Cancel an order', params: guid, response: one() } },
    async (request, reply) =>
      answerWith(reply, 200, cancelByMerchant(keyed(request, 200), requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/orders/:guid/dispute',
    {
      bodyLimit: disputeBodyLimit,
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'Open a dispute on a paid order, or on a canceled one an executor had taken',
        params: guid,
        body: apiDisputeCreateSchema,
        response: signedReplies({ 200: disputeEnvelope }),
      },
    },
    async (request, reply) => {
      // As an order's change (issue 20, R2): the key's answer commits in the dispute's transaction.
      const claim = request.idempotency;
      let kept: Answer | undefined;
      const dispute = await openDispute(
        {
          ...deps,
          files: app.files,
          answerWith: claim
            ? async (tx, opened) => {
                kept = {
                  statusCode: 200,
                  body: JSON.stringify(z.encode(disputeEnvelope, { success: true, data: opened })),
                };
                if (!(await saveAnswer(tx, claim, kept))) throw new KeyAnswered();
                afterCommit(tx, () => {
                  claim.saved = true;
                });
              }
            : undefined,
        },
        requireUser(request),
        request.params.guid,
        request.body,
        request.language,
      );
      return kept ? sendAnswer(reply, kept) : { success: true as const, data: dispute };
    },
  );

  app.get(
    '/balance',
    {
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'The merchant balance',
        response: signedReplies({ 200: successEnvelope(apiBalanceSchema) }),
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const balances = (await balancesOf(deps.db, [userId], USDT.code)).get(userId) ?? zeroBalances();
      return {
        success: true as const,
        data: {
          currency: USDT.code,
          available: formatMoney(balances.available, USDT),
          hold: formatMoney(balances.hold, USDT),
        },
      };
    },
  );

  app.get(
    '/executor/orders',
    {
      config: executor,
      schema: {
        tags: ['executor'],
        summary: 'The executor orders, and the pay-outs it may take',
        querystring: apiOrderListQuerySchema,
        response: signedReplies({ 200: listEnvelope(apiOrderSchema) }),
      },
    },
    async (request) => {
      const executorId = requireUser(request).id;
      const takeableFlowIds = await repo.executedFlowIds(deps.db, executorId);
      return listPage({ kind: 'executor', executorId, takeableFlowIds }, request.query);
    },
  );

  app.post(
    '/executor/orders/:guid/take',
    { config: executor, schema: { tags: ['executor'], summary: 'Take a pay-out', params: guid, response: one() } },
    async (request, reply) =>
      answerWith(reply, 200, takePayOut(keyed(request, 200), requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/executor/orders/:guid/paid',
    {
      config: executor,
      schema: {
        tags: ['executor'],
        summary: 'A pay-in was paid, or a pay-out transfer was made',
        params: guid,
        response: one(),
      },
    },
    async (request, reply) =>
      answerWith(reply, 200, markPaidByExecutor(keyed(request, 200), requireUser(request).id, request.params.guid)),
  );

  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
