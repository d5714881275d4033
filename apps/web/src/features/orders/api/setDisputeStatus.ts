import { type Dispute, type DisputeStatusUpdate, disputeSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { ordersKey } from './ordersKey';

export interface DisputeStatusRequest {
  dispute: Dispute;
  change: DisputeStatusUpdate;
}

/** `PUT /dispute/{uuid}/status`: rejected restores the order; resolved pays it, at a corrected amount if given. */
export async function setDisputeStatus({ dispute, change }: DisputeStatusRequest): Promise<Dispute> {
  const path = `/dispute/${encodeURIComponent(dispute.uuid)}/status`;
  return disputeSchema.parse(await http.put<unknown>(path, change));
}

export function useSetDisputeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDisputeStatus,
    // A refusal (409: another admin closed it first) reloads too, so the list shows the dispute as it is. A
    // resolution moves money, so balances reload as well.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: moneyKey }),
      ]),
  });
}
