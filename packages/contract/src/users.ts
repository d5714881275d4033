import { z } from 'zod';
import { adminRoles, userTypes } from './access';
import { decimalInput, usdtAmount } from './amounts';
import { lazySchema } from './lazy';
import { AmountFormatError, parseAmount, USDT } from './money';
import { currencySchema, passwordSchema, walletSchema } from './session';
import { listQuerySchema } from './wire';

/** SPEC §3 User, Fee, Referral, Team lead link, Role; SPEC §5 rules for the user forms. */

export const feeDirections = ['pay_in', 'pay_out'] as const;
export type FeeDirection = (typeof feeDirections)[number];

/** Percentages have two decimals (step 0.01) and lie in 0–100; stored as hundredths of a percent. */
export const percentageFraction = 2;

/** Empty strings become null before saving a user (SPEC §5). */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const percentageSchema = lazySchema(() =>
  decimalInput.superRefine((value, ctx) => {
    try {
      const hundredths = parseAmount(value, percentageFraction);
      if (hundredths < 0n || hundredths > 10000n)
        ctx.addIssue({ code: 'custom', message: 'validation.percentage_range' });
    } catch (error) {
      if (!(error instanceof AmountFormatError)) throw error;
      const message =
        error.reason === 'too_many_decimals'
          ? 'validation.percentage_step'
          : error.reason === 'too_long'
            ? 'validation.percentage_range'
            : 'validation.number';
      ctx.addIssue({ code: 'custom', message });
    }
  }),
);

/** A non-negative USDT amount as a decimal string (fee tier bounds, insurance). */
export const usdtAmountSchema = lazySchema(() => usdtAmount({ minMinor: 0n, minMessage: 'validation.not_negative' }));

export const feeSchema = lazySchema(() =>
  z.object({
    direction: z.enum(feeDirections),
    min_amount: usdtAmountSchema,
    /** null (or empty) means unlimited, shown as ∞. */
    max_amount: z.preprocess(blankToNull, usdtAmountSchema.nullable()).default(null),
    percentage: percentageSchema,
  }),
);
export type FeeInput = z.input<typeof feeSchema>;
export type Fee = z.output<typeof feeSchema>;

const minor = (value: string) => parseAmount(value, USDT.ratio_fraction);

/** Fee tiers per direction: min < max, and no two ranges of one direction overlap. */
export const feesSchema = lazySchema(() =>
  z
    .array(feeSchema)
    .max(50)
    .superRefine((fees, ctx) => {
      fees.forEach((fee, index) => {
        try {
          if (fee.max_amount !== null && minor(fee.min_amount) >= minor(fee.max_amount)) {
            ctx.addIssue({ code: 'custom', path: [index, 'max_amount'], message: 'validation.fee_min_max' });
          }
        } catch {
          // Malformed amounts are reported by the field schemas.
        }
      });
      for (const direction of feeDirections) {
        const ranges = fees
          .map((fee, index) => ({ fee, index }))
          .filter(({ fee }) => fee.direction === direction)
          .flatMap(({ fee, index }) => {
            try {
              return [
                { index, min: minor(fee.min_amount), max: fee.max_amount === null ? null : minor(fee.max_amount) },
              ];
            } catch {
              return [];
            }
          })
          .sort((a, b) => (a.min < b.min ? -1 : a.min > b.min ? 1 : 0));
        for (let i = 1; i < ranges.length; i++) {
          const previous = ranges[i - 1];
          const current = ranges[i];
          if (previous && current && (previous.max === null || previous.max > current.min)) {
            ctx.addIssue({ code: 'custom', path: [current.index, 'min_amount'], message: 'validation.fee_overlap' });
          }
        }
      }
    }),
);

const linkPercentages = lazySchema(() => ({
  user_uuid: z.uuid({ error: 'validation.invalid' }),
  pay_in_percentage: percentageSchema.default('0'),
  pay_out_percentage: percentageSchema.default('0'),
}));

export const referralInputSchema = lazySchema(() => z.object(linkPercentages));
export const teamleadInputSchema = lazySchema(() =>
  z.object({ ...linkPercentages, is_main: z.boolean().default(false) }),
);

const uniqueLinks = <T extends { user_uuid: string }>(links: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  links.forEach((link, index) => {
    if (seen.has(link.user_uuid))
      ctx.addIssue({ code: 'custom', path: [index, 'user_uuid'], message: 'validation.duplicate' });
    seen.add(link.user_uuid);
  });
};

export const merchantProfileInputSchema = lazySchema(() =>
  z.object({
    fees: feesSchema.optional(),
    referrals: z.array(referralInputSchema).max(20).superRefine(uniqueLinks).optional(),
  }),
);

