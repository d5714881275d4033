import {
  formatAmount,
  type ListData,
  type PlatformInfo,
  paginate,
  rootUsername,
  USDT,
  type Wallet,
  type WalletListQuery,
  withdrawalMinUsdt,
} from '@paydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { type DepositKey, depositKeyOf, newDemoXpub } from '../../lib/tron';
import * as ledger from '../ledger/ledger.repository';
import * as repo from './wallets.repository';

const xpubSetting = 'deposit_xpub';
const usdtText = (minor: bigint) => formatAmount(minor, USDT.ratio_fraction);
const pageOf = (query: { page: number; count: number }) => ({
  limit: query.count,
  offset: (query.page - 1) * query.count,
});

interface Holder {
  id: string;
  username: string;
}

const holderOf = (holder: Holder) => ({
  username: holder.username,
  uuid: holder.id,
  is_root: holder.username === rootUsername,
});

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

/** SPEC §3 Wallet, §2.10 real wallets; the platform facts of GET /platform. */
export function createWalletsService(db: Db, config: Config, depositKey: DepositKey | null) {
  /** The user's deposit address of the current key, issued on first need. */
  async function addressesFor(tx: Executor, userId: string): Promise<repo.DepositAddressRow[]> {
    const existing = await repo.addressesOf(tx, [userId]);
    if (!depositKey || existing.some((row) => row.keyFingerprint === depositKey.fingerprint)) return existing;
    const index = await repo.nextDerivationIndex(tx);
    await repo.insertAddress(tx, {
      address: depositKey.addressAt(index),
      userId,
      keyFingerprint: depositKey.fingerprint,
      derivationIndex: index,
    });
    return repo.addressesOf(tx, [userId]);
  }

  /** The user's virtual USDT wallet (the available balance) and real deposit addresses with what they received. */
  async function walletsOf(holder: Holder): Promise<Wallet[]> {
    const availableKey = { ownerId: holder.id, kind: 'available' as const };
    const [addresses, accounts] = await Promise.all([
      addressesFor(db, holder.id),
      ledger.accountsFor(db, [availableKey], USDT.code, false),
    ]);
    const received = await repo.receivedBy(
      db,
      addresses.map((row) => row.address),
    );
    // The virtual wallet is the available account: its id is the wallet's name, its balance the amount.
    const available = accounts.get(ledger.accountKeyText(availableKey));
    return [
      {
        name: available?.id ?? holder.id,
        type: { slug: 'virtual' },
        amount: { amount: usdtText(available?.balanceMinor ?? 0n), currency: USDT },
        holder: holderOf(holder),
      },
      ...addresses.map((row) => ({
        name: row.address,
        type: { slug: 'real' as const },
        amount: { amount: usdtText(received.get(row.address) ?? 0n), currency: USDT },
        holder: holderOf(holder),
      })),
    ];
  }

  return {
    addressesFor,
    walletsOf,

    async listOwn(holder: Holder, query: { page: number; count: number }): Promise<ListData<Wallet>> {
      const all = await walletsOf(holder);
      const { offset, limit } = pageOf(query);
      return {
        items: all.slice(offset, offset + limit),
        context: { available_filters: [], pagination: paginate(all.length, query) },
      };
    },

    /** GET /wallet: every real wallet with its holder and what it received. */
    async list(query: WalletListQuery): Promise<ListData<Wallet>> {
      const { rows, count } = await repo.listAddresses(
        db,
        { username: query['filter[username]'], address: query['filter[address]'] },
        pageOf(query),
      );
      const received = await repo.receivedBy(
        db,
        rows.map((row) => row.address.address),
      );
      return {
        items: rows.map(({ address, holder }) => ({
          name: address.address,
          type: { slug: 'real' as const },
          amount: { amount: usdtText(received.get(address.address) ?? 0n), currency: USDT },
          holder: holderOf(holder),
        })),
        context: {
          available_filters: [
            { name: 'username', label: 'filters.username', type: 'text' },
            { name: 'address', label: 'filters.address', type: 'text' },
          ],
          pagination: paginate(count.total, query, count.estimated),
        },
      };
    },

    platformInfo(): PlatformInfo {
      return {
        demo: config.demo,
        currency: USDT,
        withdrawal: { min: withdrawalMinUsdt, auto_limit: usdtText(config.withdrawalAutoLimitMinor) },
      };
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
