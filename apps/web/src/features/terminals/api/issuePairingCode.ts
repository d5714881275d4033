import type { CreatedTerminal } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

/** `POST /terminal/{guid}/pairing_code/`: a new one-time code for the same terminal, to pair a new phone with it. */
export function issuePairingCode(guid: string): Promise<CreatedTerminal> {
  return http.post<CreatedTerminal>(`${terminalPath(guid)}/pairing_code/`);
}

export function useIssuePairingCode() {
  return useTerminalMutation(issuePairingCode);
}
