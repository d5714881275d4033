import { type SystemBalance, systemBalanceSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

/** `GET /system/balance` (admin): what the platform holds, owes its users and has earned. */
export async function getSystemBalance(signal?: AbortSignal): Promise<SystemBalance> {
  return systemBalanceSchema.parse(await http.get<unknown>('/system/balance', { signal }));
}

export const systemBalanceQuery = queryOptions({
  queryKey: [...moneyKey, 'system-balance'],
  queryFn: ({ signal }) => getSystemBalance(signal),
});

export function useSystemBalance() {
  return useQuery(systemBalanceQuery);
}
