import type { Language } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http, type QueryValue } from '../http';
import { useRequestLanguage } from '../useRequestLanguage';

/**
 * Root of the reference data every screen shares (DESIGN §8: currencies, payment options and types, restriction
 * types). Its names come in the request's language, so each key under it ends with the language.
 */
export const referenceKey = ['reference'] as const;

/** Reference data changes with a release or a migration, not while a screen is open. */
export const referenceStaleMs = 60 * 60_000;

export interface ReferenceList<T extends z.ZodType> {
  /** Its name under the reference key. */
  name: string;
  path: string;
  query?: Record<string, QueryValue>;
  /** The contract's schema of one item: the answer is checked against it. */
  item: T;
}

/** The query of one reference list in `language`. */
export function referenceListQuery<T extends z.ZodType>(list: ReferenceList<T>, language: Language) {
  const schema = z.array(list.item);
  return queryOptions({
    queryKey: [...referenceKey, list.name, language],
    queryFn: async ({ signal }): Promise<z.output<T>[]> =>
      schema.parse(await http.get<unknown>(list.path, { query: list.query, signal })),
    staleTime: referenceStaleMs,
  });
}

/** One reference list in the language of the screen: a language switch loads it again. */
export function useReferenceList<T extends z.ZodType>(list: ReferenceList<T>, enabled = true) {
  return useQuery({ ...referenceListQuery(list, useRequestLanguage()), enabled });
}
