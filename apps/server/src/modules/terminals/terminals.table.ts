import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { requisites } from '../requisites/requisites.table';
import { users } from '../users/users.table';

/** What a device says of itself (SPEC §3 device), kept as the last heartbeat gave it. */
export interface DeviceDetails {
  android_id: string;
  android_version: string;
  app_version: string;
  device_model: string;
  location: { latitude: number; longitude: number } | null;
  sims: { carrierName: string; countryIso: string; mcc: string; mnc: string }[];
}

/**
 * A trader's terminal (DESIGN §11): an Android device that reads the bank's messages for some of the trader's
 * requisites. The pairing code and the device's token are kept only as SHA-256 hashes: the database never holds a
 * secret a device could be impersonated with. A deleted terminal keeps its row (its messages settled orders).
 */
export const terminals = pgTable(
  'terminals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('unassigned'),
    depositOpen: boolean('deposit_open').notNull().default(true),
    withdrawOpen: boolean('withdraw_open').notNull().default(false),
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true, mode: 'date' }),
    tokenHash: text('token_hash'),
    device: jsonb('device').$type<DeviceDetails>(),
    ipAddress: text('ip_address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /** Set when an admin first approves it: a device paired again later waits for a heartbeat, not for an admin. */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /**
     * An admin's choice (DESIGN §19): weakly authenticated messages settle their pay-ins by themselves too, instead of
     * waiting for the trader's confirmation. A captured request of such an app forges settlements; off by default.
     */
    autoSettleWeak: boolean('auto_settle_weak').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('terminals_user_created_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('terminals_created_idx').on(table.createdAt, table.id).where(sql`${table.deletedAt} is null`),
    uniqueIndex('terminals_token_idx').on(table.tokenHash),
    uniqueIndex('terminals_pairing_idx').on(table.pairingCodeHash),
    // The heartbeat sweep: enabled terminals by when they were last heard of.
    index('terminals_enabled_seen_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.status} = 'enabled' and ${table.deletedAt} is null`),
    check(
      'terminals_status_check',
      sql`${table.status} in ('unassigned', 'moderation', 'pending', 'enabled', 'disabled', 'disabled_by_admin', 'lost_connection')`,
    ),
  ],
);

/** The requisites a terminal reads the messages of (all the trader's own). */
export const terminalRequisites = pgTable(
  'terminal_requisites',
  {
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    requisiteId: uuid('requisite_id')
      .notNull()
      .references(() => requisites.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.terminalId, table.requisiteId] }),
    index('terminal_requisites_requisite_idx').on(table.requisiteId),
  ],
);

/**
 * Every bank message a terminal forwarded, stored once, raw, with what was read in it and what came of it. Forwarders
 * send duplicates: a message is one per device and its own id, and one per device, sender, text and time.
 */
export const bankMessages = pgTable(
  'bank_messages',
  {
    id: uuid('id').primaryKey(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    deviceMessageId: text('device_message_id').notNull(),
    contentHash: text('content_hash').notNull(),
    package: text('package'),
    title: text('title'),
    /** The text as read: without NUL and other characters PostgreSQL's text refuses (`received` keeps them). */
    body: text('body').notNull(),
    /** The sender, title and text exactly as received, as JSON, when they held what `body` could not. */
    received: text('received'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    bank: text('bank'),
    operation: text('operation'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    currency: text('currency'),
    tail: text('tail'),
    counterparty: text('counterparty'),
    outcome: text('outcome').notNull(),
    /** The forwarding app it came through (DESIGN §19); null for the Paydesk terminal app. */
    app: text('app'),
    /** Its app's signature did not cover the text (SmsForwarder, the released SMS Gateway webhook). */
    weaklyAuthenticated: boolean('weakly_authenticated').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_messages_device_id_idx').on(table.terminalId, table.deviceMessageId),
    uniqueIndex('bank_messages_content_idx').on(table.terminalId, table.contentHash),
    index('bank_messages_terminal_received_idx').on(table.terminalId, table.receivedAt, table.id),
    // What a trader is asked to confirm, and what an admin is offered to match (DESIGN §19): a few rows of many.
    index('bank_messages_to_confirm_idx').on(table.terminalId).where(sql`${table.outcome} = 'to_confirm'`),
    index('bank_messages_waiting_idx').on(table.terminalId, table.receivedAt).where(sql`${table.outcome} = 'waiting'`),
    // An order is settled by one message at most.
    uniqueIndex('bank_messages_order_idx').on(table.orderId).where(sql`${table.orderId} is not null`),
    check(
      'bank_messages_outcome_check',
      sql`${table.outcome} in ('matched', 'to_confirm', 'unmatched', 'ambiguous', 'ignored', 'blocked', 'waiting')`,
    ),
    check('bank_messages_app_check', sql`${table.app} in ('smsgate', 'smsforwarder', 'sms-gateway-webhook')`),
  ],
);

/**
 * A terminal's forwarding link (DESIGN §19): the URL a trader's own SMS-forwarding app posts to. Its token is kept as a
 * SHA-256 hash to find the link by, and sealed (with the signing key) so its trader can see the URL again; the
 * database alone reveals neither.
 */
export const terminalForwarding = pgTable(
  'terminal_forwarding',
  {
    terminalId: uuid('terminal_id')
      .primaryKey()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    signingKeySealed: text('signing_key_sealed').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('terminal_forwarding_token_idx').on(table.tokenHash)],
);
