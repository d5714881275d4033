import {
  type BankMessageOutcome,
  type Language,
  type ListData,
  lazySchema,
  listEnvelope,
  type TerminalNotification,
  terminalNotificationSchema,
} from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { terminalPath } from './terminalMutation';
import { terminalsKey } from './terminalsKey';

const notificationListSchema = lazySchema(() => listEnvelope(terminalNotificationSchema).shape.data);

/**
 * `GET /terminal/{guid}/notification/`: the bank messages a terminal forwarded, newest first, a page at a time; with
 * `outcome`, only those of it (`waiting`: received while the terminal waited for approval).
 */
export async function fetchTerminalNotifications(
  guid: string,
  params: ListParams,
  outcome?: BankMessageOutcome,
  signal?: AbortSignal,
): Promise<ListData<TerminalNotification>> {
  const path = `${terminalPath(guid)}/notification/`;
  const query = { ...toListQuery(params), ...(outcome ? { 'filter[outcome]': outcome } : {}) };
  return notificationListSchema.parse(await http.get<unknown>(path, { query, signal }));
}

export const terminalNotificationsQuery = (
  guid: string,
  params: ListParams,
  language: Language,
  outcome?: BankMessageOutcome,
) =>
  queryOptions({
    queryKey: [...terminalsKey, 'notifications', guid, language, params, outcome ?? 'all'],
    queryFn: ({ signal }) => fetchTerminalNotifications(guid, params, outcome, signal),
    placeholderData: keepPreviousData,
    // Messages keep arriving: each opening shows what is stored now.
    staleTime: 0,
  });

export function useTerminalNotifications(guid: string, params: ListParams, outcome?: BankMessageOutcome) {
  return useQuery(terminalNotificationsQuery(guid, params, useRequestLanguage(), outcome));
}
