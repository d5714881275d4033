import { z } from 'zod';
import { usdtAmount } from './amounts';
import { lazySchema } from './lazy';
import { parseAmount, USDT } from './money';
import { currencySchema } from './session';
import { listQuerySchema } from './wire';

/**
 * SPEC §3 Wallet, Balance history row, Payout request, Merchant withdrawal, Payment/transaction; §7 "Money".
 * Every amount here is a decimal string of USDT; the ledger behind it keeps bigint minor units (DESIGN §4).
 */

/** SPEC §9: a withdrawal is at least 1 USDT and goes to an address of at least 10 characters. */
export const withdrawalMinUsdt = '1';
export const withdrawalMinMinor = parseAmount(withdrawalMinUsdt, USDT.ratio_fraction);
export const addressMinLength = 10;

/** The kinds of ledger account (DESIGN §4): a user's three, then the platform's three. */
export const userAccountKinds = ['available', 'hold', 'insurance'] as const;
export const platformAccountKinds = ['custody', 'revenue', 'rounding'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];
export type PlatformAccountKind = (typeof platformAccountKinds)[number];
export type AccountKind = UserAccountKind | PlatformAccountKind;

/** Why money moved: the `code` of a ledger transfer. Orders add their own codes later. */
export const transferCodes = [
  'deposit',
  'insurance',
  'withdrawal_hold',
  'withdrawal_return',
  'withdrawal',
  'merchant_withdrawal',
  'order_hold',
  'order_release',
  'order_settle',
  'order_reward',
  'order_referral',
  'order_fee',
  'order_rounding',
  /** A dispute resolved a canceled order as paid: the executor's money held again to settle it (DESIGN §12). */
  'dispute_charge',
  /** What the executor's available balance lacked for a dispute, taken from its insurance deposit. */
  'dispute_insurance',
  /** A dispute corrected a paid order's amount: each party's difference, given or taken back. */
  'dispute_adjustment',
] as const;
export type TransferCode = (typeof transferCodes)[number];

/** Payments (SPEC §2.13): what came in on-chain and what goes out. A merchant withdrawal is a `withdraw`. */
export const paymentTypes = ['deposit', 'withdraw'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/**
 * `moderation` waits for an admin; `pending` is approved and waits for the on-chain send; `done` is credited (a
 * deposit) or sent (a withdrawal); `rejected` returned the held money.
 */
export const paymentStatuses = ['moderation', 'pending', 'done', 'rejected'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where a credited deposit was seen: an admin's entry, the TronGrid watcher, or demo mode's simulation. */
export const depositSources = ['admin', 'trongrid', 'demo'] as const;
export type DepositSource = (typeof depositSources)[number];

const addressInput = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(100, { error: 'validation.too_long' })
    .refine((value) => value.length >= addressMinLength, { error: invalid });

/** POST /wallet/withdrawals: the payout modal of SPEC §2.6 (USDT only). */
export const payoutRequestSchema = lazySchema(() =>
  z.object({
    address: addressInput('validation.address_required', 'validation.address_invalid'),
    currency: z.literal(USDT.code, { error: 'validation.currency_usdt' }),
    amount: usdtAmount({ minMinor: withdrawalMinMinor, minMessage: 'validation.withdrawal_min' }),
  }),
);
export type PayoutRequest = z.input<typeof payoutRequestSchema>;

/** POST /wallet/merchant_withdrawal: the root admin's form of SPEC §2.10 with the message keys of §5. */
export const merchantWithdrawalSchema = lazySchema(() =>
  z.object({
    user_uuid: z.uuid({ error: 'validation.trader_required' }),
    merchant_uuid: z.uuid({ error: 'validation.merchant_required' }),
    amount: usdtAmount({
      minMinor: withdrawalMinMinor,
      minMessage: 'validation.amount_required',
      numberMessage: 'validation.amount_required',
    }),
    to_address: addressInput('validation.address_required', 'validation.address_invalid'),
  }),
);
export type MerchantWithdrawalRequest = z.input<typeof merchantWithdrawalSchema>;

const txHashSchema = lazySchema(() =>
  z
    .string({ error: 'validation.tx_hash' })
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: 'validation.tx_hash' })
    .transform((value) => value.replace(/^0x/, '').toLowerCase()),
);

/** POST /wallet/deposits: an admin credits a confirmed on-chain deposit by its transaction hash. */
export const depositCreditSchema = lazySchema(() =>
  z.object({
    tx_hash: txHashSchema,
    address: addressInput('validation.address_required', 'validation.address_invalid'),
    amount: usdtAmount({ minMinor: 1n, minMessage: 'validation.positive' }),
  }),
);
export type DepositCreditRequest = z.input<typeof depositCreditSchema>;

/** POST /transaction/{id}/sent: the custody side reports the on-chain transfer of a withdrawal. */
export const withdrawalSentSchema = lazySchema(() => z.object({ tx_hash: txHashSchema }));

