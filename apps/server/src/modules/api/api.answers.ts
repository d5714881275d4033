import { type apiOrderListQuerySchema, apiOrderSchema, paginate, successEnvelope } from '@paydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  type ApiOrderParty,
  apiOrderPage,
  apiOrderView,
  type OrderDeps,
  type OrderRow,
  ownOrder,
} from '../orders/orders.module';
import { payerLinks } from './api.payer-links';
import type { Answer } from './idempotency';
import { keepAnswer, sendAnswer } from './idempotency.plugin';

export const orderEnvelope = successEnvelope(apiOrderSchema);

/**
 * How the API answers with orders (DESIGN §9): in the API's shape, with the payer's page link on a merchant's pay-in,
 * and, for a keyed change, the answer kept under its Idempotency-Key in the change's own transaction.
 */
export function orderAnswers(app: FastifyInstance) {
  const deps: OrderDeps = { db: app.db, config: app.config, reference: app.reference };
  const { pageLinks } = payerLinks(app);
  const view = (row: OrderRow, links: Map<string, string>) => ({
    success: true as const,
    data: apiOrderView(row, deps.reference, links.get(row.id) ?? null),
  });
  /** An order's answer as the route's serializer writes it: kept as the key's answer, and sent as it was kept. */
  const orderAnswer = (statusCode: number, row: OrderRow, links: Map<string, string>): Answer => ({
    statusCode,
    body: JSON.stringify(z.encode(orderEnvelope, view(row, links))),
  });
  /** The answer a keyed change kept in its transaction, sent as it is once the change commits. */
  const kept = new WeakMap<FastifyRequest, Answer>();
  return {
    deps,
    /**
     * The order engine's dependencies for a keyed request (issue 20, R2): the key's answer commits in the transaction
     * of the change it answers. `first` commits in the same transaction before the answer is made (a new pay-in's page).
     */
    keyed(request: FastifyRequest, statusCode: number, first?: (tx: Tx, row: OrderRow) => Promise<void>): OrderDeps {
      const claim = request.idempotency;
      if (!claim && !first) return deps;
      return {
        ...deps,
        commitWith: async (tx, row) => {
          await first?.(tx, row);
          if (!claim) return;
          // `first` opened the new pay-in's page: its link is known without reading it back.
          const answer = orderAnswer(
            statusCode,
            row,
            await pageLinks(tx, request, [row], first ? [row.id] : undefined),
          );
          await keepAnswer(tx, claim, answer);
          kept.set(request, answer);
        },
      };
    },
    /** A keyed change of one order, answered with the order as it was kept under the key (or, unkeyed, as it is). */
    async answerWith(request: FastifyRequest, reply: FastifyReply, statusCode: number, change: Promise<OrderRow>) {
      const row = await change;
      const answer = kept.get(request) ?? orderAnswer(statusCode, row, await pageLinks(deps.db, request, [row]));
      return sendAnswer(reply, answer);
    },
    /** One of the merchant's own orders; another's is not found. */
    async own(request: FastifyRequest, merchantId: string, id: string) {
      const row = await ownOrder(deps.db, merchantId, id);
      return view(row, await pageLinks(deps.db, request, [row]));
    },
    /** A page of the API's order list, newest first, in the API's shape of an order. */
    async listPage(request: FastifyRequest, party: ApiOrderParty, query: z.output<typeof apiOrderListQuerySchema>) {
      const { orders, count } = await apiOrderPage(deps.db, party, query);
      const links = await pageLinks(deps.db, request, orders);
      return {
        success: true as const,
        data: {
          items: orders.map((order) => apiOrderView(order, deps.reference, links.get(order.id) ?? null)),
          context: { available_filters: [], pagination: paginate(count.total, query, count.estimated) },
        },
      };
    },
  };
}

export type OrderAnswers = ReturnType<typeof orderAnswers>;
