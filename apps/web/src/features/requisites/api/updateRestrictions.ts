import type { Restriction, RestrictionsUpdate } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { restrictionsKey, restrictionsSchema } from './getRestrictions';
import { requisiteListsKey } from './listRequisites';

export interface RestrictionsChange {
  id: string;
  body: RestrictionsUpdate;
}

/** `PUT /requisite/{id}/restrictions`: the whole set; a type left out is removed (SPEC §5). */
export async function updateRestrictions({ id, body }: RestrictionsChange): Promise<Restriction[]> {
  return restrictionsSchema.parse(await http.put<unknown>(`/requisite/${encodeURIComponent(id)}/restrictions`, body));
}

export function useUpdateRestrictions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRestrictions,
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(restrictionsKey(id), saved);
      // The list rows carry the restrictions in force too.
      return queryClient.invalidateQueries({ queryKey: requisiteListsKey });
    },
  });
}
