import { bigint, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/** Settings of the installation kept in the database, such as demo mode's own extended public key. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A user's real USDT (TRC-20) deposit address, derived from the platform's extended public key at `derivationIndex`
 * (path 0/index below the key). No private key ever lives here.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    address: text('address').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The first bytes of the key's hash: which extended public key the address comes from. */
    keyFingerprint: text('key_fingerprint').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** The deposit watcher's cursor: the newest block time it has read for this address, in milliseconds. */
    scannedUntilMs: bigint('scanned_until_ms', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_key_index_key').on(table.keyFingerprint, table.derivationIndex),
    uniqueIndex('deposit_addresses_user_key').on(table.userId, table.keyFingerprint),
    index('deposit_addresses_created_idx').on(table.createdAt),
  ],
);

/** An issued deposit address as stored: whose it is, where it comes from, how far the watcher has read it. */
export type DepositAddressRow = typeof depositAddresses.$inferSelect;

/** Derivation indexes are handed out by a sequence: two processes never derive the same address for two users. */
export const depositAddressIndexSeq = pgSequence('deposit_address_index_seq', { startWith: 0, minValue: 0 });
