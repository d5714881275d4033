import { type Terminal, type TerminalUpdate, terminalSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

export interface TerminalChange {
  guid: string;
  changes: TerminalUpdate;
}

/** `PUT /terminal/{guid}`: the edit form sends only the fields it changed. */
export async function updateTerminal({ guid, changes }: TerminalChange): Promise<Terminal> {
  return terminalSchema.parse(await http.put<unknown>(terminalPath(guid), changes));
}

export function useUpdateTerminal() {
  return useTerminalMutation(updateTerminal);
}
