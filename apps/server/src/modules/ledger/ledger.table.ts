import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * The double-entry ledger of DESIGN §4. The database itself keeps it honest (see the triggers of migration
 * 0003_ledger_rules): an account opens at zero and its balance changes only when a transfer is inserted; a user's
 * account never goes negative; a transfer id applies at most once; transfers and entries are never updated or
 * deleted. Every transfer takes from one account exactly what it gives another, so the sum of all accounts of a
 * currency stays zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** The user who owns the account; null for the platform's own accounts. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    /** available, hold or insurance for a user; custody, revenue or rounding for the platform. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_key')
      .on(table.ownerId, table.kind, table.currency)
      .where(sql`${table.ownerId} is not null`),
    uniqueIndex('ledger_accounts_platform_key').on(table.kind, table.currency).where(sql`${table.ownerId} is null`),
    check(
      'ledger_accounts_kind_check',
      sql`(${table.ownerId} is null and ${table.kind} in ('custody', 'revenue', 'rounding')) or (${table.ownerId} is not null and ${table.kind} in ('available', 'hold', 'insurance'))`,
    ),
    check('ledger_accounts_user_not_negative', sql`${table.ownerId} is null or ${table.balanceMinor} >= 0`),
  ],
);

/** The global order of transfers; the ledger trigger draws from it after locking the accounts. */
export const ledgerTransferSeq = pgSequence('ledger_transfer_seq', { startWith: 1 });

/** One movement of money: `amount` leaves the debit account and arrives in the credit account. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    /** The idempotency id: inserting a transfer with an id that exists fails, so it applies at most once. */
    id: uuid('id').primaryKey(),
    /** Global order, assigned by the ledger trigger once both accounts are locked. */
    seq: bigint('seq', { mode: 'bigint' }).notNull().default(sql`0`),
    code: text('code').notNull(),
    /** What the transfer belongs to (a payment today; an order later). */
    referenceId: uuid('reference_id'),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_seq_key').on(table.seq),
    index('ledger_transfers_reference_idx').on(table.referenceId),
    check('ledger_transfers_amount_check', sql`${table.amountMinor} > 0`),
    check('ledger_transfers_accounts_check', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
  ],
);

/**
 * The two sides of every transfer, written by the ledger trigger with the balance of the account before and after:
 * the balance history of SPEC §2.6 and what reconciliation recomputes balances from.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    transferId: uuid('transfer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Copied from the account so a user's history is one index scan. */
    ownerId: uuid('owner_id'),
    accountKind: text('account_kind').notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    code: text('code').notNull(),
    referenceId: uuid('reference_id'),
    /** Signed: positive for the credited account, negative for the debited one. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceBeforeMinor: bigint('balance_before_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.transferId, table.accountId] }),
    index('ledger_entries_account_seq_idx').on(table.accountId, table.seq),
    index('ledger_entries_owner_seq_idx').on(table.ownerId, table.seq),
    index('ledger_entries_reference_idx').on(table.referenceId),
  ],
);
