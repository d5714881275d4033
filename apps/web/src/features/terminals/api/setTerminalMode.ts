import { type Terminal, type TerminalMode, terminalSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

export interface TerminalModeChange {
  guid: string;
  mode: TerminalMode;
}

/** `PATCH /terminal/{guid}/mode/`: `pay_in` opens or closes deposits (`deposit_open`), `pay_out` withdrawals. */
export async function setTerminalMode({ guid, mode }: TerminalModeChange): Promise<Terminal> {
  return terminalSchema.parse(await http.patch<unknown>(`${terminalPath(guid)}/mode/`, mode));
}

export function useSetTerminalMode() {
  return useTerminalMutation(setTerminalMode);
}
