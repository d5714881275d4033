import { type Language, type PartnerSystem, partnerSystemListSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listPageQuery } from '../../../lib/listQuery';
import { moneyKey } from '../../../lib/moneyKey';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/**
 * Root of every partner-system query: the list, one system, its balance log and the form's choices. It sits under
 * `moneyKey` because the screen shows balances, so real-time deposits and money mutations refresh it too; the create
 * and edit mutations invalidate it whole.
 */
export const partnersKey = [...moneyKey, 'partners'] as const;

/** The list with `context.total`: every partner's balance in all (the screen's title line). */
export type PartnerSystemList = z.output<typeof partnerSystemListSchema>['data'];
export type { PartnerSystem };

/** `GET /partner-system`: one page of the partner payment systems (SPEC §2.20, §7 Flows and partners). */
export const partnerSystemsQuery = (params: ListParams, language: Language) =>
  listPageQuery(
    [...partnersKey, 'list', params, language],
    '/partner-system',
    partnerSystemListSchema.shape.data,
    toListQuery(params),
  );

export function usePartnerSystems(params: ListParams) {
  // Currency names and filter options come in the request's language: a language switch reloads the list.
  return useQuery(partnerSystemsQuery(params, useRequestLanguage()));
}
