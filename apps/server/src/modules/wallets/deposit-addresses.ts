import type { Executor } from '../../db/client';
import * as repo from './wallets.repository';

/** The deposit addresses as payments use them: whose an address is, and what the deposit watcher reads and records. */

/**
 * An address the platform issued, with its owner: a deposit to it is credited to the owner, a payout to it refused.
 * Undefined for any other address.
 */
export const addressOwner = (db: Executor, address: string) => repo.findAddress(db, address);

/** Every issued address, oldest first: the deposit watcher's work list. */
export const watchedAddresses = (db: Executor) => repo.allAddresses(db);

/** How far the deposit watcher has read an address: the newest block time it has seen, in milliseconds. */
export const markScannedUntil = (db: Executor, address: string, scannedUntilMs: number) =>
  repo.setScannedUntil(db, address, scannedUntilMs);
