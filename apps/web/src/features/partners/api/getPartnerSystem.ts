import { type PartnerSystem, partnerSystemSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { partnersKey } from './listPartnerSystems';

/** `GET /partner-system/{slug}`: one partner payment system with its flows, for the detail view. */
export async function fetchPartnerSystem(slug: string, signal?: AbortSignal): Promise<PartnerSystem> {
  return partnerSystemSchema.parse(await http.get<unknown>(`/partner-system/${encodeURIComponent(slug)}`, { signal }));
}

export const partnerSystemQuery = (slug: string) =>
  queryOptions({
    queryKey: [...partnersKey, 'detail', slug],
    queryFn: ({ signal }) => fetchPartnerSystem(slug, signal),
  });

/** `known` is the list row the view was opened from: shown at once while the full answer loads. */
export function usePartnerSystem(slug: string, known?: PartnerSystem) {
  return useQuery({ ...partnerSystemQuery(slug), placeholderData: known });
}
