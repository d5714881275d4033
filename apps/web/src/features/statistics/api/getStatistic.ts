import { type Language, type Statistic, statisticSchema } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';

/** Whose orders the summary counts: the platform's (admin, `/statistics`) or the viewer's own (`/statistic`). */
export type StatisticScope = 'platform' | 'own';

export const statisticPaths: Record<StatisticScope, string> = {
  platform: '/order/statistic/',
  own: '/my/order/statistic/',
};

export const statisticKey = ['statistic'] as const;

/** Each filter the user set as `filter[name]`, as the server's query schema reads it. */
export function toStatisticQuery(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [`filter[${name}]`, value]),
  );
}

/** `GET /order/statistic/` or `GET /my/order/statistic/` (SPEC §2.9, §7): the answer is checked against the contract. */
export async function fetchStatistic(
  scope: StatisticScope,
  filters: Record<string, string>,
  signal?: AbortSignal,
): Promise<Statistic> {
  const data = await http.get<unknown>(statisticPaths[scope], { query: toStatisticQuery(filters), signal });
  return statisticSchema.parse(data);
}

export const statisticQuery = (scope: StatisticScope, filters: Record<string, string>, language: Language) =>
  queryOptions({
    queryKey: [...statisticKey, scope, filters, language],
    queryFn: ({ signal }) => fetchStatistic(scope, filters, signal),
    // The summary of the filters applied last stays on screen while the new one loads.
    placeholderData: keepPreviousData,
  });

export function useStatistic(scope: StatisticScope, filters: Record<string, string>, enabled: boolean) {
  // Status, role and currency titles and the filter options come in the request's language.
  return useQuery({ ...statisticQuery(scope, filters, useRequestLanguage()), enabled });
}
