import { type ListData, maxPageSize, type User } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { walletsKey } from './listWallets';

/** Select lists load the first 100 users of a type (SPEC §7 Users, §9). */
export const choiceListSize = maxPageSize;

export type ChoiceType = 'trader' | 'merchant';

/**
 * `GET /user?filter[type]=…&page=1&count=100`: the traders and merchants the merchant-withdrawal form offers. Under
 * the money key, because the form shows the merchant's available balance from this answer.
 */
export const userChoicesQuery = (type: ChoiceType) =>
  queryOptions({
    queryKey: [...walletsKey, 'user-choices', type],
    queryFn: async ({ signal }) => {
      const data = await http.get<ListData<User>>('/user', {
        query: { 'filter[type]': type, page: 1, count: choiceListSize },
        signal,
      });
      return data.items;
    },
  });

export function useUserChoices(type: ChoiceType, enabled: boolean) {
  return useQuery({ ...userChoicesQuery(type), enabled });
}
