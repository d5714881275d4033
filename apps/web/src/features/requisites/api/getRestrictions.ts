import { lazySchema, type Restriction, restrictionSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { requisitesKey } from './listRequisites';

/** The answer of `GET` and `PUT /requisite/{id}/restrictions`. */
export const restrictionsSchema = lazySchema(() => z.array(restrictionSchema));

export const restrictionsKey = (id: string) => [...requisitesKey, 'restrictions', id] as const;

/** `GET /requisite/{id}/restrictions`: the restrictions of one requisite, by type. */
export async function getRestrictions(id: string, signal?: AbortSignal): Promise<Restriction[]> {
  return restrictionsSchema.parse(
    await http.get<unknown>(`/requisite/${encodeURIComponent(id)}/restrictions`, { signal }),
  );
}

export const restrictionsQuery = (id: string) =>
  queryOptions({
    queryKey: restrictionsKey(id),
    queryFn: ({ signal }) => getRestrictions(id, signal),
    // The modal shows what is in force now, not what was read when it was last opened.
    staleTime: 0,
  });

export function useRestrictions(id: string) {
  return useQuery(restrictionsQuery(id));
}
