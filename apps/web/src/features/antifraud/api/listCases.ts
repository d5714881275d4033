import { type AntiFraudCase, antiFraudCaseSchema, type Language, type ListData, listEnvelope } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { caseListsKey } from './antiFraudKey';

const caseListSchema = listEnvelope(antiFraudCaseSchema).shape.data;

/** `GET /anti_fraud/` (SPEC §7): the cases, newest first; the answer is checked against the contract. */
export const caseListPath = '/anti_fraud/';

export async function fetchCases(params: ListParams, signal?: AbortSignal): Promise<ListData<AntiFraudCase>> {
  const data = await http.get<unknown>(caseListPath, { query: toListQuery(params), signal });
  return caseListSchema.parse(data);
}

export const casesListQuery = (params: ListParams, language: Language) =>
  queryOptions({
    queryKey: [...caseListsKey, params, language],
    queryFn: ({ signal }) => fetchCases(params, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCasesList(params: ListParams) {
  // Rule titles, evidence and filter options come in the request's language: a language switch reloads the list.
  return useQuery(casesListQuery(params, useRequestLanguage()));
}
