import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/money';
import { currentUserKey } from '../../../lib/query';

/**
 * `POST /wallet/demo_deposit` (demo mode only): a simulated transfer to the caller's own deposit address. For a
 * trader with insurance due the server sends exactly what is due, which pays the contribution.
 */
export async function simulateDeposit(): Promise<unknown> {
  return http.post<unknown>('/wallet/demo_deposit', {});
}

export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateDeposit,
    // The current user carries `insurance_paid`: re-reading it lifts the gate and brings the side menu.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: moneyKey }),
      ]),
  });
}
