import { type PartnerSystem, type partnerSystemCreateSchema, partnerSystemSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { partnersKey } from './listPartnerSystems';

export type PartnerSystemCreateBody = z.output<typeof partnerSystemCreateSchema>;

/** `POST /partner-system`: a payment system for a user of type partner. */
export async function createPartnerSystem(body: PartnerSystemCreateBody): Promise<PartnerSystem> {
  return partnerSystemSchema.parse(await http.post<unknown>('/partner-system', body));
}

/** Creates a partner system; the list and every view of it reload afterwards. */
export function useCreatePartnerSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartnerSystem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
