import { type BalanceLogEntry, balanceLogEntrySchema, type ListData, listEnvelope } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { partnersKey } from './listPartnerSystems';

const balanceLogSchema = listEnvelope(balanceLogEntrySchema).shape.data;

/**
 * `GET /partner-system/{slug}/balance-log`: one page of the partner's ledger history with the server's filters
 * (type, date_from, date_to). The page size is sent only once chosen; the server's default is 20 (SPEC §7, §9).
 */
export async function fetchPartnerBalanceLog(
  slug: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<BalanceLogEntry>> {
  const path = `/partner-system/${encodeURIComponent(slug)}/balance-log`;
  return balanceLogSchema.parse(await http.get<unknown>(path, { query: toListQuery(params), signal }));
}

export const partnerBalanceLogQuery = (slug: string, params: ListParams) =>
  queryOptions({
    queryKey: [...partnersKey, 'balance-log', slug, params],
    queryFn: ({ signal }) => fetchPartnerBalanceLog(slug, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePartnerBalanceLog(slug: string, params: ListParams) {
  return useQuery(partnerBalanceLogQuery(slug, params));
}
