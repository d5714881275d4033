import type { BalanceSummary, Payment, PlatformInfo } from '@paydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http';
import { currentUserKey } from './query';

/**
 * Root key of every query whose answer depends on balances: wallets, balance summaries, histories, payments, real
 * wallets, the system balance. The real-time connection and every money mutation invalidate it whole, so no screen
 * keeps showing a balance the ledger no longer has.
 */
export const moneyKey = ['money'] as const;

/** `GET /platform`: demo mode, the currency and the withdrawal limits of this installation. */
export const platformInfoQuery = queryOptions({
  queryKey: ['platform'] as const,
  queryFn: ({ signal }) => http.get<PlatformInfo>('/platform', { signal }),
  staleTime: 60 * 60_000,
});

export function usePlatformInfo() {
  return useQuery(platformInfoQuery);
}

/** `GET /user/balance`: the signed-in user's available, held and insurance balances. */
export const balanceSummaryQuery = queryOptions({
  queryKey: [...moneyKey, 'balance-summary'] as const,
  queryFn: ({ signal }) => http.get<BalanceSummary>('/user/balance', { signal }),
});

export function useBalanceSummary() {
  return useQuery(balanceSummaryQuery);
}

export interface DepositOutcome {
  credited: boolean;
  payment: Payment;
}

/**
 * `POST /wallet/demo_deposit` (demo mode only): the demo chain "sends" USDT to the caller's own deposit address, and
 * it arrives through the same path as a real deposit. The server picks the amount: exactly the insurance due for a
 * gated trader, else a round sum.
 */
export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<DepositOutcome>('/wallet/demo_deposit', {}),
    // The current user carries `insurance_paid`: re-reading it lifts the insurance gate and brings the side menu.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
