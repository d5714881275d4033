import { type Language, lazySchema, listEnvelope, paymentSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { moneyKey } from '../../../lib/moneyKey';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

const myWithdrawalsSchema = lazySchema(() => listEnvelope(paymentSchema).shape.data);

/**
 * `GET /my/withdrawals`: one page of the user's own withdrawals, newest first. Under `moneyKey`, so a new request, an
 * admin's decision and the real-time balance events reload it.
 */
export const myWithdrawalsQuery = (params: ListParams, language: Language) =>
  listPageQuery([...moneyKey, 'my-withdrawals', params, language], '/my/withdrawals', myWithdrawalsSchema, {
    ...toListQuery(params),
  });

export function useMyWithdrawals(params: ListParams) {
  // State titles come in the request's language: a language switch reloads them.
  return useQuery(myWithdrawalsQuery(params, useRequestLanguage()));
}
