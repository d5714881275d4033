import {
  type Dispute,
  type DisputeStatus,
  disputeSchema,
  type Language,
  type ListData,
  lazySchema,
  listEnvelope,
  type UserType,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { ordersKey } from './ordersKey';

/**
 * Root of the dispute queries, inside the orders' root: a dispute opens and closes with its order, so whatever reloads
 * the orders (an action, the real-time `order.updated`) reloads the APPEALS lists too.
 */
export const disputesKey = [...ordersKey, 'disputes'] as const;

/** SPEC §6 and §7: the dispute list path carries the role like the order list's, none for an admin. */
const listPaths: Partial<Record<UserType, string>> = {
  admin: '/dispute/',
  merchant: '/merchant/dispute/',
};

export function disputeListPath(role: UserType): string {
  return listPaths[role] ?? '/dispute/';
}

const disputeListSchema = lazySchema(() => listEnvelope(disputeSchema).shape.data);

export interface DisputeListRequest {
  /** The APPEALS tab is the admin's and the merchant's (SPEC §2.12). */
  role: UserType;
  /** `filter[status]`: the statuses of the screen the tab is on. */
  statuses: readonly DisputeStatus[];
  params: ListParams;
}

/** The query of an APPEALS list: its params and the screen's statuses. */
export function disputeListQueryParams({ statuses, params }: DisputeListRequest): Record<string, string> {
  return toListQuery({ ...params, filters: { ...params.filters, status: statuses.join(',') } });
}

/** `GET [/{role}]/dispute/` newest first, checked against the contract. */
export async function fetchDisputes(request: DisputeListRequest, signal?: AbortSignal): Promise<ListData<Dispute>> {
  const query = disputeListQueryParams(request);
  return disputeListSchema.parse(await http.get<unknown>(disputeListPath(request.role), { query, signal }));
}

export const disputesListQuery = (request: DisputeListRequest, language: Language) =>
  queryOptions({
    queryKey: [...disputesKey, 'list', request, language],
    queryFn: ({ signal }) => fetchDisputes(request, signal),
    placeholderData: keepPreviousData,
  });

export function useDisputesList(request: DisputeListRequest) {
  // Status and reason titles come in the request's language: a language switch reloads the list.
  return useQuery(disputesListQuery(request, useRequestLanguage()));
}
