import { type Requisite, type RequisiteInput, requisiteSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { requisiteListsKey } from './listRequisites';

/** `POST /requisite`: an admin names the owner (`user_uuid`), a trader's requisite is its own. */
export async function createRequisite(body: RequisiteInput): Promise<Requisite> {
  return requisiteSchema.parse(await http.post<unknown>('/requisite', body));
}

export function useCreateRequisite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequisite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requisiteListsKey }),
  });
}
