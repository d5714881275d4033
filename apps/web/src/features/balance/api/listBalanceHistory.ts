import {
  type BalanceHistoryRow,
  balanceHistoryRowSchema,
  type KeysetListData,
  keysetListEnvelope,
  type Language,
  lazySchema,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

const balanceHistorySchema = lazySchema(() => keysetListEnvelope(balanceHistoryRowSchema).shape.data);

/**
 * `GET /my/transaction`: one page of the user's balance history (one row per business event), newest first unless a
 * sort is chosen. `cursor`, when the previous page gave one, lets the server start the page where that one ended
 * instead of counting its way there.
 */
export async function listBalanceHistory(
  params: ListParams,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<KeysetListData<BalanceHistoryRow>> {
  const query = { ...toListQuery(params), ...(cursor ? { cursor } : {}) };
  return balanceHistorySchema.parse(await http.get<unknown>('/my/transaction', { query, signal }));
}

export const balanceHistoryQuery = (params: ListParams, language: Language, cursor?: string) =>
  queryOptions({
    queryKey: [...moneyKey, 'balance-history', params, cursor ?? null, language],
    queryFn: ({ signal }) => listBalanceHistory(params, cursor, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBalanceHistory(params: ListParams, cursor?: string) {
  // Event titles and filter options come in the request's language: a language switch reloads the page.
  return useQuery(balanceHistoryQuery(params, useRequestLanguage(), cursor));
}
