import type { Payment } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';

/** `POST /transaction/{id}/reject`: the held money returns to the owner; the reason is kept on the payment. */
export function rejectPayment({ id, comment }: { id: string; comment: string }): Promise<Payment> {
  return http.post<Payment>(`/transaction/${encodeURIComponent(id)}/reject`, { comment });
}

export function useRejectPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPayment,
    // A 409 means someone else decided first: the list reloads either way and shows the current status.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
