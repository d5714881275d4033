import { type Order, orderSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { ordersKey } from './ordersKey';

/** The actions of the order screens (DESIGN §5), as the server names them in an order's `actions`. */
export type OrderActionName = 'set_paid' | 'take' | 'cancel' | 'webhook_resend';

const actionPaths: Record<OrderActionName, string> = {
  set_paid: 'set-paid',
  take: 'take',
  cancel: 'cancel',
  webhook_resend: 'webhook/resend',
};

export interface OrderActionRequest {
  order: Order;
  action: OrderActionName;
}

/**
 * `POST /order/{id}/set-paid | take | cancel | webhook/resend`: each answers the order as its viewer sees it now.
 * One file for the four because they share the path, the answer and what they refresh.
 */
export async function sendOrderAction({ order, action }: OrderActionRequest): Promise<Order> {
  const path = `/order/${encodeURIComponent(order.guid)}/${actionPaths[action]}`;
  return orderSchema.parse(await http.post<unknown>(path));
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOrderAction,
    // A refusal (409: someone else took or paid it first) reloads too, so the list shows the order as it is.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: moneyKey }),
      ]),
  });
}
