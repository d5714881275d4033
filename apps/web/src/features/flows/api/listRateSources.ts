import { lazySchema, type RateSourceInfo, rateSourceSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { flowsKey } from './listFlows';

const rateSourcesSchema = lazySchema(() => z.array(rateSourceSchema));

/** `GET /flow/currency_rate_source`: the sources of a currency pair, each with the rate it has now. */
export async function listRateSources(fiat: string, crypto: string, signal?: AbortSignal): Promise<RateSourceInfo[]> {
  const data = await http.get<unknown>('/flow/currency_rate_source', {
    query: { fiat_currency: fiat, crypto_currency: crypto },
    signal,
  });
  return rateSourcesSchema.parse(data);
}

export const rateSourcesQuery = (fiat: string, crypto: string, language: string) =>
  queryOptions({
    queryKey: [...flowsKey, 'rate-sources', fiat, crypto, language],
    queryFn: ({ signal }) => listRateSources(fiat, crypto, signal),
  });

export function useRateSources(fiat: string, crypto: string, enabled = true) {
  const language = useRequestLanguage();
  return useQuery({ ...rateSourcesQuery(fiat, crypto, language), enabled: enabled && fiat !== '' && crypto !== '' });
}
