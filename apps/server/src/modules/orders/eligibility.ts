import { parseAmount } from '@paydesk/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Who may execute an order (DESIGN §5, §8), written once and used by the pay-in matcher and by a pay-out's take: an
 * executor's standing (in SQL, where the candidates are found), then the restrictions of its requisite and of its
 * place in the flow (in code, on what the candidates' queries read). A restriction shown on a screen and ignored here
 * is a bug.
 */

export type Restrictions = Record<string, Record<string, string | null>>;

/** What is asked of an executor: the order's flow, fiat amount and, for a pay-in, its payment option. */
export interface Asked {
  flowId: string;
  fiat: string;
  crypto: string;
  fiatMinor: bigint;
  fiatFraction: number;
}

/** What a requisite has taken: open now, today and this month (UTC). */
export interface RequisiteUsage {
  open: number;
  sameAmountOpen: boolean;
  dayCount: number;
  dayVolume: bigint;
  monthCount: number;
  monthVolume: bigint;
}

/**
 * An executor of good standing for a direction, over `u` (users), `tp` (trader_profiles, left joined) and `fe`
 * (flow_executors): active, not blocked, and a trader with its insurance paid and that direction open; with no anti-
 * fraud case waiting for an admin (DESIGN §13). A partner has no profile.
 */
export const standing = {
  pay_in: sql.raw(`u.is_active and not u.is_blocked
    and (fe.executor_type = 'partner' or (tp.insurance_paid and tp.deposit_open))
    and not exists (select 1 from anti_fraud_cases c where c.target_user_id = u.id and c.approved_at is null)`),
  pay_out: sql.raw(`u.is_active and not u.is_blocked
    and (fe.executor_type = 'partner' or (tp.insurance_paid and tp.withdraw_open))
    and not exists (select 1 from anti_fraud_cases c where c.target_user_id = u.id and c.approved_at is null)`),
};

/** The restrictions of the executor `userId` in the flow `flowId` (columns of the query), as one JSON object by type. */
export const executorRestrictionsSql = (
  flowId: SQL,
  userId: SQL,
) => sql`coalesce((select jsonb_object_agg(tr.type, tr.values)
    from trader_restrictions tr where tr.flow_id = ${flowId} and tr.trader_id = ${userId}), '{}'::jsonb)`;

const money = (text: string | null | undefined, fraction: number) =>
  text === null || text === undefined ? null : parseAmount(text, fraction);
const count = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));

function outOfRange(range: Record<string, string | null> | undefined, asked: Asked): boolean {
  if (!range) return false;
  const min = money(range.min_amount, asked.fiatFraction);
  const max = money(range.max_amount, asked.fiatFraction);
  return (min !== null && asked.fiatMinor < min) || (max !== null && asked.fiatMinor > max);
}

/** Why a requisite cannot take the order (its own restrictions, SPEC §2.13), or null. */
export function requisiteRuledOut(restrictions: Restrictions, usage: RequisiteUsage, asked: Asked): string | null {
  const amount = asked.fiatMinor;
  if (usage.sameAmountOpen) return 'same_amount_open';
  if (outOfRange(restrictions.amount_range, asked)) return 'requisite_amount_range';
  for (const [slug, taken, takenCount] of [
    ['daily_limit', usage.dayVolume, usage.dayCount],
    ['monthly_limit', usage.monthVolume, usage.monthCount],
  ] as const) {
    const limit = restrictions[slug];
    const maxVolume = money(limit?.max_volume, asked.fiatFraction);
    const maxCount = count(limit?.max_count);
    if (maxVolume !== null && taken + amount > maxVolume) return `requisite_${slug}_volume`;
    if (maxCount !== null && takenCount + 1 > maxCount) return `requisite_${slug}_count`;
  }
  const maxOpen = count(restrictions.concurrent_orders?.max_open);
  if (maxOpen !== null && usage.open + 1 > maxOpen) return 'requisite_concurrent_orders';
  return null;
}

/**
 * Why an executor cannot take the order under its restrictions in the flow (amount range, daily volume, payment
 * options; DESIGN §8), or null. `flowDayVolume` is what it took in the flow today.
 */
export function executorRuledOut(
  restrictions: Restrictions,
  paymentOption: string,
  flowDayVolume: bigint,
  asked: Asked,
): string | null {
  if (outOfRange(restrictions.amount_range, asked)) return 'flow_amount_range';
  const maxDay = money(restrictions.daily_volume?.max_volume, asked.fiatFraction);
  if (maxDay !== null && flowDayVolume + asked.fiatMinor > maxDay) return 'flow_daily_volume';
  const options = restrictions.payment_options?.options;
  if (options) {
    const allowed = options.split(',').map((option) => option.trim());
    if (!allowed.includes(paymentOption)) return 'flow_payment_options';
  }
  return null;
}

export const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
export const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * What the executor `userId` took in the flow `flowId` (columns of the query) today (UTC), summed only where its daily
 * volume restriction needs it and 0 elsewhere: the sum reads every order the executor took in the flow today, and
 * without the restriction nobody looks at it (`executorRuledOut`).
 */
export const flowDayVolumeSql = (flowId: SQL, userId: SQL, day: string) =>
  sql`(select coalesce(sum(o.fiat_amount_minor), 0) from orders o
        where o.flow_id = ${flowId} and o.executor_id = ${userId}
          and o.created_at >= ${day}::timestamptz and o.status <> 'canceled'
          and exists (select 1 from trader_restrictions tr
                      where tr.flow_id = ${flowId} and tr.trader_id = ${userId} and tr.type = 'daily_volume'))::text`;
