import type { Language, PaymentOption } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from './language';

/** Root of the reference data the requisite forms read (currencies, payment options and types, restriction types). */
export const referenceKey = ['requisites', 'reference'] as const;

/** Reference data changes with a release or a migration, not while a form is open. */
export const referenceStaleMs = 60 * 60_000;

/** `GET /payment_option`: each option with the definitions (label, rules, mask) of its attributes. */
export function listPaymentOptions(signal?: AbortSignal): Promise<PaymentOption[]> {
  return http.get<PaymentOption[]>('/payment_option', { signal });
}

export const paymentOptionsQuery = (language: Language) =>
  queryOptions({
    queryKey: [...referenceKey, 'payment-options', language],
    queryFn: ({ signal }) => listPaymentOptions(signal),
    staleTime: referenceStaleMs,
  });

export function usePaymentOptions(enabled = true) {
  return useQuery({ ...paymentOptionsQuery(useRequestLanguage()), enabled });
}
