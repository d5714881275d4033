import { type RestrictionType, traderRestrictionTypeSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useAnswerLanguage } from './language';
import { flowsKey } from './listFlows';

const typesSchema = z.array(traderRestrictionTypeSchema);

/** `GET /trader_restriction/type`: amount per order, daily volume, payment options, with their fields' labels. */
export async function listTraderRestrictionTypes(signal?: AbortSignal): Promise<RestrictionType[]> {
  return typesSchema.parse(await http.get<unknown>('/trader_restriction/type', { signal }));
}

export const traderRestrictionTypesQuery = (language: string) =>
  queryOptions({
    queryKey: [...flowsKey, 'trader-restriction-types', language],
    queryFn: ({ signal }) => listTraderRestrictionTypes(signal),
    staleTime: 60 * 60_000,
  });

export function useTraderRestrictionTypes() {
  return useQuery(traderRestrictionTypesQuery(useAnswerLanguage()));
}
