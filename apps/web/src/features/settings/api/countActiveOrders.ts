import { lazySchema, type OrderStatus, paginationSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchListPage } from '../../../lib/listQuery';

/** The statuses /active shows by default (SPEC §2.12): the orders still open. */
export const activeStatuses: readonly OrderStatus[] = ['new', 'in-progress'];

/** Only the list's pagination is read: its total is the count, the one row asked for is not looked at. */
const countSchema = lazySchema(() => z.object({ context: z.object({ pagination: paginationSchema }) }));

/**
 * `GET /trader/order?filter[status]=new,in-progress&count=1`: how many orders /active lists for the trader (its own
 * open ones and the pay-outs it may take, both directions), as the server counts them.
 */
export async function countActiveOrders(signal?: AbortSignal): Promise<number> {
  const query = { 'filter[status]': activeStatuses.join(','), count: 1, page: 1 };
  const answer = await fetchListPage('/trader/order', countSchema, query, signal);
  return answer.context.pagination.total_count;
}

/**
 * Under the orders' root key (`['orders']`, which the orders feature and the real-time connection invalidate on every
 * order event and action): the count follows the orders without an interval of its own.
 */
export const activeOrdersCountQuery = () =>
  queryOptions({ queryKey: ['orders', 'active-count'] as const, queryFn: ({ signal }) => countActiveOrders(signal) });

export function useActiveOrdersCount(enabled: boolean) {
  return useQuery({ ...activeOrdersCountQuery(), enabled });
}
