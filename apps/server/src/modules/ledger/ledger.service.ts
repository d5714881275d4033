import type { TransferCode } from '@paydesk/contract';
import type { Db, Tx } from '../../db/client';
import { deferWrite } from '../../db/deferred';
import { DomainError } from '../../lib/errors';
import { countTransfers } from '../../lib/metrics';
import { type AccountKey, accountKeyText } from './accounts';
import * as repo from './ledger.repository';

/** One movement of money: `amountMinor` leaves `debit` and arrives in `credit`. */
export interface TransferSpec {
  /** The idempotency id: a transfer with this id applies at most once, ever. */
  id: string;
  code: TransferCode;
  debit: AccountKey;
  credit: AccountKey;
  amountMinor: bigint;
  /** What the transfer belongs to, such as a payment. */
  referenceId?: string | null;
}

export type PostOutcome = 'applied' | 'already_applied';

export const userAccount = (ownerId: string, kind: 'available' | 'hold' | 'insurance'): AccountKey => ({
  ownerId,
  kind,
});
export const platformAccount = (kind: 'custody' | 'revenue' | 'rounding'): AccountKey => ({
  ownerId: null,
  kind,
});

/**
 * Walks the transfers in order over the locked balances and returns, per transfer, whether its debit account can
 * pay: a user's account never goes negative, the platform's may (custody is the mirror of what users hold).
 */
function fundedInOrder(accounts: Map<string, repo.AccountRow>, transfers: TransferSpec[]): boolean[] {
  const balances = new Map([...accounts.values()].map((account) => [account.id, account.balanceMinor]));
  return transfers.map((transfer) => {
    const debit = accounts.get(accountKeyText(transfer.debit));
    const credit = accounts.get(accountKeyText(transfer.credit));
    if (!debit || !credit) throw new Error('ledger: account was not opened');
    const debitBalance = (balances.get(debit.id) ?? 0n) - transfer.amountMinor;
    if (debit.ownerId !== null && debitBalance < 0n) return false;
    balances.set(debit.id, debitBalance);
    balances.set(credit.id, (balances.get(credit.id) ?? 0n) + transfer.amountMinor);
    return true;
  });
}

function transferRows(
  accounts: Map<string, repo.AccountRow>,
  transfers: TransferSpec[],
  currency: string,
  at?: Date,
): repo.NewTransferRow[] {
  return transfers.map((transfer) => ({
    id: transfer.id,
    code: transfer.code,
    referenceId: transfer.referenceId ?? null,
    debitAccountId: accounts.get(accountKeyText(transfer.debit))?.id ?? '',
    creditAccountId: accounts.get(accountKeyText(transfer.credit))?.id ?? '',
    amountMinor: transfer.amountMinor,
    currency,
    createdAt: at ?? null,
  }));
}

function assertWellFormed(transfers: TransferSpec[]) {
  for (const transfer of transfers) {
    if (transfer.amountMinor <= 0n) throw new Error(`ledger: transfer ${transfer.id} moves no money`);
    if (accountKeyText(transfer.debit) === accountKeyText(transfer.credit)) {
      throw new Error(`ledger: transfer ${transfer.id} moves money to the account it takes it from`);
    }
  }
}

/** Whether a query failed because a user account would go negative (migration 0003's rule). */
function isOverdraft(error: unknown): boolean {
  const { code, constraint, cause } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    cause?: { code?: unknown; constraint?: unknown };
  };
  const overdraft = (c: unknown, name: unknown) => c === '23514' && name === 'ledger_accounts_user_not_negative';
  return overdraft(code, constraint) || overdraft(cause?.code, cause?.constraint);
}

/**
 * Applies the transfers of one business action inside the caller's transaction: all of them or none. One statement
 * (DESIGN §16, ledger last): the accounts are found and locked in id order, the transfers inserted, and the ledger's
 * triggers apply them, refusing a user account going negative (`insufficient_funds`; the transaction is then
 * spoiled, as any failed statement spoils it). Posting the same ids again changes nothing and answers
 * `already_applied`; reusing some of them for other transfers is a conflict. Post last: the accounts stay locked
 * until the commit. `at` dates the transfers (and their entries) by the caller's clock instead of the transaction's:
 * the order engine's (`OrderDeps.now`).
 */
export async function postTransfers(
  tx: Tx,
  transfers: TransferSpec[],
  currency: string,
  at?: Date,
): Promise<PostOutcome> {
  if (transfers.length === 0) return 'applied';
  assertWellFormed(transfers);
  let inserted: Set<string>;
  try {
    inserted = await repo.insertTransfersByKey(
      tx,
      transfers.map((transfer) => ({ ...transfer, referenceId: transfer.referenceId ?? null })),
      currency,
      at,
    );
  } catch (error) {
    if (isOverdraft(error)) throw new DomainError('insufficient_funds');
    throw error;
  }
  if (inserted.size === new Set(transfers.map((transfer) => transfer.id)).size) {
    countTransfers(tx, transfers);
    return 'applied';
  }
  // Not all of them went in: a repeat of the same action, ids reused for something else, or an account never opened.
  const existing = await repo.existingTransferIds(
    tx,
    transfers.map((transfer) => transfer.id),
  );
  if (inserted.size === 0 && existing.size === transfers.length) return 'already_applied';
  if (existing.size > inserted.size) throw new DomainError('conflict');
  const missing = transfers.find((transfer) => !inserted.has(transfer.id));
  throw new Error(`ledger: an account of transfer ${missing?.id} was not opened`);
}