/** POST /transaction/{id}/reject: the held money returns to the user; the reason is kept. */
export const withdrawalRejectSchema = lazySchema(() =>
  z.object({
    comment: z
      .string({ error: 'validation.reject_comment' })
      .trim()
      .min(1, { error: 'validation.reject_comment' })
      .max(1000, { error: 'validation.too_long' }),
  }),
);

/** The most one simulated deposit brings: enough for any demo, never a way to mint a fortune. */
export const demoDepositMaxUsdt = '1000';
const demoDepositMaxMinor = parseAmount(demoDepositMaxUsdt, USDT.ratio_fraction);

/** The most simulated deposits bring one user in all: a demo never mints a fortune, however often it is asked. */
export const demoDepositTotalMaxUsdt = '10000';

/** POST /wallet/demo_deposit (demo mode only): a simulated on-chain deposit to the caller's own address. */
export const demoDepositSchema = lazySchema(() =>
  z.object({
    amount: usdtAmount({
      minMinor: 1n,
      minMessage: 'validation.positive',
      max: { minor: demoDepositMaxMinor, message: 'validation.demo_max' },
    }).optional(),
  }),
);

const titledSchema = lazySchema(() => z.object({ slug: z.string(), title: z.string() }));
const moneySchema = lazySchema(() => z.object({ amount: z.string(), currency: currencySchema }));
const personSchema = lazySchema(() => z.object({ uuid: z.string(), username: z.string() }));

/** SPEC §3 Payment/transaction, as GET /transaction lists it. */
export const paymentSchema = lazySchema(() =>
  z
    .object({
      guid: z.string(),
      type: titledSchema,
      status: titledSchema,
      date: z.string(),
      updated_at: z.string(),
      money: moneySchema,
      payable: personSchema,
      /** The order a payment belongs to; none of today's payments belong to one. */
      order_uuid: z.string().nullable(),
      /** The owner's available balance around the payment's first movement. */
      balance_before: z.string().nullable(),
      balance_after: z.string().nullable(),
      address: z.string().nullable(),
      tx_hash: z.string().nullable(),
      /** For a merchant withdrawal: the trader who sends the USDT on-chain and is credited for it. */
      trader: personSchema.nullable(),
      source: z.enum(depositSources).nullable(),
      comment: z.string().nullable(),
      /** Who accepted, rejected or reported a withdrawal sent, and when; null until then (or when the system did). */
      decided_by: personSchema.nullable(),
      decided_at: z.string().nullable(),
    })
    .meta({ id: 'Payment' }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** `POST /wallet/deposits` (and the demo deposit): whether this call credited the deposit, and its payment. */
export const depositOutcomeSchema = lazySchema(() => z.object({ credited: z.boolean(), payment: paymentSchema }));
export type DepositOutcome = z.infer<typeof depositOutcomeSchema>;

/** What moved on one of the user's accounts for one reason within a history row's event. */
export const balanceHistoryPartSchema = lazySchema(() =>
  z.object({
    type: titledSchema,
    account: titledSchema,
    /** Signed: negative when the money left the account. */
    amount: z.string(),
    balance_before: z.string(),
    balance_after: z.string(),
  }),
);

/**
 * SPEC §3 Balance history row: one business event on the user's accounts (a deposit, an order's hold, its settlement,
 * its release), with its parts. `money`, `action`, `account` and the balances are those of its main account: the
 * available balance when the event moved it, else the one it moved.
 */
export const balanceHistoryRowSchema = lazySchema(() =>
  z
    .object({
      /** The event's first ledger transfer. */
      guid: z.string(),
      type: titledSchema,
      status: titledSchema,
      money: moneySchema,
      date: z.string(),
      /** `in` (credit) or `out` (debit). */
      action: titledSchema,
      account: titledSchema,
      payable: personSchema,
      payment_guid: z.string().nullable(),
      /** The order the event belongs to, if any. */
      order_guid: z.string().nullable(),
      balance_before: z.string(),
      balance_after: z.string(),
      parts: z.array(balanceHistoryPartSchema),
    })
    .meta({ id: 'BalanceHistoryRow' }),
);
export type BalanceHistoryRow = z.infer<typeof balanceHistoryRowSchema>;

/** The balances of the signed-in user: available is the "virtual balance" of the screens. */
export const balanceSummarySchema = lazySchema(() =>
  z
    .object({
      currency: currencySchema,
      available: z.string(),
      hold: z.string(),
      insurance: z.string(),
      /** Traders only: the insurance contribution required and whether it is paid. */
      insurance_required: z.string().nullable(),
      insurance_paid: z.boolean().nullable(),
    })
    .meta({ id: 'BalanceSummary' }),
);
export type BalanceSummary = z.infer<typeof balanceSummarySchema>;

/** The admin's system balance (SPEC §2.11): what the platform holds, owes and has earned. */
export const systemBalanceSchema = lazySchema(() =>
  z
    .object({
      currency: currencySchema,
      /** USDT on the platform's wallets: everything deposited and not yet sent out. */
      custody: z.string(),
      /** Fees the platform kept. */
      revenue: z.string(),
      rounding: z.string(),
      /** What the platform owes its users: their available, held and insurance balances. */
      users_available: z.string(),
      users_hold: z.string(),
      users_insurance: z.string(),
      /** Withdrawals waiting in moderation or for the on-chain send. */
      withdrawals_waiting: z.number().int(),
    })
    .meta({ id: 'SystemBalance' }),
);
export type SystemBalance = z.infer<typeof systemBalanceSchema>;

/** GET /ledger/reconciliation: every balance recomputed from the entries; `ok` means no difference at all. */
export const reconciliationSchema = lazySchema(() =>
  z
    .object({
      ok: z.boolean(),
      checked_at: z.string(),
      accounts: z.number().int(),
      transfers: z.number().int(),
      entries: z.number().int(),
      differences: z.array(
        z.object({
          account_uuid: z.string(),
          kind: z.string(),
          owner: personSchema.nullable(),
          stored: z.string(),
          computed: z.string(),
        }),
      ),
      /** Sum of all accounts per currency; every one must be zero. */
      totals: z.array(z.object({ currency: z.string(), sum: z.string() })),
      /** Entries whose balance_before is not the previous entry's balance_after of the same account. */
      broken_chains: z.number().int(),
      /** Transfers whose two entries do not mirror each other. */
      unbalanced_transfers: z.number().int(),
    })
    .meta({ id: 'Reconciliation' }),
);
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET /platform: what the screens need to know about this installation. */
export const platformInfoSchema = lazySchema(() =>
  z.object({
    demo: z.boolean(),
    currency: currencySchema,
    withdrawal: z.object({ min: z.string(), auto_limit: z.string() }),
  }),
);
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

/** Dates the lists filter by: real days between these two, so a day past the end still fits a timestamp. */
export const dateFilterMin = '1970-01-01';
export const dateFilterMax = '2999-12-31';

/** A day that exists: 2023-02-30 does not, whatever Date makes of it. */
function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

export const dateFilter = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .refine(isCalendarDay, { error: 'validation.date' })
    .refine((value) => value >= dateFilterMin && value <= dateFilterMax, { error: 'validation.date_range' })
    .optional(),
);

/** A comma-separated list of enum values, as the filter bar's multiselect sends it. */
export function enumList<T extends string>(values: readonly [T, ...T[]]) {
  // The pattern says in the OpenAPI document what the enum below refuses: only these values, comma-separated.
  const value = `\\s*(?:${values.map((item) => item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*`;
  return z
    .string()
    .regex(new RegExp(`^${value}(?:,${value})*$`), { error: 'validation.invalid' })
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(values, { error: 'validation.invalid' })).min(1))
    .optional();
}

