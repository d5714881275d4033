import {
  type AvailableFilter,
  cryptoCurrency,
  type DealTab,
  formatMoney,
  type Language,
  type ListData,
  type Order,
  type OrderDetails,
  type OrderListQuery,
  type OrderStatus,
  type OrderType,
  orderStatuses,
  paginate,
} from '@paydesk/contract';
import { inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { emptyChunks, keysetChunks } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { translate } from '../../i18n/messages';
import { dateRange } from '../../lib/date-range';
import { DomainError } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { ReferenceData } from '../reference/reference.read';
import { percentText, users } from '../users/users.module';
import { webhookDeliveriesOf } from './order-news';
import { ownMoney, transfersOf, transfersView } from './orders.money';
import * as repo from './orders.repository';
import { orderCsvColumns, orderView, type Viewer } from './orders.view';
import { payerReportsOf } from './payer-reports';

/** A list query without its paging: what an export takes. */
type OrderFilterQuery = Omit<OrderListQuery, 'page' | 'count'>;

export interface ReadDeps {
  db: Db;
  reference: ReferenceData;
}

/** The filters of the order screens (SPEC §2.12): no direction (the tabs are), no in-progress or dispute status. */
function orderFilters(language: Language): AvailableFilter[] {
  return [
    {
      name: 'status',
      label: 'filters.status',
      type: 'multiselect',
      options: orderStatuses
        .filter((status) => status !== 'in-progress' && status !== 'dispute')
        .map((status) => ({ value: status, label: translate(language, `order_status.${status}`) })),
    },
    { name: 'guid', label: 'filters.guid', type: 'text' },
    { name: 'client_order_id', label: 'filters.client_order_id', type: 'text' },
    { name: 'date_from', label: 'filters.date_from', type: 'date' },
    { name: 'date_to', label: 'filters.date_to', type: 'date' },
  ];
}

const tabStatuses: Partial<Record<DealTab, OrderStatus[]>> = {
  active: ['new', 'in-progress'],
  completed: ['paid'],
  canceled: ['canceled'],
  disputes: ['dispute'],
};

/**
 * The direction and statuses a list asks for once the deals tab (DESIGN §13) is folded into the other filters: a
 * state tab intersects the statuses asked for, a direction tab must agree with the direction asked for. `[]` / `null`:
 * the intersection is empty, so is the list.
 */
export function dealTabFilter(query: Pick<OrderFilterQuery, 'filter[tab]' | 'filter[direction]' | 'filter[status]'>): {
  type: OrderType | undefined | null;
  statuses: OrderStatus[] | undefined;
} {
  const tab = query['filter[tab]'];
  const asked = query['filter[direction]'];
  const statuses = query['filter[status]'];
  if (tab === 'pay_in' || tab === 'pay_out') {
    return { type: asked && asked !== tab ? null : tab, statuses };
  }
  const ofTab = tab ? tabStatuses[tab] : undefined;
  return {
    type: asked,
    statuses: ofTab ? (statuses ? ofTab.filter((status) => statuses.includes(status)) : ofTab) : statuses,
  };
}

/** The scope of a viewer's lists: all (admin), its own (merchant), its own and the pay-outs it may take (executor). */
async function scopeOf(db: Executor, viewer: Viewer): Promise<repo.OrderScope> {
  if (viewer.type === 'admin') return { kind: 'all' };
  if (viewer.type === 'merchant') return { kind: 'merchant', merchantId: viewer.id };
  return { kind: 'executor', executorId: viewer.id, takeableFlowIds: await repo.executedFlowIds(db, viewer.id) };
}

/** The repository's filter of a list query, the deals tab folded in; null when the tab leaves nothing to list. */
function filterOf(query: OrderFilterQuery): repo.OrderFilter | null {
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  const { type, statuses } = dealTabFilter(query);
  if (statuses?.length === 0 || type === null) return null;
  return { type, statuses, id: query['filter[guid]'], clientOrderId: query['filter[client_order_id]'], from, until };
}

/** GET [/{role}]/order (SPEC §7): each role sees only its orders. */
export async function listOrders(
  deps: ReadDeps,
  viewer: Viewer,
  query: OrderListQuery,
  language: Language,
): Promise<ListData<Order>> {
  const filter = filterOf(query);
  if (!filter) {
    return {
      items: [],
      context: { available_filters: orderFilters(language), pagination: paginate(0, query) },
    };
  }
  const { rows, count } = await repo.listOrders(deps.db, await scopeOf(deps.db, viewer), filter, {
    ...pageOf(query),
    ascending: query.sort === 'created_at',
  });
  const reports = await payerReportsOf(
    deps.db,
    rows.map((row) => row.order),
  );
  return {
    items: rows.map((row) => orderView(row, viewer, deps.reference, language, reports.get(row.order.id))),
    context: { available_filters: orderFilters(language), pagination: paginate(count.total, query, count.estimated) },
  };
}

/** GET /order/export.csv (DESIGN §13): the whole list of the same filters and sort, streamed in keyset chunks. */
export async function exportOrders(deps: ReadDeps, viewer: Viewer, query: OrderFilterQuery, language: Language) {
  const filter = filterOf(query);
  const scope = await scopeOf(deps.db, viewer);
  const ascending = query.sort === 'created_at';
  const chunks = filter
    ? keysetChunks((after, size) => repo.orderChunk(deps.db, scope, filter, ascending, after, size))
    : emptyChunks<repo.OrderWithNames>();
  return csvStream(orderCsvColumns(deps.reference), language, chunks);
}

/** Whether a viewer may see an order at all: another's is not found (DESIGN §3). */
async function visible(db: Executor, viewer: Viewer, order: repo.OrderRow): Promise<boolean> {
  if (viewer.type === 'admin') return true;
  if (viewer.type === 'merchant') return order.merchantId === viewer.id;
  if (order.executorId === viewer.id) return true;
  if (order.type === 'pay_out' && order.status === 'new' && order.executorId === null) {
    return (await repo.executedFlowIds(db, viewer.id)).includes(order.flowId);
  }
  return false;
}

/**
 * The answer of an action on the order screens: the order as its viewer sees it now. The action checked who may act;
 * the order may have left the viewer's sight by acting (a pay-out its trader gave back), so it is not asked again.
 */
export async function orderAfterAction(deps: ReadDeps, viewer: Viewer, id: string, language: Language) {
  const found = await repo.findOrder(deps.db, id);
  if (!found) throw new DomainError('not_found');
  const reports = await payerReportsOf(deps.db, [found.order]);
  return orderView(found, viewer, deps.reference, language, reports.get(id));
}

/**
 * The orders of these ids as a viewer sees them, read once for all (the orders an anti-fraud receipt check found): each
 * carries what its payer said on its page, the time it reported paying and its receipts. An id of no order has none.
 */
export async function orderViewsOf(
  deps: ReadDeps,
  viewer: Viewer,
  ids: string[],
  language: Language,
): Promise<Map<string, Order>> {
  const named = await repo.findOrders(deps.db, ids);
  const reports = await payerReportsOf(
    deps.db,
    [...named.values()].map((found) => found.order),
  );
  return new Map(
    [...named].map(([id, found]) => [id, orderView(found, viewer, deps.reference, language, reports.get(id))]),
  );
}

/** The orders of these ids with the names their views show (merchant, executor, flow): a dispute shows its order so. */
export const ordersWithNames = (db: Executor, ids: string[]) => repo.findOrders(db, ids);

/** An order's status now; undefined when there is no such order. */
export async function orderStatusOf(db: Executor, id: string) {
  return (await repo.orderRow(db, id))?.status;
}

export async function visibleOrder(deps: ReadDeps, viewer: Viewer, id: string) {
  const found = await repo.findOrder(deps.db, id);
  if (!found || !(await visible(deps.db, viewer, found.order))) throw new DomainError('not_found');
  return found;
}

/**
 * GET /order/{id}: the order, its timeline and its webhooks, and its money as the viewer may see it: the admin the
 * pricing and every transfer, a merchant or the executor only its own figures and lines (issue 20, "Confidentiality").
 */
export async function orderDetails(
  deps: ReadDeps,
  viewer: Viewer,
  id: string,
  language: Language,
): Promise<OrderDetails> {
  const found = await visibleOrder(deps, viewer, id);
  const { order } = found;
  const crypto = cryptoCurrency(order.crypto);
  const admin = viewer.type === 'admin';
  const [events, transfers, agentNames, own, reports] = await Promise.all([
    repo.eventsOf(deps.db, id),
    admin ? transfersOf(deps.db, id) : Promise.resolve([]),
    admin && order.agentShares.length > 0
      ? deps.db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(
            inArray(
              users.id,
              order.agentShares.map((share) => share.userId),
            ),
          )
      : Promise.resolve([]),
    ownMoney(deps.db, order, viewer, deps.reference, language),
    payerReportsOf(deps.db, [order]),
  ]);
  const webhooks = admin || viewer.type === 'merchant' ? await webhookDeliveriesOf(deps.db, id) : null;
  return {
    order: orderView(found, viewer, deps.reference, language, reports.get(order.id)),
    pricing: admin
      ? {
          merchant_fee: percentText(order.merchantFeeHundredths),
          executor_fee: percentText(order.executorFeeHundredths ?? 0),
          agents: order.agentShares.map((share) => ({
            username: agentNames.find((agent) => agent.id === share.userId)?.username ?? share.userId,
            role: share.role,
            percentage: percentText(share.hundredths),
          })),
          hold: { amount: formatMoney(order.holdMinor, crypto), currency: crypto },
        }
      : null,
    timeline: events.map((event) => ({
      status: { slug: event.toStatus, title: translate(language, `order_status.${event.toStatus}`) },
      from_status: event.fromStatus,
      actor: event.actorKind,
      note: event.note,
      created_at: event.createdAt.toISOString(),
    })),
    transfers: transfersView(order, transfers, language),
    own_money: own,
    webhooks,
  };
}
