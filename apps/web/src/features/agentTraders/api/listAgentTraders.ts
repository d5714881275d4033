import { agentTraderSchema, type ListData, listEnvelope } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

export type AgentTrader = z.infer<typeof agentTraderSchema>;

const agentTraderListSchema = listEnvelope(agentTraderSchema).shape.data;

/** `GET /agent/trader/`: the signed-in agent's traders with the agent's own referral percentages (SPEC §2.7). */
export async function fetchAgentTraders(params: ListParams, signal?: AbortSignal): Promise<ListData<AgentTrader>> {
  return agentTraderListSchema.parse(await http.get<unknown>('/agent/trader/', { query: toListQuery(params), signal }));
}

export const agentTradersQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ['agent-traders', params],
    queryFn: ({ signal }) => fetchAgentTraders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAgentTraders(params: ListParams) {
  return useQuery(agentTradersQuery(params));
}
