import { type ListData, maxPageSize, type User } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { requisitesKey } from './listRequisites';

/** Who may hold a requisite an admin adds: the executors of orders. */
export const ownerTypes = ['trader', 'partner'] as const;
export type OwnerType = (typeof ownerTypes)[number];

/**
 * `GET /user?filter[type]=…&page=1&count=100`: the traders or partners offered as the owner of a new requisite
 * (SPEC §7 Users: select lists load page 1, count 100).
 */
export const ownerChoicesQuery = (type: OwnerType) =>
  queryOptions({
    queryKey: [...requisitesKey, 'owner-choices', type],
    queryFn: async ({ signal }) => {
      const data = await http.get<ListData<User>>('/user', {
        query: { 'filter[type]': type, page: 1, count: maxPageSize },
        signal,
      });
      return data.items;
    },
  });

export function useOwnerChoices(type: OwnerType, enabled: boolean) {
  return useQuery({ ...ownerChoicesQuery(type), enabled });
}
