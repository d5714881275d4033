import { type Language, lazySchema, listEnvelope, terminalSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { terminalListsKey } from './terminalsKey';

/**
 * Whose terminals a screen lists: every one (an admin's /terminal and /devices, `GET /terminal`) or the trader's own
 * (`GET /trader/terminal`, SPEC §6 role path prefix).
 */
export type TerminalScope = 'all' | 'own';

const terminalListSchema = lazySchema(() => listEnvelope(terminalSchema).shape.data);

const listPaths: Record<TerminalScope, string> = { all: '/terminal', own: '/trader/terminal' };

export const terminalsListQuery = (scope: TerminalScope, params: ListParams, language: Language) =>
  listPageQuery(
    [...terminalListsKey, scope, language, params],
    listPaths[scope],
    terminalListSchema,
    toListQuery(params),
  );

export function useTerminalsList(scope: TerminalScope, params: ListParams) {
  return useQuery(terminalsListQuery(scope, params, useRequestLanguage()));
}