const createdAtSort = lazySchema(() =>
  z.enum(['created_at', '-created_at'], { error: 'validation.invalid' }).default('-created_at'),
);

/** GET /my/transaction: the signed-in user's balance history. */
export const balanceHistoryQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    sort: createdAtSort,
    /** Where the page starts, as the previous page's `next_cursor` gave it: the next page without counting the skipped. */
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, { error: 'validation.invalid' })
      .optional(),
    'filter[type]': enumList(transferCodes),
    'filter[account]': enumList(userAccountKinds),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);
export type BalanceHistoryQuery = z.output<typeof balanceHistoryQuerySchema>;

/** GET /transaction: payments of every user (SPEC §2.13); the screen's tabs send `filter[type]`. */
export const paymentListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    sort: createdAtSort,
    'filter[type]': z.enum(paymentTypes, { error: 'validation.invalid' }).optional(),
    'filter[status]': enumList(paymentStatuses),
    'filter[uuid]': z.uuid({ error: 'validation.invalid' }).optional(),
    'filter[username]': z.string().trim().max(50, { error: 'validation.too_long' }).optional(),
    'filter[date_from]': dateFilter,
    'filter[date_to]': dateFilter,
  }),
);
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/**
 * GET /my/withdrawals: the signed-in user's own withdrawals, newest first, each with its address, state, transaction
 * hash and, when rejected, the admin's reason (issue 32).
 */
export const myWithdrawalListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({ sort: createdAtSort, 'filter[status]': enumList(paymentStatuses) }),
);
export type MyWithdrawalListQuery = z.output<typeof myWithdrawalListQuerySchema>;

/** GET /wallet: the real wallets of every user (SPEC §2.10). */
export const walletListQuerySchema = lazySchema(() =>
  listQuerySchema.extend({
    'filter[username]': z.string().trim().max(50, { error: 'validation.too_long' }).optional(),
    'filter[address]': z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  }),
);
export type WalletListQuery = z.output<typeof walletListQuerySchema>;
