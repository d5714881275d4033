import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    inviteCode: text('invite_code'),
    comment: text('comment'),
    apiKey: text('api_key'),
    notificationUrl: text('notification_url'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    index('users_type_created_idx').on(table.type, table.createdAt),
    check('users_type_check', sql`${table.type} in ('admin', 'merchant', 'partner', 'agent', 'trader')`),
  ],
);

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
