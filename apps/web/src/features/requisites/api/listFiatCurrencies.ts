import type { Currency, Language } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from './language';
import { referenceKey, referenceStaleMs } from './listPaymentOptions';

/** `GET /currency/fiat/`: the currencies a requisite may carry, chosen by code. */
export function listFiatCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return http.get<Currency[]>('/currency/fiat/', { signal });
}

export const fiatCurrenciesQuery = (language: Language) =>
  queryOptions({
    queryKey: [...referenceKey, 'fiat-currencies', language],
    queryFn: ({ signal }) => listFiatCurrencies(signal),
    staleTime: referenceStaleMs,
  });

export function useFiatCurrencies(enabled = true) {
  return useQuery({ ...fiatCurrenciesQuery(useRequestLanguage()), enabled });
}
