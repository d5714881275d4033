import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { requisites } from '../requisites/requisites.table';
import { users } from '../users/users.table';

/** The setting of each rule of DESIGN §13, key → text; an empty value switches the rule off. */
export const antiFraudSettings = pgTable('anti_fraud_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
});

/** What a rule saw when it fired: the numbers its case is explained by. */
export type AntiFraudEvidence = Record<string, string | number>;

/**
 * A rule's hit (DESIGN §13): a case about a trader, a requisite or a merchant's payer. While it is new (not approved)
 * a trader or requisite it names gets no new orders; an admin's release approves it. One new case per rule and
 * target at a time, which the database enforces through `target_key`.
 */
export const antiFraudCases = pgTable(
  'anti_fraud_cases',
  {
    id: uuid('id').primaryKey(),
    rule: text('rule').notNull(),
    targetKind: text('target_kind').notNull(),
    /** `trader:<id>`, `requisite:<id>` or `client:<merchant id>:<client id>`. */
    targetKey: text('target_key').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'restrict' }),
    targetRequisiteId: uuid('target_requisite_id').references(() => requisites.id, { onDelete: 'restrict' }),
    /** A payer's client_id as its merchant sent it. */
    targetClientId: text('target_client_id'),
    evidence: jsonb('evidence').$type<AntiFraudEvidence>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('anti_fraud_cases_one_new_idx').on(table.rule, table.targetKey).where(sql`${table.approvedAt} is null`),
    // Each rule counts from its target's last release: found by this index, not by reading every case.
    index('anti_fraud_cases_target_idx').on(table.rule, table.targetKey, table.approvedAt),
    // The matcher asks, per candidate, whether a new case holds it back.
    index('anti_fraud_cases_new_user_idx').on(table.targetUserId).where(sql`${table.approvedAt} is null`),
    index('anti_fraud_cases_new_requisite_idx').on(table.targetRequisiteId).where(sql`${table.approvedAt} is null`),
    index('anti_fraud_cases_created_idx').on(table.createdAt, table.id),
    check('anti_fraud_cases_kind_check', sql`${table.targetKind} in ('trader', 'requisite', 'client')`),
    check('anti_fraud_cases_approved_check', sql`(${table.approvedAt} is null) = (${table.approvedBy} is null)`),
  ],
);
