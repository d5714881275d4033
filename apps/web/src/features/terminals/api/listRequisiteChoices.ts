import { lazySchema, listEnvelope, requisiteSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { terminalsKey } from './terminalsKey';

const requisiteListSchema = lazySchema(() => listEnvelope(requisiteSchema).shape.data);

/** SPEC §7: the terminal form's requisite list is fetched with count 1000, so every one is offered at once. */
export const requisiteChoicesCount = 1000;

/** A requisite as the terminal form offers it. */
export interface RequisiteChoice {
  id: string;
  name: string;
}

/**
 * Whose requisites a terminal may carry: a trader's own (`GET /trader/requisite`) when it adds or edits its terminal,
 * the owner's (`GET /requisite?filter[user_uuid]=…`) when an admin edits another's.
 */
export type RequisiteChoicesOwner = { kind: 'own' } | { kind: 'user'; uuid: string };

export async function fetchRequisiteChoices(
  owner: RequisiteChoicesOwner,
  signal?: AbortSignal,
): Promise<RequisiteChoice[]> {
  const data =
    owner.kind === 'own'
      ? await http.get<unknown>('/trader/requisite', { query: { count: requisiteChoicesCount }, signal })
      : await http.get<unknown>('/requisite', {
          query: { 'filter[user_uuid]': owner.uuid, count: requisiteChoicesCount },
          signal,
        });
  return requisiteListSchema.parse(data).items.map((requisite) => ({ id: requisite.id, name: requisite.name }));
}

export const requisiteChoicesQuery = (owner: RequisiteChoicesOwner) =>
  queryOptions({
    queryKey: [...terminalsKey, 'requisite-choices', owner.kind === 'own' ? 'own' : owner.uuid],
    queryFn: ({ signal }) => fetchRequisiteChoices(owner, signal),
  });

export function useRequisiteChoices(owner: RequisiteChoicesOwner, enabled: boolean) {
  return useQuery({ ...requisiteChoicesQuery(owner), enabled });
}
