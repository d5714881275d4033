import type { DepositCreditRequest, Payment } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';

/** What `POST /wallet/deposits` answers: `credited` is false when the deposit had been credited before. */
export interface DepositCreditOutcome {
  credited: boolean;
  payment: Payment;
}

/** `POST /wallet/deposits`: credits a confirmed on-chain deposit to the owner of the address, at most once. */
export function creditDeposit(body: {
  tx_hash: string;
  address: string;
  amount: string;
}): Promise<DepositCreditOutcome> {
  const request: DepositCreditRequest = body;
  return http.post<DepositCreditOutcome>('/wallet/deposits', request);
}

export function useCreditDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
