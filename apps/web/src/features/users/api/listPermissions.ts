import { lazySchema, permissionSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

export type PermissionEntry = z.infer<typeof permissionSchema>;

const permissionsSchema = lazySchema(() => z.array(permissionSchema));

/** `GET /permission`: the permissions an admin can be given. Read once, like the roles. */
export const permissionsQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: async ({ signal }) => permissionsSchema.parse(await http.get<unknown>('/permission', { signal })),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePermissions(enabled: boolean) {
  return useQuery({ ...permissionsQuery, enabled });
}
