import { type ListData, maxPageSize, type User } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { partnersKey } from './listPartnerSystems';

/**
 * `GET /user?filter[type]=partner&page=1&count=100`: the partner users a new payment system may belong to. Select
 * lists load the first 100 users (SPEC §7 Users, §9).
 */
export const partnerUsersQuery = queryOptions({
  queryKey: [...partnersKey, 'partner-users'],
  queryFn: async ({ signal }) => {
    const data = await http.get<ListData<User>>('/user', {
      query: { 'filter[type]': 'partner', page: 1, count: maxPageSize },
      signal,
    });
    return data.items;
  },
});

export function usePartnerUsers(enabled: boolean) {
  return useQuery({ ...partnerUsersQuery, enabled });
}
