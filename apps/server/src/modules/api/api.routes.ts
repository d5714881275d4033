import {
  apiBalanceSchema,
  apiDisputeCreateSchema,
  apiOrderCreateSchema,
  apiOrderListQuerySchema,
  apiOrderSchema,
  disputeSchema,
  formatMoney,
  languages,
  listEnvelope,
  successEnvelope,
  USDT,
} from '@paydesk/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { evidenceBodyLimit } from '../../http/body-limit';
import { registerOpenapi } from '../../plugins/openapi';
import { requireUser } from '../../plugins/session';
import type { OpenDispute } from '../disputes/disputes.module';
import { balancesOf, zeroBalances } from '../ledger/ledger.module';
import {
  cancelByMerchant,
  confirmPayIn,
  createOrder,
  markPaidByExecutor,
  type OrderRow,
  takePayOut,
} from '../orders/orders.module';
import { openPayerPage } from '../payer-links/payer-links.module';
import { type OrderAnswers, orderAnswers, orderEnvelope } from './api.answers';
import { registerApiHooks } from './api.hooks';
import { apiOpenapi, signedReplies } from './api.openapi';
import { russianDocument } from './api.openapi.ru';
import { payerPageOptions } from './api.payer-links';
import type { Answer } from './idempotency';
import { keepAnswer, sendAnswer } from './idempotency.plugin';

type ApiApp = Parameters<FastifyPluginAsyncZod>[0];

const guid = z.object({ guid: z.uuid({ error: 'validation.invalid' }) });
/** The reference's language: English unless `?lang=ru`. */
const openapiQuery = z.object({ lang: z.enum(languages).optional() });
const disputeEnvelope = successEnvelope(disputeSchema);
const one = () => signedReplies({ 200: orderEnvelope });
const merchant = { access: 'api.merchant' as const, signed: true, csrf: false, answeredInTransaction: true };
const executor = { access: 'api.executor' as const, signed: true, csrf: false, answeredInTransaction: true };

/**
 * The merchant and executor API, `/api/v1/` (DESIGN §9): machine to machine, no cookies and no CSRF; every request
 * signed (api.auth.ts), rate limited per key, every POST idempotent by its Idempotency-Key (idempotency.plugin.ts).
 * Documented by its own OpenAPI document at `/api/v1/openapi.json`.
 */
/** What the API is given at registration: the disputes module's opening of a dispute (app.ts). */
export interface ApiOptions {
  openDispute: OpenDispute;
}

export const apiV1: FastifyPluginAsyncZod<ApiOptions> = async (app, { openDispute }) => {
  await registerOpenapi(app, apiOpenapi);
  await registerApiHooks(app as unknown as FastifyInstance);
  const orders = orderAnswers(app as unknown as FastifyInstance);
  merchantOrderRoutes(app, orders);
  merchantDisputeRoutes(app, orders, openDispute);
  executorRoutes(app, orders);
  // The reference in Russian too (issue 32): `?lang=ru` is the same document with its words in Russian.
  app.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { hide: true, querystring: openapiQuery } },
    async (request) => (request.query.lang === 'ru' ? russianDocument(app.swagger()) : app.swagger()),
  );
};

/** A merchant's orders: create, list, read, confirm and cancel. */
function merchantOrderRoutes(app: ApiApp, orders: OrderAnswers) {
  const summary = { tags: ['merchant'], response: one() };
  app.post(
    '/orders',
    {
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'Create a pay-in or a pay-out',
        body: apiOrderCreateSchema,
        response: signedReplies({ 201: orderEnvelope }),
      },
    },
    async (request, reply) => {
      const merchantId = requireUser(request).id;
      const page = await payerPageOptions(app.db, merchantId, request.body);
      const open = page ? (tx: Tx, row: OrderRow) => openPayerPage(tx, app.deps.secrets, row.id, page) : undefined;
      const deps = orders.keyed(request, 201, open);
      return orders.answerWith(request, reply, 201, createOrder(deps, merchantId, request.body, request.language));
    },
  );
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
    async (request) =>
      orders.listPage(request, { kind: 'merchant', merchantId: requireUser(request).id }, request.query),
  );
  app.get(
    '/orders/:guid',
    { config: merchant, schema: { ...summary, summary: 'One order', params: guid } },
    (request) => orders.own(request, requireUser(request).id, request.params.guid),
  );
  app.post(
    '/orders/:guid/confirm',
    { config: merchant, schema: { ...summary, summary: 'The payer reports paying a pay-in', params: guid } },
    async (request, reply) => {
      const change = confirmPayIn(orders.keyed(request, 200), requireUser(request).id, request.params.guid);
      return orders.answerWith(request, reply, 200, change);
    },
  );
  app.post(
    '/orders/:guid/cancel',
    { config: merchant, schema: { ...summary, summary: 'Cancel an order', params: guid } },
    async (request, reply) => {
      const change = cancelByMerchant(orders.keyed(request, 200), requireUser(request).id, request.params.guid);
      return orders.answerWith(request, reply, 200, change);
    },
  );
}

/** A merchant's dispute and balance. */
function merchantDisputeRoutes(app: ApiApp, orders: OrderAnswers, openDispute: OpenDispute) {
  app.post(
    '/orders/:guid/dispute',
    {
      bodyLimit: evidenceBodyLimit,
      config: merchant,
      schema: {
        tags: ['merchant'],
        summary: 'Open an appeal on a paid order, or on a canceled one an executor had taken',
        params: guid,
        body: apiDisputeCreateSchema,
        response: signedReplies({ 200: disputeEnvelope }),
      },
    },
    async (request, reply) => {
      // As an order's change (issue 20, R2): the key's answer commits in the dispute's transaction.
      const claim = request.idempotency;
      let kept: Answer | undefined;
      const answerWith = claim
        ? async (tx: Executor, opened: z.output<typeof disputeSchema>) => {
            const body = JSON.stringify(z.encode(disputeEnvelope, { success: true, data: opened }));
            kept = { statusCode: 200, body };
            await keepAnswer(tx, claim, kept);
          }
        : undefined;
      const deps = { ...orders.deps, files: app.files, answerWith };
      const { guid: id } = request.params;
      const dispute = await openDispute(deps, requireUser(request), id, request.body, request.language);
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
      const balances = (await balancesOf(app.db, [userId], USDT.code)).get(userId) ?? zeroBalances();
      const { available, hold } = balances;
      const data = { currency: USDT.code, available: formatMoney(available, USDT), hold: formatMoney(hold, USDT) };
      return { success: true as const, data };
    },
  );
}

/** An executor's orders: list, take a pay-out, report one paid. */
function executorRoutes(app: ApiApp, orders: OrderAnswers) {
  const summary = { tags: ['executor'], params: guid, response: one() };
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
    async (request) =>
      orders.listPage(request, { kind: 'executor', executorId: requireUser(request).id }, request.query),
  );
  app.post(
    '/executor/orders/:guid/take',
    { config: executor, schema: { ...summary, summary: 'Take a pay-out' } },
    async (request, reply) => {
      const change = takePayOut(orders.keyed(request, 200), requireUser(request).id, request.params.guid);
      return orders.answerWith(request, reply, 200, change);
    },
  );
  app.post(
    '/executor/orders/:guid/paid',
    { config: executor, schema: { ...summary, summary: 'A pay-in was paid, or a pay-out transfer was made' } },
    async (request, reply) => {
      const change = markPaidByExecutor(orders.keyed(request, 200), requireUser(request).id, request.params.guid);
      return orders.answerWith(request, reply, 200, change);
    },
  );
}
