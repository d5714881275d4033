import { z } from 'zod';
import { disputeFileInputSchema } from './disputes';
import { lazySchema } from './lazy';
import { orderSchema } from './orders';
import { dateFilter, enumList } from './wallet';
import { listQuerySchema } from './wire';

/** SPEC §2.16 anti-fraud, §3 Anti-fraud case, §4; DESIGN §13. */

/** The rules of DESIGN §13, each with its setting; an empty setting switches the rule off. */
export const antiFraudRules = [
  'trader_cancel_streak',
  'trader_dispute_share_percent',
  'payout_overdue_minutes',
  'client_orders_per_hour',
  'requisite_payers_per_day',
] as const;
export type AntiFraudRule = (typeof antiFraudRules)[number];

/**
 * What a case may be opened by: a rule above, or the bank itself saying a card or account is blocked (DESIGN §11),
 * which needs no setting.
 */
export const antiFraudCaseRules = [
  ...antiFraudRules,
  'requisite_blocked_by_bank',
  /** A "blocked" text from a weakly authenticated forwarding app (DESIGN §19): a case that holds nothing back. */
  'requisite_blocked_unverified',
] as const;
export type AntiFraudCaseRule = (typeof antiFraudCaseRules)[number];

/** What each setting may hold: a whole number in this range (or nothing, the rule off). */
export const antiFraudSettingRange: Record<AntiFraudRule, { min: number; max: number }> = {
  trader_cancel_streak: { min: 2, max: 1000 },
  trader_dispute_share_percent: { min: 1, max: 100 },
  payout_overdue_minutes: { min: 1, max: 10_080 },
  client_orders_per_hour: { min: 1, max: 100_000 },
  requisite_payers_per_day: { min: 1, max: 100_000 },
};

/** GET /anti_fraud/settings/: every rule's setting, key to text. */
export const antiFraudSettingsSchema = lazySchema(() =>
  z.record(z.enum(antiFraudRules), z.string()).meta({ id: 'AntiFraudSettings' }),
);
export type AntiFraudSettings = Record<AntiFraudRule, string>;

const settingValue = (rule: AntiFraudRule) => {
  const { min, max } = antiFraudSettingRange[rule];
  return z
    .string({ error: `anti_fraud.errors.${rule}` })
    .trim()
    .refine((value) => value === '' || (/^\d{1,7}$/.test(value) && Number(value) >= min && Number(value) <= max), {
      error: `anti_fraud.errors.${rule}`,
    })
    .meta({
      // What the refinement checks, for the OpenAPI document: JSON Schema bounds no number written as text.
      description: `A whole number from ${min} to ${max}, or empty to switch the rule off.`,
      pattern: '^\\s*(\\d{1,7})?\\s*$',
      'x-minimum': min,
      'x-maximum': max,
    });
};

/** PUT /anti_fraud/settings/: the settings sent change; an unknown key is refused. */
export const antiFraudSettingsUpdateSchema = lazySchema(() =>
  z
    .object(
      Object.fromEntries(antiFraudRules.map((rule) => [rule, settingValue(rule).optional()])) as Record<
        AntiFraudRule,
        z.ZodOptional<ReturnType<typeof settingValue>>
      >,
    )
    .strict(),
);
export type AntiFraudSettingsUpdate = Partial<Record<AntiFraudRule, string>>;

export const antiFraudTargetKinds = ['trader', 'requisite', 'client'] as const;
export type AntiFraudTargetKind = (typeof antiFraudTargetKinds)[number];

/** The Anti-fraud case of SPEC §3: New until an admin releases it (is_approved). */
export const antiFraudCaseSchema = lazySchema(() =>
  z
    .object({
      guid: z.string(),
      created_at: z.string(),
      rule: z.object({ slug: z.enum(antiFraudCaseRules), title: z.string() }),
      /** Whom it is about: a trader (kept out of matching), a requisite (kept out too) or a payer of a merchant. */
      target: z.object({ kind: z.enum(antiFraudTargetKinds), username: z.string(), label: z.string() }),
      /** What the rule saw, in words of the viewer's language. */
      evidence: z.string(),
      is_approved: z.boolean(),
      approved_at: z.string().nullable(),
      approved_by: z.object({ username: z.string() }).nullable(),
    })
    .meta({ id: 'AntiFraudCase' }),
);
export type AntiFraudCase = z.infer<typeof antiFraudCaseSchema>;

/** GET /anti_fraud/ (SPEC §7). */
export const antiFraudListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[is_approved]': z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
    'filter[rule]': enumList(antiFraudCaseRules),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);
export type AntiFraudListQuery = z.output<typeof antiFraudListQuerySchema>;

/** The receipts check (SPEC §2.16): a PDF receipt, read on the server, and the orders it may be about. */
export const receiptCheckSchema = lazySchema(() => z.object({ file: disputeFileInputSchema }));
export type ReceiptCheck = z.input<typeof receiptCheckSchema>;

export const receiptCheckResultSchema = lazySchema(() =>
  z
    .object({
      /** The sums and days the receipt's text names, as read. */
      amounts: z.array(z.string()),
      dates: z.array(z.string()),
      /** Orders of one of those sums (in fiat), created on one of those days (or any day when it names none). */
      orders: z.array(orderSchema),
    })
    .meta({ id: 'ReceiptCheckResult' }),
);
export type ReceiptCheckResult = z.infer<typeof receiptCheckResultSchema>;
