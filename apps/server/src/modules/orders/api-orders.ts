import type { apiOrderListQuerySchema } from '@paydesk/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { executedFlowIds, listOrders, type OrderRow, orderRow } from './orders.repository';

/** Whose list the API reads: a merchant's orders, or an executor's with the pay-outs of its flows it may take. */
export type ApiOrderParty = { kind: 'merchant'; merchantId: string } | { kind: 'executor'; executorId: string };

/** One of the merchant's own orders (DESIGN §9); another's, or none, is not found. */
export async function ownOrder(db: Executor, merchantId: string, id: string): Promise<OrderRow> {
  const row = await orderRow(db, id);
  if (!row || row.merchantId !== merchantId) throw new DomainError('not_found');
  return row;
}

/** A page of the API's order list, newest first, and how many there are. */
export async function apiOrderPage(
  db: Executor,
  party: ApiOrderParty,
  query: z.output<typeof apiOrderListQuerySchema>,
) {
  const scope =
    party.kind === 'merchant' ? party : { ...party, takeableFlowIds: await executedFlowIds(db, party.executorId) };
  const filter = {
    clientOrderId: query.client_order_id,
    statuses: query.status ? [query.status] : undefined,
    type: query.type,
  };
  const { rows, count } = await listOrders(db, scope, filter, { ...pageOf(query), ascending: false });
  return { orders: rows.map((row) => row.order), count };
}
