import { useMutation, useQueryClient } from '@tanstack/react-query';
import { terminalListsKey } from './terminalsKey';

/** A change to a terminal: the call, then every list of terminals reloads (cards and device rows alike). */
export function useTerminalMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalListsKey }),
  });
}

/** A terminal's path segment; guids are safe, but a path is never built from raw input. */
export const terminalPath = (guid: string) => `/terminal/${encodeURIComponent(guid)}`;
