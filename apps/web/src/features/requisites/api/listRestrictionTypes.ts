import { restrictionTypeSchema } from '@paydesk/contract';
import { type ReferenceList, useReferenceList } from '../../../lib/reference/referenceQuery';

/** `GET /requisite/restriction/type?count=all`: each type with its title, fields, their labels and rules. */
export const restrictionTypes: ReferenceList<typeof restrictionTypeSchema> = {
  name: 'restriction-types',
  path: '/requisite/restriction/type',
  query: { count: 'all' },
  item: restrictionTypeSchema,
};

export function useRestrictionTypes() {
  return useReferenceList(restrictionTypes);
}
