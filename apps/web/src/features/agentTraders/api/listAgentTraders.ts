import { agentTraderSchema, lazySchema, listEnvelope } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listPageQuery } from '../../../lib/listQuery';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

export type AgentTrader = z.infer<typeof agentTraderSchema>;

const agentTraderListSchema = lazySchema(() => listEnvelope(agentTraderSchema).shape.data);

/** `GET /agent/trader/`: the signed-in agent's traders with the agent's own referral percentages (SPEC §2.7). */
export const agentTradersQuery = (params: ListParams) =>
  listPageQuery(['agent-traders', params], '/agent/trader/', agentTraderListSchema, toListQuery(params));

export function useAgentTraders(params: ListParams) {
  return useQuery(agentTradersQuery(params));
}
