import { type Payment, paymentSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/** `POST /transaction/{id}/accept`: a withdrawal on moderation is approved for sending (moderation → pending). */
export async function acceptPayment(id: string): Promise<Payment> {
  return paymentSchema.parse(await http.post<unknown>(`/transaction/${encodeURIComponent(id)}/accept`));
}

export function useAcceptPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPayment,
    // A decision changes balances too, so every money query reloads, not only this list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
