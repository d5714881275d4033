import {
  formatMoney,
  type Language,
  type ListData,
  type PlatformInfo,
  paginate,
  USDT,
  type Wallet,
  type WalletListQuery,
  withdrawalMinUsdt,
} from '@paydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { keysetChunks } from '../../db/keyset';
import { type CsvColumn, csvStream } from '../../http/csv';
import { pageOf } from '../../lib/paging';
import { type DepositKey, depositKeyOf, newDemoXpub } from '../../lib/tron';
import * as repo from './wallets.repository';

const xpubSetting = 'deposit_xpub';

export interface Holder {
  id: string;
  username: string;
  isRoot: boolean;
}

const holderOf = (holder: Holder) => ({ username: holder.username, uuid: holder.id, is_root: holder.isRoot });

/**
 * The extended public key deposit addresses come from: DEPOSIT_XPUB when set; otherwise the one stored in the
 * database; in demo mode, a fresh one made and stored at first start (only its public part exists anywhere).
 */
export async function loadDepositKey(db: Db, config: Config, log: FastifyBaseLogger): Promise<DepositKey | null> {
  if (config.DEPOSIT_XPUB) return depositKeyOf(config.DEPOSIT_XPUB);
  const stored = await repo.readSetting(db, xpubSetting);
  if (stored) return depositKeyOf(stored);
  if (!config.demo) {
    log.warn('DEPOSIT_XPUB is not set: no deposit addresses are issued until it is');
    return null;
  }
  return depositKeyOf(await repo.settleSetting(db, xpubSetting, newDemoXpub()));
}

/** GET /user/wallet/: one page of the user's own wallets (the virtual one first, then the real ones). */
export function pageOfWallets(all: Wallet[], query: { page: number; count: number }): ListData<Wallet> {
  const { offset, limit } = pageOf(query);
  return {
    items: all.slice(offset, offset + limit),
    context: { available_filters: [], pagination: paginate(all.length, query) },
  };
}

const filterOf = (query: Omit<WalletListQuery, 'page' | 'count'>): repo.WalletListFilter => ({
  username: query['filter[username]'],
  address: query['filter[address]'],
});

/** The columns of the wallets export: the address, its holder and what it received (exact). */
const walletCsvColumns: CsvColumn<Wallet>[] = [
  { header: 'csv.column.address', exact: true, cell: (wallet) => wallet.name },
  { header: 'csv.column.owner', cell: (wallet) => wallet.holder.username },
  { header: 'csv.column.owner_id', exact: true, cell: (wallet) => wallet.holder.uuid },
  { header: 'csv.column.received', exact: true, cell: (wallet) => wallet.amount.amount },
  { header: 'csv.column.currency', exact: true, cell: (wallet) => wallet.amount.currency.code },
];

/** SPEC §3 Wallet, §2.10 real wallets; the platform facts of GET /platform. */
export function createWalletsService(db: Db, config: Config, depositKey: DepositKey | null) {
  /** The wire wallets of rows of addresses with their holders, with what each received (one query). */
  async function walletsOf(rows: { address: repo.DepositAddressRow; holder: Holder }[]): Promise<Wallet[]> {
    const received = await repo.receivedBy(
      db,
      rows.map((row) => row.address.address),
    );
    return rows.map(({ address, holder }) => ({
      name: address.address,
      type: { slug: 'real' as const },
      amount: { amount: formatMoney(received.get(address.address) ?? 0n, USDT), currency: USDT },
      holder: holderOf(holder),
    }));
  }

  /** Whether a user whose addresses come from these keys still needs one of the current key. */
  const needsAddress = (fingerprints: string[]) =>
    depositKey !== null && !fingerprints.includes(depositKey.fingerprint);

  /** The user's deposit address of the current key, issued on first need. */
  async function addressesFor(tx: Executor, userId: string): Promise<repo.DepositAddressRow[]> {
    const existing = await repo.addressesOf(tx, [userId]);
    if (!depositKey || !needsAddress(existing.map((row) => row.keyFingerprint))) return existing;
    const index = await repo.nextDerivationIndex(tx);
    await repo.insertAddress(tx, {
      address: depositKey.addressAt(index),
      userId,
      keyFingerprint: depositKey.fingerprint,
      derivationIndex: index,
    });
    return repo.addressesOf(tx, [userId]);
  }

  return {
    needsAddress,
    addressesFor,
    /** GET /wallet: every real wallet with its holder and what it received. */
    async list(query: WalletListQuery): Promise<ListData<Wallet>> {
      const { rows, count } = await repo.listAddresses(db, filterOf(query), pageOf(query));
      return {
        items: await walletsOf(rows),
        context: {
          available_filters: [
            { name: 'username', label: 'filters.username', type: 'text' },
            { name: 'address', label: 'filters.address', type: 'text' },
          ],
          pagination: paginate(count.total, query, count.estimated),
        },
      };
    },
    /** GET /wallet/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
    exportCsv(query: Omit<WalletListQuery, 'page' | 'count'>, language: Language) {
      const filter = filterOf(query);
      async function* chunks() {
        for await (const rows of keysetChunks((after, size) => repo.addressChunk(db, filter, after, size))) {
          yield await walletsOf(rows);
        }
      }
      return csvStream(walletCsvColumns, language, chunks());
    },
    platformInfo(): PlatformInfo {
      return {
        demo: config.demo,
        currency: USDT,
        withdrawal: { min: withdrawalMinUsdt, auto_limit: formatMoney(config.withdrawalAutoLimitMinor, USDT) },
      };
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
