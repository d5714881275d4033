import { type Language, type ListData, listEnvelope, type Terminal, terminalSchema } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { terminalListsKey } from './terminalsKey';

/**
 * Whose terminals a screen lists: every one (an admin's /terminal and /devices, `GET /terminal`) or the trader's own
 * (`GET /trader/terminal`, SPEC §6 role path prefix).
 */
export type TerminalScope = 'all' | 'own';

const terminalListSchema = listEnvelope(terminalSchema).shape.data;

const listPaths: Record<TerminalScope, string> = { all: '/terminal', own: '/trader/terminal' };

export async function fetchTerminals(
  scope: TerminalScope,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<Terminal>> {
  return terminalListSchema.parse(await http.get<unknown>(listPaths[scope], { query: toListQuery(params), signal }));
}

export const terminalsListQuery = (scope: TerminalScope, params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...terminalListsKey, scope, language, params],
    queryFn: ({ signal }) => fetchTerminals(scope, params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useTerminalsList(scope: TerminalScope, params: ListParams) {
  return useQuery(terminalsListQuery(scope, params, useRequestLanguage()));
}
