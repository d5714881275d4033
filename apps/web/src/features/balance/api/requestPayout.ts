import { type Payment, type PayoutRequest, paymentSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { currentUserKey } from '../../../lib/query';

/** `POST /wallet/withdrawals` (SPEC §2.6 payout modal): holds the amount and returns the withdrawal. */
export async function requestPayout(body: PayoutRequest): Promise<Payment> {
  return paymentSchema.parse(await http.post<unknown>('/wallet/withdrawals', body));
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    // The held amount leaves the available balance, and the current user carries the wallets.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
