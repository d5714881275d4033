import { type Language, type PartnerSystem, partnerSystemSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { partnersKey } from './listPartnerSystems';

/** `GET /partner-system/{slug}`: one partner payment system with its flows, for the detail view. */
export async function fetchPartnerSystem(slug: string, signal?: AbortSignal): Promise<PartnerSystem> {
  return partnerSystemSchema.parse(await http.get<unknown>(`/partner-system/${encodeURIComponent(slug)}`, { signal }));
}

export const partnerSystemQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: [...partnersKey, 'detail', slug, language],
    queryFn: ({ signal }) => fetchPartnerSystem(slug, signal),
  });

/** `known` is the list row the view was opened from: shown at once while the full answer loads. */
export function usePartnerSystem(slug: string, known?: PartnerSystem) {
  // Currency and payment type names come in the request's language: a language switch reloads the system.
  return useQuery({ ...partnerSystemQuery(slug, useRequestLanguage()), placeholderData: known });
}
