import type { Currency } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** `GET /currency/fiat/`: the fiat currencies of the platform (reference data, DESIGN §8). */
export const fiatCurrenciesQuery = queryOptions({
  queryKey: ['reference', 'fiat-currencies'],
  queryFn: ({ signal }) => http.get<Currency[]>('/currency/fiat/', { signal }),
  // Reference data changes with a release, not while the screen is open.
  staleTime: 60 * 60_000,
});

export function useFiatCurrencies(enabled: boolean) {
  return useQuery({ ...fiatCurrenciesQuery, enabled });
}
