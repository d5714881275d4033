import { type CreatedTerminal, createdTerminalSchema, type TerminalInput } from '@paydesk/contract';
import { http } from '../../../lib/http';
import { useTerminalMutation } from './terminalMutation';

/**
 * `POST /terminal`: a trader's new terminal on its own requisites (the server opens it to deposits, not withdrawals),
 * answered with its one-time pairing code and that code as a QR image.
 */
export async function createTerminal(body: TerminalInput): Promise<CreatedTerminal> {
  return createdTerminalSchema.parse(await http.post<unknown>('/terminal', body));
}

export function useCreateTerminal() {
  return useTerminalMutation(createTerminal);
}
