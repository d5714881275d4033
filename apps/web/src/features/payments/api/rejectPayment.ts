import { type Payment, paymentSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/** `POST /transaction/{id}/reject`: the held money returns to the owner; the reason is kept on the payment. */
export async function rejectPayment({ id, comment }: { id: string; comment: string }): Promise<Payment> {
  return paymentSchema.parse(await http.post<unknown>(`/transaction/${encodeURIComponent(id)}/reject`, { comment }));
}

export function useRejectPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPayment,
    // A 409 means someone else decided first: the list reloads either way and shows the current status.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
