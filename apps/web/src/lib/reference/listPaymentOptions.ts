import { paymentOptionSchema } from '@paydesk/contract';
import { type ReferenceList, useReferenceList } from './referenceQuery';

/** `GET /payment_option`: card, SBP, account… with the definitions (label, rules, mask) of their attributes. */
export const paymentOptions: ReferenceList<typeof paymentOptionSchema> = {
  name: 'payment-options',
  path: '/payment_option',
  item: paymentOptionSchema,
};

export function usePaymentOptions(enabled = true) {
  return useReferenceList(paymentOptions, enabled);
}
