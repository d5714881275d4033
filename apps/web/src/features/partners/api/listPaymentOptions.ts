import type { PaymentOption } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** `GET /payment_option`: card, SBP, account… with their attributes (reference data, DESIGN §8). */
export const paymentOptionsQuery = queryOptions({
  queryKey: ['reference', 'payment-options'],
  queryFn: ({ signal }) => http.get<PaymentOption[]>('/payment_option', { signal }),
  staleTime: 60 * 60_000,
});

export function usePaymentOptions(enabled: boolean) {
  return useQuery({ ...paymentOptionsQuery, enabled });
}
