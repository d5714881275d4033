import {
  type BalanceLogEntry,
  balanceLogEntrySchema,
  type Language,
  type ListData,
  lazySchema,
  listEnvelope,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { partnersKey } from './listPartnerSystems';

const balanceLogSchema = lazySchema(() => listEnvelope(balanceLogEntrySchema).shape.data);

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

export const partnerBalanceLogQuery = (slug: string, params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...partnersKey, 'balance-log', slug, params, language],
    queryFn: ({ signal }) => fetchPartnerBalanceLog(slug, params, signal),
    placeholderData: keepPreviousData,
  });

export function usePartnerBalanceLog(slug: string, params: ListParams) {
  // Entry types and filter options come in the request's language: a language switch reloads the page.
  return useQuery(partnerBalanceLogQuery(slug, params, useRequestLanguage()));
}
