import { maxPageSize } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsers, usersKey } from './listUsers';

/** Select lists load the first 100 users of a type (SPEC §7 Users, §9). */
export const selectListSize = maxPageSize;

/** The agents offered as team leads of a trader or referrals of a merchant: `GET /user?filter[type]=agent`. */
export const agentOptionsQuery = queryOptions({
  queryKey: [...usersKey, 'agent-options'],
  queryFn: async ({ signal }) => {
    const data = await fetchUsers('agent', { page: 1, count: selectListSize, filters: {} }, signal);
    return data.items.map((agent) => ({ value: agent.uuid, label: agent.username }));
  },
});

export function useAgentOptions(enabled: boolean) {
  return useQuery({ ...agentOptionsQuery, enabled });
}
