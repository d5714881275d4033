import { paymentTypeSchema } from '@paydesk/contract';
import { type ReferenceList, useReferenceList } from '../../../lib/reference/referenceQuery';

/** `GET /payment_type?count=all`: every bank or system, with the currency and the payment options it takes. */
export const paymentTypes: ReferenceList<typeof paymentTypeSchema> = {
  name: 'payment-types',
  path: '/payment_type',
  query: { count: 'all' },
  item: paymentTypeSchema,
};

export function usePaymentTypes(enabled = true) {
  return useReferenceList(paymentTypes, enabled);
}
