import { traderRestrictionTypeSchema } from '@paydesk/contract';
import { type ReferenceList, useReferenceList } from '../../../lib/reference/referenceQuery';

/** `GET /trader_restriction/type`: amount per order, daily volume, payment options, with their fields' labels. */
export const traderRestrictionTypes: ReferenceList<typeof traderRestrictionTypeSchema> = {
  name: 'trader-restriction-types',
  path: '/trader_restriction/type',
  item: traderRestrictionTypeSchema,
};

export function useTraderRestrictionTypes() {
  return useReferenceList(traderRestrictionTypes);
}
