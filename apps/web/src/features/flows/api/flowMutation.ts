import { type Flow, flowSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowListsKey } from './listFlows';

/** Reads a changed flow from the server's answer, checked against the contract. */
export const parseFlow = (data: unknown): Flow => flowSchema.parse(data);

/**
 * A mutation of the flows screen: the call, then every list of flows reloads (a flow's executors, priorities and rate
 * show in its row).
 */
export function useFlowMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowListsKey }),
  });
}
