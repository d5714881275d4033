import { terminalDeletedSchema } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { terminalPath, useTerminalMutation } from './terminalMutation';

/** `DELETE /terminal/{guid}/`: the terminal and its device pairing go; its stored bank messages are the server's. */
export async function deleteTerminal(guid: string): Promise<void> {
  terminalDeletedSchema.parse(await http.delete<unknown>(`${terminalPath(guid)}/`));
}

export function useDeleteTerminal() {
  return useTerminalMutation(deleteTerminal);
}
