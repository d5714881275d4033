import { type PartnerSystem, partnerSystemSchema, type partnerSystemUpdateSchema } from '@paydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { partnersKey } from './listPartnerSystems';

export type PartnerSystemChanges = z.output<typeof partnerSystemUpdateSchema>;

/** `PUT /partner-system/{slug}` with the changed fields only; the partner user and the slug stay. */
export async function updatePartnerSystem({
  slug,
  changes,
}: {
  slug: string;
  changes: PartnerSystemChanges;
}): Promise<PartnerSystem> {
  return partnerSystemSchema.parse(await http.put<unknown>(`/partner-system/${encodeURIComponent(slug)}`, changes));
}

export function useUpdatePartnerSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartnerSystem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
