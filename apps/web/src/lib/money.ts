import type { PlatformInfo } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';

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
