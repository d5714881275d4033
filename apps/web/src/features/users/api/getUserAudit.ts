import { type AuditEvent, auditEventSchema, type ListData, lazySchema, listEnvelope } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { usersKey } from './listUsers';

const auditListSchema = lazySchema(() => listEnvelope(auditEventSchema).shape.data);

/** `GET /user/{uuid}/audit`: who changed what on the user, newest first. */
export async function fetchUserAudit(
  uuid: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListData<AuditEvent>> {
  const path = `/user/${encodeURIComponent(uuid)}/audit`;
  return auditListSchema.parse(await http.get<unknown>(path, { query: toListQuery(params), signal }));
}

export const userAuditQuery = (uuid: string, params: ListParams) =>
  queryOptions({
    queryKey: [...usersKey, 'audit', uuid, params],
    queryFn: ({ signal }) => fetchUserAudit(uuid, params, signal),
    placeholderData: keepPreviousData,
  });

export function useUserAudit(uuid: string, params: ListParams) {
  return useQuery(userAuditQuery(uuid, params));
}
