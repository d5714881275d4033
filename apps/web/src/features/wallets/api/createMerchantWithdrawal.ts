import type { MerchantWithdrawalRequest, Payment } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';

/**
 * `POST /wallet/merchant_withdrawal` (root admin only): the merchant's USDT is held at once and paid out on-chain by
 * the chosen trader; the answer is the pending withdrawal.
 */
export function createMerchantWithdrawal(body: MerchantWithdrawalRequest): Promise<Payment> {
  return http.post<Payment>('/wallet/merchant_withdrawal', body);
}

export function useCreateMerchantWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchantWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
