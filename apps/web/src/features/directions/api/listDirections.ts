import {
  type Direction,
  directionSchema,
  type Language,
  type ListData,
  lazySchema,
  listEnvelope,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { directionListsKey } from './directionsKey';

const directionListSchema = lazySchema(() => listEnvelope(directionSchema).shape.data);

/** The list reads itself again this often: executors and requisites change state without an order event. */
export const directionsRefreshMs = 10_000;

/** `GET /direction` (DESIGN §13): one row per fiat, crypto and payment option; checked against the contract. */
export async function fetchDirections(params: ListParams, signal?: AbortSignal): Promise<ListData<Direction>> {
  const data = await http.get<unknown>('/direction', { query: toListQuery(params), signal });
  return directionListSchema.parse(data);
}

export const directionsListQuery = (params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...directionListsKey, params, language],
    queryFn: ({ signal }) => fetchDirections(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: directionsRefreshMs,
  });

export function useDirections(params: ListParams) {
  // State titles and filter options come in the request's language: a language switch reloads the list.
  return useQuery(directionsListQuery(params, useRequestLanguage()));
}
