import { type DirectionDetails, directionDetailsSchema, type Language } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { directionsKey } from './directionsKey';
import { directionsRefreshMs } from './listDirections';

/** `GET /direction/{id}`: the flows and the executors behind one direction, each executor with why it cannot serve. */
export async function fetchDirection(id: string, signal?: AbortSignal): Promise<DirectionDetails> {
  const data = await http.get<unknown>(`/direction/${encodeURIComponent(id)}`, { signal });
  return directionDetailsSchema.parse(data);
}

export const directionQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: [...directionsKey, 'details', id, language],
    queryFn: ({ signal }) => fetchDirection(id, signal),
    // The modal follows the executors like the list behind it does.
    refetchInterval: directionsRefreshMs,
  });

/** The details of `id` while `open`: a closed modal neither loads nor refreshes them. */
export function useDirection(id: string | null, open: boolean) {
  return useQuery({ ...directionQuery(id ?? '', useRequestLanguage()), enabled: open && id !== null });
}
