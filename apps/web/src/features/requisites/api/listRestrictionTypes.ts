import type { Language, RestrictionType } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from './language';
import { referenceKey, referenceStaleMs } from './listPaymentOptions';

/** `GET /requisite/restriction/type?count=all`: each type with its title, fields, their labels and rules. */
export function listRestrictionTypes(signal?: AbortSignal): Promise<RestrictionType[]> {
  return http.get<RestrictionType[]>('/requisite/restriction/type', { query: { count: 'all' }, signal });
}

export const restrictionTypesQuery = (language: Language) =>
  queryOptions({
    queryKey: [...referenceKey, 'restriction-types', language],
    queryFn: ({ signal }) => listRestrictionTypes(signal),
    staleTime: referenceStaleMs,
  });

export function useRestrictionTypes() {
  return useQuery(restrictionTypesQuery(useRequestLanguage()));
}
