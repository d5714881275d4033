import type { permissionSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type PermissionEntry = z.infer<typeof permissionSchema>;

/** `GET /permission`: the permissions an admin can be given. Read once, like the roles. */
export const permissionsQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: ({ signal }) => http.get<PermissionEntry[]>('/permission', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePermissions(enabled: boolean) {
  return useQuery({ ...permissionsQuery, enabled });
}
