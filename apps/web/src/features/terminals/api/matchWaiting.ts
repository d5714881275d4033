import { type WaitingMatched, waitingMatchedSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { terminalPath } from './terminalMutation';
import { terminalsKey } from './terminalsKey';

/**
 * `POST /terminal/{guid}/notification/match-waiting/` (DESIGN §19): the messages the terminal received while it waited
 * for approval, matched with open pay-ins now; the answer counts what came of them.
 */
export async function matchWaiting(guid: string): Promise<WaitingMatched> {
  return waitingMatchedSchema.parse(await http.post<unknown>(`${terminalPath(guid)}/notification/match-waiting/`));
}

/** Matching changes the terminal's count and its messages' outcomes: every terminals query reloads. */
export function useMatchWaiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchWaiting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalsKey }),
  });
}
