import { type MerchantWithdrawalRequest, type Payment, paymentSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/**
 * `POST /wallet/merchant_withdrawal` (root admin only): the merchant's USDT is held at once and paid out on-chain by
 * the chosen trader; the answer is the pending withdrawal.
 */
export async function createMerchantWithdrawal(body: MerchantWithdrawalRequest): Promise<Payment> {
  return paymentSchema.parse(await http.post<unknown>('/wallet/merchant_withdrawal', body));
}

export function useCreateMerchantWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchantWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
