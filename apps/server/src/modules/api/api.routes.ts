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
import { afterCommit, type Tx } from '../../db/client';
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
import { openPayerPage } from '../payer-links/payer-links.module';
import { registerApiHooks, sendAnswer } from './api.hooks';
import { apiOpenapi, signedReplies } from './api.openapi';
import { payerLinks, payerPageOptions } from './api.payer-links';
import { type Answer, KeyAnswered, saveAnswer } from './idempotency';

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
  registerApiHooks(app as unknown as FastifyInstance);

  const deps: OrderDeps = { db: app.db, config: app.config, reference: app.reference };
  const merchant = { access: 'api.merchant' as const, signed: true, csrf: false, answeredInTransaction: true };
  const executor = { access: 'api.executor' as const, signed: true, csrf: false, answeredInTransaction: true };
  const { pageLinks } = payerLinks(app as unknown as FastifyInstance);
  const view = (row: repo.OrderRow, links: Map<string, string>) => ({
    success: true as const,
    data: apiOrderView(row, deps.reference, links.get(row.id) ?? null),
  });
  /** An order's answer as the route's serializer writes it: kept as the key's answer, and sent as it was kept. */
  const orderAnswer = (statusCode: number, row: repo.OrderRow, links: Map<string, string>): Answer => ({
    statusCode,
    body: JSON.stringify(z.encode(orderEnvelope, view(row, links))),
  });
  /**
   * The order engine's dependencies for a keyed request (issue 20, R2): the key's answer commits in the transaction
   * of the change it answers, so no crash can separate them; another request's answer under the key rolls it back.
   * `first` commits in the same transaction before the answer is made (a new pay-in's page).
   */
  const keyed = (
    request: FastifyRequest,
    statusCode: number,
    first?: (tx: Tx, row: repo.OrderRow) => Promise<void>,
  ): OrderDeps => {
    const claim = request.idempotency;
    if (!claim && !first) return deps;
    return {
      ...deps,
      commitWith: async (tx, row) => {
        await first?.(tx, row);
        if (!claim) return;
        const answer = orderAnswer(statusCode, row, await pageLinks(tx, request, [row]));
        if (!(await saveAnswer(tx, claim, answer))) throw new KeyAnswered();
        afterCommit(tx, () => {
          claim.saved = true;
        });
      },
    };
  };
  /** A keyed change of one order, answered with the order as it was kept under the key. */
  const answerWith = async (
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    change: Promise<repo.OrderRow>,
  ) => {
    const row = await change;
    return sendAnswer(reply, orderAnswer(statusCode, row, await pageLinks(deps.db, request, [row])));
  };
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
      const page = await payerPageOptions(app.db, merchantId, request.body);
      const open = page ? (tx: Tx, row: repo.OrderRow) => openPayerPage(tx, app.deps.secrets, row.id, page) : undefined;
      return answerWith(
        request,
        reply,
        201,
        createOrder(keyed(request, 201, open), merchantId, request.body, request.language),
      );
    },
  );

  /** A page of the API's order list, newest first, in the API's shape of an order. */
  const listPage = async (
    request: FastifyRequest,
    scope: repo.OrderScope,
    query: z.output<typeof apiOrderListQuerySchema>,
  ) => {
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
    const links = await pageLinks(
      deps.db,
      request,
      rows.map((row) => row.order),
    );
    return {
      success: true as const,
      data: {
        items: rows.map((row) => apiOrderView(row.order, deps.reference, links.get(row.order.id) ?? null)),
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
    async (request) => listPage(request, { kind: 'merchant', merchantId: requireUser(request).id }, request.query),
  );

  app.get(
    '/orders/:guid',
    { config: merchant, schema: { tags: ['merchant'], summary: 'One order', params: guid, response: one() } },
    async (request) => {
      const row = await own(requireUser(request).id, request.params.guid);
      return view(row, await pageLinks(deps.db, request, [row]));
    },
  );

  app.post(
    '/orders/:guid/confirm',
    {
      config: merchant,
      schema: { tags: ['merchant'], summary: 'The payer reports paying a pay-in', params: guid, response: one() },
    },
    async (request, reply) =>
      answerWith(request, reply, 200, confirmPayIn(keyed(request, 200), requireUser(request).id, request.params.guid)),
  );

  app.post(
    '/orders/:guid/cancel',
    { config: merchant, schema: { tags: ['merchant'], summary: 'Cancel an order', params: guid, response: one() } },
    async (request, reply) =>
      answerWith(
        request,
        reply,
        200,
        cancelByMerchant(keyed(request, 200), requireUser(request).id, request.params.guid),
      ),
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
      return listPage(request, { kind: 'executor', executorId, takeableFlowIds }, request.query);
    },
  );

  app.post(
    '/executor/orders/:guid/take',
    { config: executor, schema: { tags: ['executor'], summary: 'Take a pay-out', params: guid, response: one() } },
    async (request, reply) =>
      answerWith(request, reply, 200, takePayOut(keyed(request, 200), requireUser(request).id, request.params.guid)),
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
      answerWith(
        request,
        reply,
        200,
        markPaidByExecutor(keyed(request, 200), requireUser(request).id, request.params.guid),
      ),
  );

  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
