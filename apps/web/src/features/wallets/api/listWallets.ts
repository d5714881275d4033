import { lazySchema, listEnvelope, walletSchema } from '@paydesk/contract';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../lib/listQuery';
import { moneyKey } from '../../../lib/moneyKey';
import { type ListParams, toListQuery } from '../../../ui/useListParams';

/** Root of the wallets queries. It sits under `moneyKey`, so deposits and money mutations refresh the amounts. */
export const walletsKey = [...moneyKey, 'wallets'] as const;

/** `GET /wallet` (DESIGN §6): every real wallet with its holder and what it received (SPEC §2.10). */
/** `GET /wallet` and `GET /user/wallet/` answer the same list. */
export const walletListSchema = lazySchema(() => listEnvelope(walletSchema).shape.data);

export const walletListPath = '/wallet';

export const walletsListQuery = (params: ListParams) =>
  listPageQuery([...walletsKey, 'list', params], walletListPath, walletListSchema, toListQuery(params));

export function useWalletsList(params: ListParams) {
  return useQuery(walletsListQuery(params));
}
