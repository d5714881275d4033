import type { Payment } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';
import { currentUserKey } from '../../../lib/query';

export interface DepositOutcome {
  credited: boolean;
  payment: Payment;
}

/**
 * `POST /wallet/demo_deposit` (demo mode only): the demo chain "sends" USDT to the caller's own deposit address,
 * which then arrives through the same path as a real deposit. Without an amount the server picks one.
 */
export async function simulateDeposit(): Promise<DepositOutcome> {
  return http.post<DepositOutcome>('/wallet/demo_deposit', {});
}

export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateDeposit,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
