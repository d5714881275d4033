import { lazySchema, roleSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

export type Role = z.infer<typeof roleSchema>;

const rolesSchema = lazySchema(() => z.array(roleSchema));

/** `GET /role`: the roles an admin can hold. They change only with a release, so they are read once. */
export const rolesQuery = queryOptions({
  queryKey: ['roles'],
  queryFn: async ({ signal }) => rolesSchema.parse(await http.get<unknown>('/role', { signal })),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRoles(enabled: boolean) {
  return useQuery({ ...rolesQuery, enabled });
}
