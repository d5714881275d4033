import type { Language, PaymentTypeInfo } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from './language';
import { referenceKey, referenceStaleMs } from './listPaymentOptions';

/** `GET /payment_type?count=all`: every bank or system, with the currency and the payment options it takes. */
export function listPaymentTypes(signal?: AbortSignal): Promise<PaymentTypeInfo[]> {
  return http.get<PaymentTypeInfo[]>('/payment_type', { query: { count: 'all' }, signal });
}

export const paymentTypesQuery = (language: Language) =>
  queryOptions({
    queryKey: [...referenceKey, 'payment-types', language],
    queryFn: ({ signal }) => listPaymentTypes(signal),
    staleTime: referenceStaleMs,
  });

export function usePaymentTypes(enabled = true) {
  return useQuery({ ...paymentTypesQuery(useRequestLanguage()), enabled });
}
