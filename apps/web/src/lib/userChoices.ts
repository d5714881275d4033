import { lazySchema, listEnvelope, maxPageSize, type User, type UserType, userSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { moneyKey } from './moneyKey';

const userListSchema = lazySchema(() => listEnvelope(userSchema).shape.data);

/** Select lists load the first 100 users of a type (SPEC §7 Users, §9). */
export const choiceListSize = maxPageSize;

/**
 * `GET /user?filter[type]=…&page=1&count=100`: the users a form offers (a flow's merchant and executors, a requisite's
 * owner, a partner system's partner, a merchant withdrawal's sides). Under the money key: the merchant-withdrawal form
 * shows a merchant's available balance from this answer, so a change of money reloads it.
 */
export const userChoicesQuery = (type: UserType) =>
  queryOptions({
    queryKey: [...moneyKey, 'user-choices', type],
    queryFn: async ({ signal }): Promise<User[]> => {
      const query = { 'filter[type]': type, page: 1, count: choiceListSize };
      return userListSchema.parse(await http.get<unknown>('/user', { query, signal })).items;
    },
  });

export function useUserChoices(type: UserType, enabled = true) {
  return useQuery({ ...userChoicesQuery(type), enabled });
}

/**
 * Users as select options. A blocked or inactive one stays in the list, marked `(unavailable)` in the screen's words
 * and not to be picked, so the operator sees why it cannot be chosen.
 */
export function userOptionsOf(users: readonly User[], unavailable: string) {
  return users.map((user) => {
    const usable = user.is_active && !user.is_blocked;
    return {
      value: user.uuid,
      label: usable ? user.username : `${user.username} (${unavailable})`,
      disabled: !usable,
    };
  });
}