export const traderProfileInputSchema = lazySchema(() =>
  z.object({
    withdraw_open: z.boolean().optional(),
    deposit_open: z.boolean().optional(),
    /** A scalar amount on edit (SPEC §3); responses carry {amount, currency}. */
    insurance_payment_amount: usdtAmountSchema.optional(),
    insurance_payment_currency: z.literal('USDT').optional(),
    fees: feesSchema.optional(),
    teamleads: z
      .array(teamleadInputSchema)
      .max(20)
      .superRefine(uniqueLinks)
      .superRefine((links, ctx) => {
        if (links.filter((link) => link.is_main).length > 1) {
          ctx.addIssue({ code: 'custom', path: [], message: 'validation.one_main' });
        }
      })
      .optional(),
  }),
);

/** SPEC §5 usernames: 3-50 ASCII letters, digits, `_`, `.` and `-`. */
export const usernamePattern = /^[A-Za-z0-9_.-]{3,50}$/;

export const usernameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, { error: 'validation.username' })
    .max(50, { error: 'validation.username' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'validation.username' }),
);

/**
 * The one form two usernames are compared in (DESIGN §3): the sign-in's throttle, the lookup and uniqueness all use it.
 * Usernames are ASCII, so it is the name with A-Z lowered, nothing else; a name that is not a possible username (a
 * Unicode look-alike such as `İnvİted1`) is null: it names no account.
 */
export function canonicalUsername(name: string): string | null {
  const trimmed = name.trim();
  return usernamePattern.test(trimmed) ? trimmed.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : null;
}

const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, { error: 'validation.too_long' }).nullable().optional());

export const permissions = [
  'users.view',
  'users.manage',
  'payments.accept',
  'wallets.withdraw',
  'flows.manage',
] as const;
export type Permission = (typeof permissions)[number];

/**
 * Profile fields of every type in one object: a trader's (SPEC §3 Trader profile) and a merchant's (fees and
 * referrals). The server refuses the fields that do not apply to the user's type.
 */
export const profileInputSchema = lazySchema(() => traderProfileInputSchema.extend(merchantProfileInputSchema.shape));
export type ProfileInput = z.input<typeof profileInputSchema>;

const userFields = lazySchema(() => ({
  username: usernameSchema,
  email: z.preprocess(blankToNull, z.email({ error: 'validation.email' }).max(200).nullable().optional()),
  comment: optionalText(1000),
  password: z.preprocess(blankToNull, passwordSchema.nullable().optional()),
  roles: z.array(z.enum(adminRoles)).max(adminRoles.length).optional(),
  permissions: z.array(z.enum(permissions)).max(permissions.length).optional(),
  is_active: z.boolean().optional(),
  manual_withdrawal: z.boolean().optional(),
}));

export const createUserSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(userTypes),
      ...userFields,
      create_invite_link: z.boolean().optional(),
      profile: profileInputSchema.optional(),
    })
    .superRefine((body, ctx) => {
      if (!body.create_invite_link && !body.password) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.password_or_invite' });
      }
    }),
);
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Edit sends only changed fields; an empty password is never applied. */
export const updateUserSchema = lazySchema(() =>
  z.object({
    ...userFields,
    username: usernameSchema.optional(),
    profile: profileInputSchema.optional(),
  }),
);
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const blockUserSchema = lazySchema(() =>
  z.object({
    uuid: z.uuid({ error: 'validation.invalid' }),
    comment: z
      .string()
      .trim()
      .min(1, { error: 'validation.block_comment' })
      .max(1000, { error: 'validation.too_long' }),
  }),
);
export const unblockUserSchema = lazySchema(() => z.object({ uuid: z.uuid({ error: 'validation.invalid' }) }));

const linkSchema = lazySchema(() =>
  z.object({
    user: z.object({ uuid: z.string(), username: z.string() }),
    user_uuid: z.string(),
    pay_in_percentage: z.string(),
    pay_out_percentage: z.string(),
  }),
);
export const referralSchema = lazySchema(() => linkSchema);
export const teamleadSchema = lazySchema(() => linkSchema.extend({ is_main: z.boolean(), username: z.string() }));

const feeOutputSchema = lazySchema(() =>
  z.object({
    direction: z.enum(feeDirections),
    min_amount: z.string(),
    max_amount: z.string().nullable(),
    percentage: z.string(),
  }),
);

