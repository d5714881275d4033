import {
  type Language,
  type TerminalForwarding,
  type TerminalForwardingSummary,
  terminalDeletedSchema,
  terminalForwardingReadSchema,
  terminalForwardingSchema,
} from '@paydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { terminalPath } from './terminalMutation';
import { terminalsKey } from './terminalsKey';

/**
 * `GET /terminal/{guid}/forwarding` (DESIGN §19): the terminal's forwarding link, or null while it has none; a reader
 * who may not change it (a support admin) gets its summary, without the URL or the key.
 */
export async function fetchForwarding(
  guid: string,
  signal?: AbortSignal,
): Promise<TerminalForwarding | TerminalForwardingSummary | null> {
  return terminalForwardingReadSchema.parse(await http.get<unknown>(`${terminalPath(guid)}/forwarding`, { signal }));
}

/**
 * Under the terminals' key: a `terminal.updated` event (a message came through the link) reloads it, so "last message
 * received" is live. The language is in the key: the apps' steps come localized from the server.
 */
export const forwardingQuery = (guid: string, language: Language) =>
  queryOptions({
    queryKey: [...terminalsKey, 'forwarding', guid, language],
    queryFn: ({ signal }) => fetchForwarding(guid, signal),
  });

export function useForwarding(guid: string) {
  return useQuery(forwardingQuery(guid, useRequestLanguage()));
}

/** `POST /terminal/{guid}/forwarding`: a new link, or a new URL and key in place of the old ones. */
export async function createForwarding(guid: string): Promise<TerminalForwarding> {
  return terminalForwardingSchema.parse(await http.post<unknown>(`${terminalPath(guid)}/forwarding`));
}

/** `DELETE /terminal/{guid}/forwarding`: the URL stops working. */
export async function revokeForwarding(guid: string): Promise<void> {
  terminalDeletedSchema.parse(await http.delete<unknown>(`${terminalPath(guid)}/forwarding`));
}

/** A change to the link: the link itself and the terminal cards (a new link moves an unpaired terminal) reload. */
function useForwardingMutation<Output>(mutationFn: (guid: string) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalsKey }),
  });
}

export const useCreateForwarding = () => useForwardingMutation(createForwarding);
export const useRevokeForwarding = () => useForwardingMutation(revokeForwarding);
