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
import { replies } from '../../http/replies';
import { DomainError } from '../../lib/errors';
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
import { apiOpenapi } from './api.openapi';
import { claimKey, releaseKey, requestHash, settleKey } from './idempotency';
import { createFailureLimit, createRateLimit } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, to keep its answer. */
    idempotencyKey: string | null;
    /** The body was not JSON: refused once the signature has been checked. */
    bodyUnreadable: boolean;
    /** When an earlier run of this same request claimed the key and died before saving its answer. */
    idempotencyAbandonedAt: Date | null;
  }
}

const signedErrors = [401, 403, 404, 409, 422, 429] as const;
/** What each refusal means here, with the codes a client meets under it. */
const signedMeanings = {
  401: 'The request is not signed right (api_key_invalid, timestamp_invalid, signature_invalid).',
  403: "The key's owner may not make this call (forbidden, account_blocked, account_inactive).",
  404: "No such order, or another owner's (not_found).",
  409:
    'Conflicts with the current state (order_status_conflict, client_order_id_taken, idempotency_in_flight, ' +
    'dispute_exists, dispute_not_allowed).',
  422:
    'Refused: `errors` holds the messages per field (validation_failed, idempotency_key_required, ' +
    'idempotency_key_reused, flow_unavailable, rate_unavailable, no_executor_available, pricing_invalid, ' +
    'insufficient_funds).',
  429: "Beyond the key's rate: Retry-After says how many seconds to wait (throttled).",
} as const;
const signedReplies = <S extends Record<number, z.ZodType>>(success: S) =>
  replies(success, signedErrors, signedMeanings);
const guid = z.object({ guid: z.uuid({ error: 'validation.invalid' }) });
const orderEnvelope = successEnvelope(apiOrderSchema);
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
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      // Refused only after the signature is checked: an unsigned request learns nothing but 401.
      request.bodyUnreadable = true;
      done(null, undefined);
    }
  });
  app.decorateRequest('bodyUnreadable', false);
  app.decorateRequest('rawBody', '');
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyAbandonedAt', null);

  const authenticate = createApiAuth(app as unknown as FastifyInstance, app.deps.secrets);
  const rateLimit = createRateLimit(app.config.API_RATE_LIMIT_PER_SECOND);
  const authFailures = createFailureLimit(app.config.LOGIN_MAX_FAILURES_PER_IP, app.config.LOGIN_WINDOW_SECONDS);
  const signatureFailures = new Set(['api_key_invalid', 'timestamp_invalid', 'signature_invalid']);
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.signed) return;
    const named = request.headers['x-api-key'];
    const failureKeys = [`ip:${request.ip}`, ...(typeof named === 'string' ? [`key:${named.slice(0, 200)}`] : [])];
    authFailures.assertAllowed(failureKeys);
    try {
      await authenticate(request);
    } catch (error) {
      if (error instanceof DomainError && signatureFailures.has(error.code)) authFailures.recordFailure(failureKeys);
      throw error;
    }
    if (request.bodyUnreadable) throw new DomainError('validation_failed', { _: ['validation.invalid'] });
    rateLimit(requireUser(request).id);
    if (request.method === 'POST') await claimIdempotency(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user || reply.getHeader('idempotent-replayed')) return payload;
    if (reply.statusCode >= 500) await releaseKey(app.db, request.user.id, key);
    else await settleKey(app.db, request.user.id, key, reply.statusCode, typeof payload === 'string' ? payload : '');
    return payload;
  });

  async function claimIdempotency(request: FastifyRequest) {
    const key = request.headers['idempotency-key'];
    const text = Array.isArray(key) ? key[0] : key;
    if (!text || text.length > 200 || !/^[\x21-\x7e]+$/.test(text)) throw new DomainError('idempotency_key_required');
    const owner = requireUser(request).id;
    const claim = await claimKey(app.db, owner, text, requestHash(request.method, request.url, request.rawBody));
    if (claim.kind === 'replay') throw new Replay(claim.statusCode, claim.body);
    request.idempotencyKey = text;
    request.idempotencyAbandonedAt = claim.abandonedAt;
  }

  /** A repeated request answers with the first answer, as it was. */
  class Replay extends Error {
    constructor(
      readonly statusCode: number,
      readonly body: string,
    ) {
      super('replay');
    }
  }
  app.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof Replay) {
      return reply
        .status(error.statusCode)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(Buffer.from(error.body));
    }
    throw error;
  });

  const clockToleranceMs = 60_000;
  /**
   * The idempotency crash window (issue 20, R2): a run that committed its change and died before saving the key's
   * answer leaves the key abandoned. Its retry, refused by what the first run did (`conflict`), answers what that run
   * answered, derived from the row it committed (`committedBy` finds it, made at or after the first claim).
   */
  async function madeByAbandonedRun(
    request: FastifyRequest,
    error: unknown,
    conflict: string,
    committedBy: (since: Date) => Promise<repo.OrderRow | undefined>,
  ): Promise<repo.OrderRow | undefined> {
    const claimedAt = request.idempotencyAbandonedAt;
    if (!claimedAt || !(error instanceof DomainError) || error.code !== conflict) return undefined;
    // The claim's time is the database's, the order's the process's: a minute allows for their clocks.
    return committedBy(new Date(claimedAt.getTime() - clockToleranceMs));
  }

  const deps: OrderDeps = { db: app.db, config: app.config, reference: app.reference };
  const merchant = { access: 'api.merchant' as const, signed: true, csrf: false };
  const executor = { access: 'api.executor' as const, signed: true, csrf: false };
  const view = (row: repo.OrderRow) => ({ success: true as const, data: apiOrderView(row, deps.reference) });
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
    async (request, reply) => {
      const merchantId = requireUser(request).id;
      const row = await createOrder(deps, merchantId, request.body, request.language).catch(async (error: unknown) => {
        const made = await madeByAbandonedRun(request, error, 'client_order_id_taken', async (since) => {
          const id = await repo.findByClientOrderId(deps.db, merchantId, request.body.client_order_id);
          const order = id ? await repo.orderRow(deps.db, id) : undefined;
          return order && order.createdAt >= since ? order : undefined;
        });
        if (!made) throw error;
        return made;
      });
      return reply.status(201).send(view(row));
    },
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
    async (request) => view(await confirmPayIn(deps, requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/orders/:guid/cancel',
    { config: merchant, schema: { tags: ['merchant'], summary: 'Cancel an order', params: guid, response: one() } },
    async (request) => view(await cancelByMerchant(deps, requireUser(request).id, request.params.guid)),
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
        response: signedReplies({ 200: successEnvelope(disputeSchema) }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await openDispute(
        { ...deps, files: app.files },
        requireUser(request),
        request.params.guid,
        request.body,
        request.language,
      ),
    }),
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
    async (request) => {
      const executorId = requireUser(request).id;
      const row = await takePayOut(deps, executorId, request.params.guid).catch(async (error: unknown) => {
        const taken = await madeByAbandonedRun(request, error, 'order_status_conflict', async (since) => {
          const order = await repo.orderRow(deps.db, request.params.guid);
          return order?.executorId === executorId && order.takenAt && order.takenAt >= since ? order : undefined;
        });
        if (!taken) throw error;
        return taken;
      });
      return view(row);
    },
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
    async (request) => view(await markPaidByExecutor(deps, requireUser(request).id, request.params.guid)),
  );

  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
