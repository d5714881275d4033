import { antiFraudCaseSchema, type Language, lazySchema, listEnvelope } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';
import { caseListsKey } from './antiFraudKey';

const caseListSchema = lazySchema(() => listEnvelope(antiFraudCaseSchema).shape.data);

/** `GET /anti_fraud/` (SPEC §7): the cases, newest first; the answer is checked against the contract. */
export const caseListPath = '/anti_fraud/';

export const casesListQuery = (params: ListParams, language: Language) =>
  listPageQuery([...caseListsKey, params, language], caseListPath, caseListSchema, toListQuery(params));

export function useCasesList(params: ListParams) {
  // Rule titles, evidence and filter options come in the request's language: a language switch reloads the list.
  return useQuery(casesListQuery(params, useRequestLanguage()));
}
