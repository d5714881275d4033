import { type Language, type OrderDetails, orderDetailsSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { ordersKey } from './ordersKey';

/** `GET /order/{id}`: the order with its timeline, ledger transfers and webhook deliveries, checked on arrival. */
export async function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderDetails> {
  return orderDetailsSchema.parse(await http.get<unknown>(`/order/${encodeURIComponent(id)}`, { signal }));
}

export const orderDetailsQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: [...ordersKey, 'details', id, language],
    queryFn: ({ signal }) => fetchOrder(id, signal),
  });

/** The details of `id`, or nothing while no order is chosen. */
export function useOrderDetails(id: string | null) {
  return useQuery({ ...orderDetailsQuery(id ?? '', useRequestLanguage()), enabled: id !== null });
}
