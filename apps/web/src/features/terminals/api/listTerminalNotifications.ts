import type { Language, ListData, TerminalNotification } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { useRequestLanguage } from './language';
import { terminalsKey } from './listTerminals';
import { terminalPath } from './terminalMutation';

/** `GET /terminal/{guid}/notification/`: the bank messages a terminal forwarded, newest first, a page at a time. */
export function fetchTerminalNotifications(
  guid: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<TerminalNotification>> {
  return http.get<ListData<TerminalNotification>>(`${terminalPath(guid)}/notification/`, {
    query: toListQuery(params),
    signal,
  });
}

export const terminalNotificationsQuery = (guid: string, params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...terminalsKey, 'notifications', guid, language, params],
    queryFn: ({ signal }) => fetchTerminalNotifications(guid, params, signal),
    placeholderData: keepPreviousData,
    // Messages keep arriving: each opening shows what is stored now.
    staleTime: 0,
  });

export function useTerminalNotifications(guid: string, params: ListParams) {
  return useQuery(terminalNotificationsQuery(guid, params, useRequestLanguage()));
}
