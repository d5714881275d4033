import { type Currency, currencySchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useAnswerLanguage } from './language';
import { flowsKey } from './listFlows';

export type CurrencyKind = 'fiat' | 'crypto';

const currenciesSchema = z.array(currencySchema);

/** `GET /currency/fiat/` and `GET /currency/crypto/`: the two sides of a flow's pair. */
export async function listCurrencies(kind: CurrencyKind, signal?: AbortSignal): Promise<Currency[]> {
  return currenciesSchema.parse(await http.get<unknown>(`/currency/${kind}/`, { signal }));
}

export const currenciesQuery = (kind: CurrencyKind, language: string) =>
  queryOptions({
    queryKey: [...flowsKey, 'currencies', kind, language],
    queryFn: ({ signal }) => listCurrencies(kind, signal),
    // Reference data changes with a release, not while the screen is open.
    staleTime: 60 * 60_000,
  });

export function useCurrencies(kind: CurrencyKind, enabled: boolean) {
  return useQuery({ ...currenciesQuery(kind, useAnswerLanguage()), enabled });
}
