import {
  lazySchema,
  type OrderStatus,
  type OrderType,
  orderListQuerySchema,
  orderTypes,
  type UserType,
} from '@paydesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../lib/i18n';
import type { PagePrefetch } from '../../lib/pagePrefetch';
import { type ListParams, type ListQuerySchema, listParamsFromSearch } from '../../ui/useListParams';
import { type OrderListRequest, type OrderTab, ordersListQuery } from './api/listOrders';

/** Which of the two order screens a list belongs to (SPEC §2.12). */
export type OrderScreen = 'active' | 'history';

/** The screens that list orders: the two of SPEC §2.12 and the admin's /deals (SPEC §2.21, DESIGN §13). */
export type OrderListScreen = OrderScreen | 'deals';

/** Who has the APPEALS tab of /active and /history (SPEC §2.12, §6). */
export const appealRoles: readonly UserType[] = ['admin', 'merchant'];

/**
 * The statuses each screen loads: the active screen `new,in-progress` (SPEC §2.12) and nothing else; history starts
 * on the finished ones and lets the user pick among the statuses its filter offers; /deals, whose tabs cut by state
 * themselves, every status.
 */
export const screenStatuses: Record<OrderListScreen, readonly OrderStatus[]> = {
  active: ['new', 'in-progress'],
  history: ['paid', 'canceled'],
  deals: [],
};

/** History's status filter falls back to its default, so Reset shows (and sends) paid and canceled again. */
export function withDefaultStatus(screen: OrderListScreen, values: Record<string, string>): Record<string, string> {
  if (screen !== 'history' || values.status) return values;
  return { ...values, status: screenStatuses.history.join(',') };
}

/** The tab's direction; none on the deals tabs that cut by state, which hold both. */
export function directionOf(tab: OrderTab): OrderType | undefined {
  if ('direction' in tab) return tab.direction;
  return tab.deals === 'pay_in' || tab.deals === 'pay_out' ? tab.deals : undefined;
}

/**
 * Whether the filter bar offers the status: not where the tab or the screen already is one (the active screen, the
 * deals tabs of a state).
 */
export const offersStatus = (screen: OrderListScreen, tab: OrderTab) =>
  screen === 'history' || (screen === 'deals' && directionOf(tab) !== undefined);

/** What the address may set: never the tab itself, which the page holds in `?tab=`, nor a status the bar hides. */
const urlSchema = lazySchema(() => orderListQuerySchema.omit({ 'filter[tab]': true, 'filter[direction]': true }));
const urlSchemaWithoutStatus = lazySchema(() => urlSchema.omit({ 'filter[status]': true }));

/** The list params a tab's address may hold, and the ones it has when it holds none. */
export function orderListUrl(
  screen: OrderListScreen,
  tab: OrderTab,
): { schema: ListQuerySchema; defaults: Partial<ListParams> } {
  return {
    schema: offersStatus(screen, tab) ? urlSchema : urlSchemaWithoutStatus,
    defaults: { filters: withDefaultStatus(screen, {}) },
  };
}

/**
 * The first query of /active or /history, started as soon as the signed-in user is known instead of when the list
 * mounts (after the page's code has come and rendered): the tab and the list params are read from the address the
 * way the page reads them, so the page finds the answer (or the request under way) under the same key.
 */
export function prefetchOrderScreen(screen: OrderScreen): PagePrefetch {
  return async ({ queryClient, user, search }) => {
    const requested = search.get('tab');
    // `?tab=appeals` (or a tab the role lacks) is not an order list: the page decides what it shows.
    if (requested !== null && !orderTypes.some((type) => type === requested)) return;
    const tab: OrderTab = { direction: (requested as OrderType | null) ?? 'pay_in' };
    const { schema, defaults } = orderListUrl(screen, tab);
    const params = listParamsFromSearch(search, schema, defaults);
    await prefetchOrderList(queryClient, { role: user.role, tab, statuses: screenStatuses[screen], params });
  };
}

function prefetchOrderList(queryClient: QueryClient, request: OrderListRequest): Promise<void> {
  return queryClient.prefetchQuery(ordersListQuery(request, currentLanguage()));
}
