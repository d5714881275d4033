import { type Language, lazySchema, listEnvelope, type PaymentType, paymentSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { moneyKey } from '../../../lib/moneyKey';
import { useRequestLanguage } from '../../../lib/useRequestLanguage';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** Root of the payments queries. It sits under `moneyKey`, so real-time deposits and money mutations refresh it. */
export const paymentsKey = [...moneyKey, 'payments'] as const;

const paymentListSchema = lazySchema(() => listEnvelope(paymentSchema).shape.data);

export const paymentListPath = '/transaction';

/** The query of one tab's list: the list's params and the tab as `filter[type]`. */
export function paymentListQueryParams(type: PaymentType, params: ListParams): Record<string, string> {
  return { ...toListQuery(params), 'filter[type]': type };
}

/** `GET /transaction` for one tab (SPEC §2.13): the tab is `filter[type]`, newest first. */
export const paymentsListQuery = (type: PaymentType, params: ListParams, language: Language) =>
  listPageQuery(
    [...paymentsKey, 'list', type, params, language],
    paymentListPath,
    paymentListSchema,
    paymentListQueryParams(type, params),
  );

export function usePaymentsList(type: PaymentType, params: ListParams) {
  // Status titles, currency names and filter options come in the request's language: a language switch reloads them.
  return useQuery(paymentsListQuery(type, params, useRequestLanguage()));
}

/** The withdrawals waiting on moderation: one row is asked for, the page's total is the count. */
const waitingParams: ListParams = { page: 1, count: 1, filters: { status: 'moderation' } };

/** How many withdrawals wait for an admin's decision (the Withdrawals tab shows it); reloads with every money change. */
export function useWaitingWithdrawals(enabled: boolean): number | undefined {
  const query = useQuery({ ...paymentsListQuery('withdraw', waitingParams, useRequestLanguage()), enabled });
  return query.data?.context.pagination.total_count;
}
