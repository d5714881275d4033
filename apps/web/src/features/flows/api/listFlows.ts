import { flowSchema, lazySchema, listEnvelope } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** Root of every flows query; each mutation invalidates the lists under it. */
export const flowsKey = ['flows'] as const;
export const flowListsKey = [...flowsKey, 'list'] as const;

const flowListSchema = lazySchema(() => listEnvelope(flowSchema).shape.data);

/** `GET /flow`: one page of the flows with their executors and rates (SPEC §2.19, §7 Flows and partners). */
export const flowsListQuery = (params: ListParams) =>
  listPageQuery([...flowListsKey, params], '/flow', flowListSchema, toListQuery(params));

export function useFlows(params: ListParams) {
  return useQuery(flowsListQuery(params));
}
