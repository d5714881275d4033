import type { Currency } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';

/** `GET /currency/crypto/`: the crypto currencies of the platform (USDT today). */
export async function listCryptoCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return http.get<Currency[]>('/currency/crypto/', { signal });
}

export const cryptoCurrenciesQuery = queryOptions({
  queryKey: [...moneyKey, 'crypto-currencies'],
  queryFn: ({ signal }) => listCryptoCurrencies(signal),
  // The list changes with a release, not with balances.
  staleTime: 60 * 60_000,
});

export function useCryptoCurrencies() {
  return useQuery(cryptoCurrenciesQuery);
}
