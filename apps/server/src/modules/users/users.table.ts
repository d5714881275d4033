import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    /** admin, merchant, partner, agent or trader (SPEC §6). */
    type: text('type').notNull(),
    /** Extra admin roles, e.g. `support`. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockComment: text('block_comment'),
    manualWithdrawal: boolean('manual_withdrawal').notNull().default(false),
    /**
     * An invite link's code is shown once, in the answer that made it: only its SHA-256 is kept, to find the user by,
     * and its first characters, so that an admin can tell which link is which.
     */
    inviteCodeHash: text('invite_code_hash'),
    inviteCodeHint: text('invite_code_hint'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    apiKey: text('api_key'),
    /**
     * The API secret, kept (sealed with SECRETS_KEY) to verify request signatures; shown to its owner only when issued.
     */
    apiSecret: text('api_secret'),
    notificationKey: text('notification_key'),
    notificationUrl: text('notification_url'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Sealed with SECRETS_KEY, as are the API secret and the notification key (lib/secrets.ts). */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret issued by POST /secretGoogleAuth and not confirmed yet. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The last TOTP time step accepted; a code is never accepted twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /**
     * The root admin (SPEC §2.10, §6): the platform's first admin, marked once. A property of the account, never of
     * its username; at most one account has it, and nobody renames, blocks or re-roles it.
     */
    isRoot: boolean('is_root').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_invite_code_hash_key').on(table.inviteCodeHash),
    uniqueIndex('users_api_key_key').on(table.apiKey),
    uniqueIndex('users_root_key').on(table.isRoot).where(sql`${table.isRoot}`),
    check('users_root_admin_check', sql`not ${table.isRoot} or ${table.type} = 'admin'`),
    index('users_type_created_idx').on(table.type, table.createdAt),
    check('users_type_check', sql`${table.type} in ('admin', 'merchant', 'partner', 'agent', 'trader')`),
  ],
);

/** A user as stored: what the module's reads and use cases give other modules, to read, never to write. */
export type UserRow = typeof users.$inferSelect;

export const traderProfiles = pgTable('trader_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  insurancePaid: boolean('insurance_paid').notNull().default(false),
  /** Required insurance contribution in USDT minor units. */
  insuranceAmountMinor: bigint('insurance_amount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  depositOpen: boolean('deposit_open').notNull().default(false),
  withdrawOpen: boolean('withdraw_open').notNull().default(false),
});

/** A trader's profile as stored: its insurance and whether it takes deposits and withdrawals. */
export type TraderProfileRow = typeof traderProfiles.$inferSelect;

/** Fee tiers of a merchant or trader; amounts in USDT minor units, percentage in hundredths of a percent. */
export const userFees = pgTable(
  'user_fees',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'bigint' }),
    percentageHundredths: integer('percentage_hundredths').notNull(),
  },
  (table) => [
    index('user_fees_user_idx').on(table.userId),
    check('user_fees_direction_check', sql`${table.direction} in ('pay_in', 'pay_out')`),
    check('user_fees_percentage_check', sql`${table.percentageHundredths} between 0 and 10000`),
  ],
);

/**
 * An agent's link to a merchant (referral) or to a trader (team lead), with the agent's percentages.
 */
export const agentLinks = pgTable(
  'agent_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payInHundredths: integer('pay_in_hundredths').notNull(),
    payOutHundredths: integer('pay_out_hundredths').notNull(),
    isMain: boolean('is_main').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.agentId] }),
    index('agent_links_agent_idx').on(table.agentId),
    check(
      'agent_links_percentages_check',
      sql`${table.payInHundredths} between 0 and 10000 and ${table.payOutHundredths} between 0 and 10000`,
    ),
  ],
);

/** Which webhooks a merchant has switched off (SPEC §2.11). */
export const userWebhooks = pgTable(
  'user_webhooks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    isDisabled: boolean('is_disabled').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slug] })],
);
