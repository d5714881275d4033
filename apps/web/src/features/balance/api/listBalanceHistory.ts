import {
  type BalanceHistoryRow,
  balanceHistoryRowSchema,
  type KeysetListData,
  keysetListEnvelope,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

const balanceHistorySchema = keysetListEnvelope(balanceHistoryRowSchema).shape.data;

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

export const balanceHistoryQuery = (params: ListParams, cursor?: string) =>
  queryOptions({
    queryKey: [...moneyKey, 'balance-history', params, cursor ?? null],
    queryFn: ({ signal }) => listBalanceHistory(params, cursor, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBalanceHistory(params: ListParams, cursor?: string) {
  return useQuery(balanceHistoryQuery(params, cursor));
}
