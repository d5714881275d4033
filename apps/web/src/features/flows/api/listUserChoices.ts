import { maxPageSize } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';
import { flowsKey } from './listFlows';

/** Whom a flow names: its merchant, and its executors (traders and partners). */
export type ChoiceType = 'merchant' | 'trader' | 'partner';

const choicesSchema = z.object({
  items: z.array(z.object({ uuid: z.string(), username: z.string(), is_active: z.boolean(), is_blocked: z.boolean() })),
});
export type UserChoice = z.infer<typeof choicesSchema>['items'][number];

/** `GET /user?filter[type]=…&page=1&count=100`: select lists load the first 100 users (SPEC §7 Users, §9). */
export const userChoicesQuery = (type: ChoiceType) =>
  queryOptions({
    queryKey: [...flowsKey, 'user-choices', type],
    queryFn: async ({ signal }): Promise<UserChoice[]> => {
      const data = await http.get<unknown>('/user', {
        query: { 'filter[type]': type, page: 1, count: maxPageSize },
        signal,
      });
      return choicesSchema.parse(data).items;
    },
  });

export function useUserChoices(type: ChoiceType, enabled: boolean) {
  return useQuery({ ...userChoicesQuery(type), enabled });
}
