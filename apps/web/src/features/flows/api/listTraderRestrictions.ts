import { lazySchema, type TraderRestriction, traderRestrictionSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { flowsKey } from './listFlows';

const restrictionsSchema = lazySchema(() => z.array(traderRestrictionSchema));

export const traderRestrictionsKey = [...flowsKey, 'trader-restrictions'] as const;

export interface TraderInFlow {
  flowId: string;
  traderId: string;
}

/** `GET /trader_restriction?filter[flow_uuid]&filter[trader_uuid]`: what limits one trader in one flow. */
export async function listTraderRestrictions(
  { flowId, traderId }: TraderInFlow,
  signal?: AbortSignal,
): Promise<TraderRestriction[]> {
  const data = await http.get<unknown>('/trader_restriction', {
    query: { 'filter[flow_uuid]': flowId, 'filter[trader_uuid]': traderId },
    signal,
  });
  return restrictionsSchema.parse(data);
}

export const traderRestrictionsQuery = (target: TraderInFlow, language: string) =>
  queryOptions({
    queryKey: [...traderRestrictionsKey, target.flowId, target.traderId, language],
    queryFn: ({ signal }) => listTraderRestrictions(target, signal),
    // The modal shows what is in force now, not what was read when it was last opened.
    staleTime: 0,
  });

export function useTraderRestrictions(target: TraderInFlow) {
  return useQuery(traderRestrictionsQuery(target, useRequestLanguage()));
}
