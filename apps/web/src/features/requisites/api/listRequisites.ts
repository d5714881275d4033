import { type Language, lazySchema, listEnvelope, requisiteSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

const requisiteListSchema = lazySchema(() => listEnvelope(requisiteSchema).shape.data);

/**
 * Whose requisites a screen lists: every one (the admin's /requisites, `GET /requisite`) or the trader's own
 * (/requisite, `GET /trader/requisite`, SPEC §6 role path prefix).
 */
export type RequisiteScope = 'all' | 'own';

export const requisiteListPaths: Record<RequisiteScope, string> = { all: '/requisite', own: '/trader/requisite' };

/** Root of every requisites query; mutations invalidate the lists under it. */
export const requisitesKey = ['requisites'] as const;
export const requisiteListsKey = [...requisitesKey, 'list'] as const;

export const requisitesListQuery = (scope: RequisiteScope, params: ListParams, language: Language) =>
  listPageQuery(
    [...requisiteListsKey, scope, language, params],
    requisiteListPaths[scope],
    requisiteListSchema,
    toListQuery(params),
  );

export function useRequisitesList(scope: RequisiteScope, params: ListParams) {
  return useQuery(requisitesListQuery(scope, params, useRequestLanguage()));
}
