import { type Flow, flowSchema, type ListData, listEnvelope } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** Root of every flows query; each mutation invalidates the lists under it. */
export const flowsKey = ['flows'] as const;
export const flowListsKey = [...flowsKey, 'list'] as const;

const flowListSchema = listEnvelope(flowSchema).shape.data;

/** `GET /flow`: one page of the flows with their executors and rates (SPEC §2.19, §7 Flows and partners). */
export async function fetchFlows(params: ListParams, signal?: AbortSignal): Promise<ListData<Flow>> {
  const data = await http.get<unknown>('/flow', { query: toListQuery(params), signal });
  return flowListSchema.parse(data);
}

export const flowsListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...flowListsKey, params],
    queryFn: ({ signal }) => fetchFlows(params, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useFlows(params: ListParams) {
  return useQuery(flowsListQuery(params));
}
