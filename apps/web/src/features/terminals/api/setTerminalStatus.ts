import { type Terminal, terminalSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

/**
 * An admin's moves of a device (SPEC §2.17, DESIGN §11): pause (`disable`, to disabled_by_admin), play (`moderate`,
 * back to moderation) and approve (`enable`, from moderation to enabled).
 */
export type TerminalStatusAction = 'disable' | 'moderate' | 'enable';

export interface TerminalStatusChange {
  guid: string;
  action: TerminalStatusAction;
}

/** `POST /terminal/{guid}/disable/`, `…/moderate/` or `…/enable/`, each answered with the terminal as it is now. */
export async function setTerminalStatus({ guid, action }: TerminalStatusChange): Promise<Terminal> {
  return terminalSchema.parse(await http.post<unknown>(`${terminalPath(guid)}/${action}/`));
}

export function useSetTerminalStatus() {
  return useTerminalMutation(setTerminalStatus);
}
