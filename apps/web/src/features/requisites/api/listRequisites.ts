import { type Language, type ListData, listEnvelope, type Requisite, requisiteSchema } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

const requisiteListSchema = listEnvelope(requisiteSchema).shape.data;

/**
 * Whose requisites a screen lists: every one (the admin's /requisites, `GET /requisite`) or the trader's own
 * (/requisite, `GET /trader/requisite`, SPEC §6 role path prefix).
 */
export type RequisiteScope = 'all' | 'own';

export const requisiteListPaths: Record<RequisiteScope, string> = { all: '/requisite', own: '/trader/requisite' };

/** Root of every requisites query; mutations invalidate the lists under it. */
export const requisitesKey = ['requisites'] as const;
export const requisiteListsKey = [...requisitesKey, 'list'] as const;

export async function fetchRequisites(
  scope: RequisiteScope,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<Requisite>> {
  const data = await http.get<unknown>(requisiteListPaths[scope], { query: toListQuery(params), signal });
  return requisiteListSchema.parse(data);
}

export const requisitesListQuery = (scope: RequisiteScope, params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...requisiteListsKey, scope, language, params],
    queryFn: ({ signal }) => fetchRequisites(scope, params, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useRequisitesList(scope: RequisiteScope, params: ListParams) {
  return useQuery(requisitesListQuery(scope, params, useRequestLanguage()));
}
