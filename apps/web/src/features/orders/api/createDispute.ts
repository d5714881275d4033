import { type Dispute, type DisputeCreate, disputeSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordersKey } from './ordersKey';

/** `POST /dispute`: an admin opens a dispute on a paid or canceled order, with at most one file of evidence. */
export async function createDispute(body: DisputeCreate): Promise<Dispute> {
  return disputeSchema.parse(await http.post<unknown>('/dispute', body));
}

export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    // The order now shows `dispute` and the APPEALS list has a new row: both live under the orders' root.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
