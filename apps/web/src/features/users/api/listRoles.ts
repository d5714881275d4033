import type { roleSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type Role = z.infer<typeof roleSchema>;

/** `GET /role`: the roles an admin can hold. They change only with a release, so they are read once. */
export const rolesQuery = queryOptions({
  queryKey: ['roles'],
  queryFn: ({ signal }) => http.get<Role[]>('/role', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRoles(enabled: boolean) {
  return useQuery({ ...rolesQuery, enabled });
}
