import { type BankMessageToConfirm, bankMessageToConfirmSchema } from '@paydesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { ordersKey } from './ordersKey';

/**
 * The trader's bank messages to confirm (DESIGN §19): under the orders' key, so every order event and every order
 * action reloads them with the lists, and the real-time `bank_message.to_confirm` too.
 */
export const bankMessagesToConfirmKey = [...ordersKey, 'bank-messages-to-confirm'] as const;

const listSchema = z.array(bankMessageToConfirmSchema);

/** `GET /trader/bank-message/to-confirm`: weakly authenticated messages that matched the trader's open pay-ins. */
export async function listBankMessagesToConfirm(signal?: AbortSignal): Promise<BankMessageToConfirm[]> {
  return listSchema.parse(await http.get<unknown>('/trader/bank-message/to-confirm', { signal }));
}

export function useBankMessagesToConfirm(enabled: boolean) {
  return useQuery({
    queryKey: bankMessagesToConfirmKey,
    queryFn: ({ signal }) => listBankMessagesToConfirm(signal),
    enabled,
  });
}

/** `POST /trader/bank-message/{id}/confirm/`: the trader saw the money; the order is paid. */
export async function confirmBankMessage(id: string): Promise<{ order_guid: string }> {
  const answer = await http.post<unknown>(`/trader/bank-message/${encodeURIComponent(id)}/confirm/`);
  return z.object({ order_guid: z.string() }).parse(answer);
}

export function useConfirmBankMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBankMessage,
    // A refusal (409: the order expired or was canceled meanwhile) reloads too, so the list shows what is left.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: moneyKey }),
      ]),
  });
}
