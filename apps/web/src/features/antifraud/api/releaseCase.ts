import { type AntiFraudCase, antiFraudCaseSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { caseListsKey } from './antiFraudKey';

/**
 * `PATCH /anti_fraud/{guid}/release` (SPEC §4): a New case becomes Approved and its trader or requisite gets orders
 * again. A case released meanwhile by someone else is refused with a 409.
 */
export async function releaseCase(guid: string): Promise<AntiFraudCase> {
  const data = await http.patch<unknown>(`/anti_fraud/${encodeURIComponent(guid)}/release`);
  return antiFraudCaseSchema.parse(data);
}

export function useReleaseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseCase,
    // After a refusal too: a 409 means the list on screen is stale, and the reload shows who released it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseListsKey }),
  });
}
