import { type DisputeReason, disputeReasonSchema, lazySchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

const reasonListSchema = lazySchema(() => z.array(disputeReasonSchema));

/** `GET /dispute/reason`: every reason with the fields it asks for and its names in both languages. */
export async function fetchDisputeReasons(signal?: AbortSignal): Promise<DisputeReason[]> {
  return reasonListSchema.parse(await http.get<unknown>('/dispute/reason', { signal }));
}

/** The reasons change only with a release: one load per session is enough, and both languages come at once. */
export const disputeReasonsQuery = queryOptions({
  queryKey: ['dispute-reasons'] as const,
  queryFn: ({ signal }) => fetchDisputeReasons(signal),
  staleTime: 60 * 60_000,
});

/** The reasons, loaded once the dispute modal opens. */
export function useDisputeReasons(enabled: boolean) {
  return useQuery({ ...disputeReasonsQuery, enabled });
}
