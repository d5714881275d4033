import type { BalanceHistoryRow, ListData } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** `GET /my/transaction`: one page of the user's balance history, newest first unless a sort is chosen. */
export async function listBalanceHistory(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<BalanceHistoryRow>> {
  return http.get<ListData<BalanceHistoryRow>>('/my/transaction', { query: toListQuery(params), signal });
}

export const balanceHistoryQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...moneyKey, 'balance-history', params],
    queryFn: ({ signal }) => listBalanceHistory(params, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBalanceHistory(params: ListParams) {
  return useQuery(balanceHistoryQuery(params));
}
