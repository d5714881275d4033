import { lazySchema, ownFeeSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

export type OwnFee = z.infer<typeof ownFeeSchema>;

const ownFeesSchema = lazySchema(() => z.array(ownFeeSchema));

export const ownFeesKey = ['settings', 'fees'] as const;

/** `GET /user/fees` (trader): the trader's own fee tiers, read-only. */
export async function getOwnFees(signal?: AbortSignal): Promise<OwnFee[]> {
  return ownFeesSchema.parse(await http.get<unknown>('/user/fees', { signal }));
}

export const ownFeesQuery = queryOptions({ queryKey: ownFeesKey, queryFn: ({ signal }) => getOwnFees(signal) });

export function useOwnFees() {
  return useQuery(ownFeesQuery);
}
