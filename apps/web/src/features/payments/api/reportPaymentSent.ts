import { type Payment, paymentSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/** `POST /transaction/{id}/sent`: the on-chain transfer of a pending withdrawal is reported by its hash. */
export async function reportPaymentSent({ id, txHash }: { id: string; txHash: string }): Promise<Payment> {
  return paymentSchema.parse(
    await http.post<unknown>(`/transaction/${encodeURIComponent(id)}/sent`, { tx_hash: txHash }),
  );
}

export function useReportPaymentSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportPaymentSent,
    // A 409 means someone else decided first: the list reloads either way and shows the current status.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
