import {
  type DealTab,
  type Language,
  type ListData,
  lazySchema,
  listEnvelope,
  type Order,
  type OrderStatus,
  type OrderType,
  orderSchema,
  type UserType,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchListPage } from '../../../lib/listQuery';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { ordersKey } from './ordersKey';

/** SPEC §6 and §7: the order list path carries the role, none for an admin. */
const listPaths: Partial<Record<UserType, string>> = {
  admin: '/order',
  merchant: '/merchant/order',
  trader: '/trader/order',
  partner: '/partner/order',
};

export function orderListPath(role: UserType): string {
  return listPaths[role] ?? '/order';
}

const orderListSchema = lazySchema(() => listEnvelope(orderSchema).shape.data);

/** What a tab pins: the direction on /active and /history (SPEC §2.12), the deals tab on /deals (DESIGN §13). */
export type OrderTab = { direction: OrderType } | { deals: DealTab };

export interface OrderListRequest {
  role: UserType;
  tab: OrderTab;
  /** The statuses a screen shows when the user picked none (SPEC §2.12); none for every status. */
  statuses: readonly OrderStatus[];
  params: ListParams;
}

/** The query of one tab's list: its params, the screen's statuses unless the user picked some, and the tab. */
export function orderListQueryParams(request: OrderListRequest): Record<string, string> {
  const { tab, statuses, params } = request;
  const query = toListQuery({ ...params, filters: { status: statuses.join(','), ...params.filters } });
  return 'direction' in tab ? { ...query, 'filter[direction]': tab.direction } : { ...query, 'filter[tab]': tab.deals };
}

/** `GET [/{role}]/order` for one tab, newest first; the answer is checked against the contract. */
export async function fetchOrders(request: OrderListRequest, signal?: AbortSignal): Promise<ListData<Order>> {
  return fetchListPage(orderListPath(request.role), orderListSchema, orderListQueryParams(request), signal);
}

export const ordersListQuery = (request: OrderListRequest, language: Language) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', request, language],
    queryFn: ({ signal }) => fetchOrders(request, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useOrdersList(request: OrderListRequest) {
  // Status titles and filter labels come in the request's language: a language switch reloads the list.
  return useQuery(ordersListQuery(request, useRequestLanguage()));
}
