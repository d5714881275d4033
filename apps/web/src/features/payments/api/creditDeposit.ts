import { type DepositCreditRequest, type DepositOutcome, depositOutcomeSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/** `POST /wallet/deposits`: credits a confirmed on-chain deposit to the owner of the address, at most once. */
export async function creditDeposit(body: {
  tx_hash: string;
  address: string;
  amount: string;
}): Promise<DepositOutcome> {
  const request: DepositCreditRequest = body;
  return depositOutcomeSchema.parse(await http.post<unknown>('/wallet/deposits', request));
}

export function useCreditDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
