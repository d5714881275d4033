import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { JobDefinition } from '../../jobs/jobs.runner';
import * as wallets from '../../wallets/wallets.module';
import { creditDeposit } from '../deposits';

/** One TRC-20 transfer as TronGrid's `GET /v1/accounts/{address}/transactions/trc20` lists it. */
export interface Trc20Transfer {
  transaction_id?: string;
  token_info?: { symbol?: string; address?: string; decimals?: number; name?: string };
  block_timestamp?: number;
  from?: string;
  to?: string;
  type?: string;
  value?: string;
}

export interface Trc20Page {
  data?: Trc20Transfer[];
  success?: boolean;
  meta?: { at?: number; page_size?: number; fingerprint?: string; links?: { next?: string } };
}

/** USDT on TRON has six decimals, like the platform's minor unit. */
const usdtDecimals = 6;
const pageSize = 200;
/** Pages read per address and round; the rest waits for the next round, the cursor keeps the place. */
const pagesPerRound = 20;
const addressesAtOnce = 4;
/** How long one request to TronGrid may take before the round gives up on that address (until the next round). */
const requestTimeoutMs = 15_000;

export interface PollReport {
  addresses: number;
  credited: number;
  repeated: number;
  ignored: number;
  failed: number;
}

/**
 * The TronGrid deposit source: reads the confirmed incoming USDT transfers of every deposit address and credits each
 * once. Only transfers of the configured USDT contract to the address itself count; anything else (another token,
 * a token that calls itself USDT, an outgoing transfer) is ignored and logged. It runs as one recurring job of the
 * job runner (`deposits.poll`), so one server process polls at a time and another takes over if it dies.
 */
export function createTronGridWatcher(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  /** Overrides the request timeout (tests whose fake TronGrid shares a busy process with the database). */
  requestTimeoutMs?: number;
}) {
  const { db, config, log } = deps;
  const timeoutMs = deps.requestTimeoutMs ?? requestTimeoutMs;
  const fetchPage = deps.fetch ?? fetch;
  const scanner: Scanner = {
    db,
    log,
    baseUrl: (config.TRONGRID_URL ?? '').replace(/\/+$/, ''),
    contract: config.TRON_USDT_CONTRACT,
    read: (url) => readPage(config, fetchPage, timeoutMs, url),
  };

  async function pollOnce(): Promise<PollReport> {
    const addresses = await wallets.watchedAddresses(db);
    const report: PollReport = { addresses: addresses.length, credited: 0, repeated: 0, ignored: 0, failed: 0 };
    for (let start = 0; start < addresses.length; start += addressesAtOnce) {
      await Promise.all(
        addresses.slice(start, start + addressesAtOnce).map((row) =>
          scan(scanner, row, report).catch((error: unknown) => {
            report.failed += 1;
            log.warn({ err: error, address: row.address }, 'deposit scan failed; the address is read again next round');
          }),
        ),
      );
    }
    return report;
  }

  return {
    pollOnce,
    /** The recurring job the app registers when TRONGRID_URL is set. */
    job: {
      async run() {
        const report = await pollOnce();
        if (report.credited > 0) log.info(report, 'deposits credited');
      },
    } satisfies JobDefinition,
  };
}

/** What scanning an address needs: where to credit and log, TronGrid's address, the USDT contract, a page's read. */
interface Scanner {
  db: Db;
  log: FastifyBaseLogger;
  baseUrl: string;
  contract: string;
  read(url: string): Promise<Trc20Page>;
}

/** One page of TronGrid's list; an error answer or one without data throws. */
async function readPage(config: Config, fetchPage: typeof fetch, timeoutMs: number, url: string): Promise<Trc20Page> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.TRONGRID_API_KEY) headers['TRON-PRO-API-KEY'] = config.TRONGRID_API_KEY;
  const response = await fetchPage(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`TronGrid answered ${response.status}`);
  const page = (await response.json()) as Trc20Page;
  if (page.success === false || !Array.isArray(page.data)) throw new Error('TronGrid answered without data');
  return page;
}

/** The amount of a transfer that is a USDT deposit to `address`, or null when it is anything else. */
function amountOf(transfer: Trc20Transfer, address: string, contract: string): bigint | null {
  const valid =
    transfer.type === 'Transfer' &&
    transfer.to === address &&
    transfer.token_info?.address === contract &&
    transfer.token_info.decimals === usdtDecimals &&
    /^[0-9a-fA-F]{64}$/.test(transfer.transaction_id ?? '') &&
    /^\d{1,30}$/.test(transfer.value ?? '') &&
    Number.isSafeInteger(transfer.block_timestamp);
  if (!valid) return null;
  const amount = BigInt(transfer.value ?? '0');
  return amount > 0n ? amount : null;
}

/** Credits an address's transfers since its cursor, a few pages a round, and moves the cursor to the newest. */
async function scan({ db, log, baseUrl, contract, read }: Scanner, row: wallets.DepositAddressRow, report: PollReport) {
  const params = new URLSearchParams({
    only_to: 'true',
    only_confirmed: 'true',
    contract_address: contract,
    limit: String(pageSize),
    order_by: 'block_timestamp,asc',
    min_timestamp: String(row.scannedUntilMs ?? 0),
  });
  let newest = row.scannedUntilMs ?? 0;
  for (let page = 0; page < pagesPerRound; page++) {
    const result = await read(`${baseUrl}/v1/accounts/${row.address}/transactions/trc20?${params}`);
    for (const transfer of result.data ?? []) {
      const amountMinor = amountOf(transfer, row.address, contract);
      if (amountMinor === null) {
        report.ignored += 1;
        log.warn(
          { address: row.address, transaction: transfer.transaction_id },
          'ignored a transfer that is not USDT to this address',
        );
        continue;
      }
      const outcome = await creditDeposit(db, {
        txHash: (transfer.transaction_id ?? '').toLowerCase(),
        address: row.address,
        amountMinor,
        source: 'trongrid',
        actorId: null,
      });
      if (outcome.credited) report.credited += 1;
      else report.repeated += 1;
      newest = Math.max(newest, transfer.block_timestamp ?? 0);
    }
    const fingerprint = result.meta?.fingerprint;
    if (!fingerprint || (result.data ?? []).length < pageSize) break;
    params.set('fingerprint', fingerprint);
  }
  // min_timestamp is inclusive: the newest transfer is read again next round and answered as a repeat.
  if (newest !== (row.scannedUntilMs ?? 0)) await wallets.markScannedUntil(db, row.address, newest);
}
