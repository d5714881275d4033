import {
  type BalanceSummary,
  balanceSummarySchema,
  type DepositOutcome,
  depositOutcomeSchema,
  type PlatformInfo,
  platformInfoSchema,
} from '@paydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http';
import { moneyKey } from './moneyKey';
import { currentUserKey } from './query';

/** `GET /platform`: demo mode, the currency and the withdrawal limits of this installation. */
export const platformInfoQuery = queryOptions({
  queryKey: ['platform'] as const,
  queryFn: async ({ signal }): Promise<PlatformInfo> =>
    platformInfoSchema.parse(await http.get<unknown>('/platform', { signal })),
  staleTime: 60 * 60_000,
});

export function usePlatformInfo() {
  return useQuery(platformInfoQuery);
}

/** `GET /user/balance`: the signed-in user's available, held and insurance balances. */
export const balanceSummaryQuery = queryOptions({
  queryKey: [...moneyKey, 'balance-summary'] as const,
  queryFn: async ({ signal }): Promise<BalanceSummary> =>
    balanceSummarySchema.parse(await http.get<unknown>('/user/balance', { signal })),
});

export function useBalanceSummary() {
  return useQuery(balanceSummaryQuery);
}

/**
 * `POST /wallet/demo_deposit` (demo mode only): the demo chain "sends" USDT to the caller's own deposit address, and
 * it arrives through the same path as a real deposit. The server picks the amount: exactly the insurance due for a
 * gated trader, else a round sum.
 */
export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<DepositOutcome> =>
      depositOutcomeSchema.parse(await http.post<unknown>('/wallet/demo_deposit', {})),
    // The current user carries `insurance_paid`: re-reading it lifts the insurance gate and brings the side menu.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
