import { type Terminal, terminalSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

export interface AutoSettleChange {
  guid: string;
  autoSettleWeak: boolean;
}

/**
 * `PATCH /terminal/{guid}/auto-settle/` (DESIGN §19): an admin lets the terminal's weakly authenticated messages settle
 * their pay-ins by themselves, or puts them back in front of the trader. Answered with the terminal as it is now.
 */
export async function setAutoSettle({ guid, autoSettleWeak }: AutoSettleChange): Promise<Terminal> {
  const body = { auto_settle_weak: autoSettleWeak };
  return terminalSchema.parse(await http.patch<unknown>(`${terminalPath(guid)}/auto-settle/`, body));
}

export function useSetAutoSettle() {
  return useTerminalMutation(setAutoSettle);
}
