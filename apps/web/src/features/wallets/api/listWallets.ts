import { type ListData, listEnvelope, type Wallet, walletSchema } from '@paydesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** Root of the wallets queries. It sits under `moneyKey`, so deposits and money mutations refresh the amounts. */
export const walletsKey = [...moneyKey, 'wallets'] as const;

/** `GET /wallet` (DESIGN §6): every real wallet with its holder and what it received (SPEC §2.10). */
/** `GET /wallet` and `GET /user/wallet/` answer the same list. */
export const walletListSchema = listEnvelope(walletSchema).shape.data;

export const walletListPath = '/wallet';

export async function fetchWallets(params: ListParams, signal?: AbortSignal): Promise<ListData<Wallet>> {
  return walletListSchema.parse(await http.get<unknown>(walletListPath, { query: toListQuery(params), signal }));
}

export const walletsListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...walletsKey, 'list', params],
    queryFn: ({ signal }) => fetchWallets(params, signal),
    // The rows of the previous page stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useWalletsList(params: ListParams) {
  return useQuery(walletsListQuery(params));
}