export const userSchema = lazySchema(() =>
  z
    .object({
      uuid: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      type: z.enum(userTypes),
      /** The root admin: nobody renames, blocks or re-roles it (DESIGN §3). */
      is_root: z.boolean(),
      comment: z.string().nullable(),
      is_active: z.boolean(),
      is_blocked: z.boolean(),
      block_comment: z.string().nullable(),
      is_online: z.boolean(),
      manual_withdrawal: z.boolean(),
      two_factor: z.boolean(),
      /** The invite link's code: in the answer that made it only, null on every read (it is kept hashed). */
      invite_code: z.string().nullable(),
      /** A pending invite link: the code's first characters (to tell links apart) and when it expires. */
      invite: z.object({ hint: z.string(), expires_at: z.string().nullable() }).nullable(),
      roles: z.array(z.string()),
      permissions: z.array(z.string()),
      wallets: z.array(walletSchema),
      /** From the ledger: `virtual` is the available balance, `insurance` a trader's insurance deposit. */
      balance: z.object({ hold: z.string(), virtual: z.string(), insurance: z.string(), currency: currencySchema }),
      created_at: z.string(),
      profile: z
        .object({
          fees: z.array(feeOutputSchema),
          referrals: z.array(referralSchema).optional(),
          withdraw_open: z.boolean().optional(),
          deposit_open: z.boolean().optional(),
          insurance_paid: z.boolean().optional(),
          insurance_payment_amount: z.object({ amount: z.string(), currency: currencySchema }).optional(),
          insurance_payment_currency: z.string().optional(),
          teamleads: z.array(teamleadSchema).optional(),
        })
        .nullable(),
    })
    .meta({ id: 'User' }),
);
export type User = z.infer<typeof userSchema>;

export const roleSchema = lazySchema(() =>
  z.object({ id: z.string(), name: z.string(), canExpandPermissions: z.boolean() }),
);
export const permissionSchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));

export const agentTraderSchema = lazySchema(() =>
  z.object({
    uuid: z.string(),
    username: z.string(),
    pay_in_percentage: z.string(),
    pay_out_percentage: z.string(),
  }),
);

/**
 * Every action the audit trail records, as `<area>.<verb>` (the server's `recordAudit` takes only these): the screens
 * give each a title in both languages, and a test fails while one lacks it, so no code reaches a user raw.
 */
export const auditActions = [
  'user.created',
  'user.created_with_invite',
  'user.updated',
  'user.updated_with_password',
  'user.blocked',
  'user.unblocked',
  'user.invite_accepted',
  'user.password_changed',
  'user.api_secret_issued',
  'user.notification_key_changed',
  'user.notification_url_changed',
  'user.webhooks_changed',
  'user.payer_page_changed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.two_factor_locked',
  'payment.deposit_credited',
  'payment.withdrawal_accepted',
  'payment.withdrawal_rejected',
  'payment.withdrawal_sent',
  'payment.merchant_withdrawal',
  'trader.insurance_paid',
  'terminal.created',
  'terminal.deleted',
  'terminal.disable',
  'terminal.moderate',
  'terminal.enable',
  'terminal.forwarding_created',
  'terminal.forwarding_replaced',
  'terminal.forwarding_revoked',
  'terminal.bank_message_confirmed',
  'terminal.auto_settle_weak',
  'terminal.waiting_messages_matched',
  'requisite.created',
  'requisite.updated',
  'requisite.restrictions_changed',
  'flow.created',
  'flow.updated',
  'flow.deleted',
  'flow.executor_added',
  'flow.executor_removed',
  'flow.executor_priority',
  'flow.rate_changed',
  'flow.trader_restriction_set',
  'flow.trader_restriction_removed',
  'anti_fraud.case_released',
  'anti_fraud.settings_changed',
  'partner_system.created',
  'partner_system.updated',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEventSchema = lazySchema(() =>
  z
    .object({
      id: z.string(),
      action: z.string(),
      actor: z.object({ uuid: z.string(), username: z.string() }).nullable(),
      created_at: z.string(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
    })
    .meta({ id: 'AuditEvent' }),
);
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Invite link password setup (DESIGN §6). */
export const passwordSetupSchema = lazySchema(() =>
  z
    .object({
      code: z.string().trim().min(1, { error: 'validation.required' }).max(200),
      new_password: passwordSchema,
      confirm_password: passwordSchema,
    })
    .refine((body) => body.new_password === body.confirm_password, {
      path: ['confirm_password'],
      error: 'validation.password_mismatch',
    }),
);

const booleanFilter = lazySchema(() =>
  z
    .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
);

/** GET /user: SPEC §2.8 common filters plus the type. */
export const userListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[type]': z.enum(userTypes, { error: 'validation.invalid' }).optional(),
    'filter[uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[username]': z.string().trim().max(50, { error: 'validation.too_long' }).optional(),
    'filter[is_active]': booleanFilter,
    'filter[is_blocked]': booleanFilter,
  }),
);
export type UserListQuery = z.output<typeof userListQuerySchema>;
