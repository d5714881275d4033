import type { BalanceSummary } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';

/** `GET /user/balance`: the signed-in user's available, held and insurance balances. */
export async function getBalanceSummary(signal?: AbortSignal): Promise<BalanceSummary> {
  return http.get<BalanceSummary>('/user/balance', { signal });
}

export const balanceSummaryQuery = queryOptions({
  queryKey: [...moneyKey, 'balance-summary'],
  queryFn: ({ signal }) => getBalanceSummary(signal),
});

export function useBalanceSummary() {
  return useQuery(balanceSummaryQuery);
}