/**
 * `postTransfers` for a change whose transfers are new by construction (an order's move: its lifecycle lets each money
 * step happen once), sent with the transaction's other deferred writes in its one last statement (db/deferred.ts,
 * DESIGN §16: the money last, the shared accounts held from there to the commit). An overdraft is
 * `insufficient_funds`; a transfer that does not go in (its id applied before, an account never opened) fails the
 * transaction.
 */
export async function postTransfersAtEnd(
  tx: Tx,
  transfers: TransferSpec[],
  currency: string,
  at?: Date,
): Promise<void> {
  if (transfers.length === 0) return;
  assertWellFormed(transfers);
  const rows = transfers.map((transfer) => ({ ...transfer, referenceId: transfer.referenceId ?? null }));
  await deferWrite(tx, {
    parts: (name) => Object.entries(repo.transfersByKey(rows, currency, at, name)),
    counted: 'inserted',
    returned: (inserted) => {
      if (inserted !== transfers.length) {
        throw new Error(`ledger: ${transfers.length - inserted} of ${transfers.length} transfers did not go in`);
      }
      countTransfers(tx, transfers);
    },
    failure: (error) => (isOverdraft(error) ? new DomainError('insufficient_funds') : undefined),
  });
}

/**
 * Locks the accounts (in id order, as postTransfers does) and answers their balances by `accountKeyText`, for an
 * action whose transfers depend on what an account holds (a dispute taking from the insurance what the available
 * balance lacks). Posting afterwards in the same transaction waits on nothing more.
 */
export async function lockedBalances(tx: Tx, keys: AccountKey[], currency: string): Promise<Map<string, bigint>> {
  const accounts = await repo.accountsFor(tx, keys, currency, true);
  return new Map([...accounts].map(([key, row]) => [key, row.balanceMinor]));
}

export type BatchOutcome = 'applied' | 'already_applied' | 'insufficient_funds';

interface Pending {
  transfer: TransferSpec;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

export interface LedgerBatcherOptions {
  /** The currency of every transfer submitted. */
  currency: string;
  /** Most transfers in one database transaction. */
  maxBatch?: number;
  /** Transactions committing at once; keep it below the pool size. */
  concurrency?: number;
}

/**
 * Group commit for independent transfers, as TigerBeetle does: transfers submitted while a batch is committing wait
 * for the next one, and each batch is one transaction — locks taken once in id order, every transfer checked in
 * submission order against the running balances, the funded ones inserted in one statement, one commit. A transfer
 * that cannot be paid is answered `insufficient_funds` without failing the others; a repeated id `already_applied`.
 */
export function createLedgerBatcher(db: Db, options: LedgerBatcherOptions) {
  const maxBatch = options.maxBatch ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const queue: Pending[] = [];
  let running = 0;

  async function commit(batch: Pending[]): Promise<BatchOutcome[]> {
    return db.transaction(async (tx) => {
      const transfers = batch.map((pending) => pending.transfer);
      const accounts = await repo.accountsFor(
        tx,
        transfers.flatMap((transfer) => [transfer.debit, transfer.credit]),
        options.currency,
        true,
      );
      const existing = await repo.existingTransferIds(
        tx,
        transfers.map((transfer) => transfer.id),
      );
      // A repeated id inside the batch is a repeat too: only its first occurrence is new.
      const seen = new Set(existing);
      const fresh = transfers.map((transfer) => {
        if (seen.has(transfer.id)) return false;
        seen.add(transfer.id);
        return true;
      });
      const candidates = transfers.filter((_, index) => fresh[index]);
      const funded = fundedInOrder(accounts, candidates);
      const posted = candidates.filter((_, index) => funded[index]);
      await repo.insertTransfers(tx, transferRows(accounts, posted, options.currency));
      countTransfers(tx, posted);
      let candidate = 0;
      return transfers.map((_, index) => {
        if (!fresh[index]) return 'already_applied';
        return funded[candidate++] ? 'applied' : 'insufficient_funds';
      });
    });
  }

  function drain() {
    while (running < concurrency && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running += 1;
      commit(batch)
        .then(
          (outcomes) => {
            for (const [index, pending] of batch.entries()) pending.resolve(outcomes[index] ?? 'already_applied');
          },
          (error: unknown) => {
            for (const pending of batch) pending.reject(error);
          },
        )
        .finally(() => {
          running -= 1;
          drain();
        });
    }
  }

  return {
    submit(transfer: TransferSpec): Promise<BatchOutcome> {
      assertWellFormed([transfer]);
      return new Promise<BatchOutcome>((resolve, reject) => {
        queue.push({ transfer, resolve, reject });
        // Let the submissions of this tick join the batch before it starts.
        queueMicrotask(drain);
      });
    },
  };
}

export type LedgerBatcher = ReturnType<typeof createLedgerBatcher>;
