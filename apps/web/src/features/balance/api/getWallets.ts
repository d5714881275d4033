import { lazySchema, listEnvelope, type Wallet, walletSchema } from '@paydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { moneyKey } from '../../../lib/moneyKey';

const walletListSchema = lazySchema(() => listEnvelope(walletSchema).shape.data);

/** A user holds one virtual wallet and a real address or two: one page of the largest size holds them all. */
const walletsPageSize = 100;

/** `GET /user/wallet/`: the virtual wallet (the available balance) and the real USDT deposit addresses. */
export async function getWallets(signal?: AbortSignal): Promise<Wallet[]> {
  const data = await http.get<unknown>('/user/wallet/', {
    query: { page: 1, count: walletsPageSize },
    signal,
  });
  return walletListSchema.parse(data).items;
}

export const walletsQuery = queryOptions({
  queryKey: [...moneyKey, 'own-wallets'],
  queryFn: ({ signal }) => getWallets(signal),
});

export function useWallets() {
  return useQuery(walletsQuery);
}
