import { type CreatedTerminal, createdTerminalSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

/** `POST /terminal/{guid}/pairing_code/`: a new one-time code for the same terminal, to pair a new phone with it. */
export async function issuePairingCode(guid: string): Promise<CreatedTerminal> {
  return createdTerminalSchema.parse(await http.post<unknown>(`${terminalPath(guid)}/pairing_code/`));
}

export function useIssuePairingCode() {
  return useTerminalMutation(issuePairingCode);
}
