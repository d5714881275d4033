import { type Requisite, type RequisiteUpdate, requisiteSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { requisiteListsKey } from './listRequisites';

export interface RequisiteChange {
  id: string;
  changes: RequisiteUpdate;
}

/** `PUT /requisite/{id}`: the edit form sends its fields, the admin's active dropdown `is_active` alone. */
export async function updateRequisite({ id, changes }: RequisiteChange): Promise<Requisite> {
  return requisiteSchema.parse(await http.put<unknown>(`/requisite/${encodeURIComponent(id)}`, changes));
}

export function useUpdateRequisite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequisite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requisiteListsKey }),
  });
}
