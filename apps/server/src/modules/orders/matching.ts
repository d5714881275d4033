import { parseAmount } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';

/**
 * The matcher of DESIGN §5 for pay-ins: the executors of a flow by priority (10 first), ties to the one assigned least
 * recently, each with its active requisites of the asked currency (and option and type, when asked). A candidate is
 * eligible when every rule holds: active, not blocked, insurance paid and deposits open (a trader), the restrictions of
 * its requisite (amount range, daily and monthly volume and count, orders at once) and of its flow (amount range,
 * daily volume, payment options), no other open order of the same amount on the requisite, and available USDT for
 * the hold. Candidates come a page at a time, cheap columns first; the counters are read only for the page.
 */

export interface MatchRequest {
  flowId: string;
  fiat: string;
  crypto: string;
  fiatMinor: bigint;
  fiatFraction: number;
  holdMinor: bigint;
  paymentOption?: string | undefined;
  paymentType?: string | undefined;
  now: Date;
}

export interface Candidate {
  bindId: string;
  userId: string;
  executorType: 'trader' | 'partner';
  requisiteId: string;
  paymentOption: string;
  paymentType: string;
  attributes: Record<string, string>;
  requisiteRestrictions: Record<string, Record<string, string | null>>;
  executorRestrictions: Record<string, Record<string, string | null>>;
}

export interface Usage {
  open: number;
  sameAmountOpen: boolean;
  dayCount: number;
  dayVolume: bigint;
  monthCount: number;
  monthVolume: bigint;
  flowDayVolume: bigint;
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** One page of candidates in the order the matcher tries them. */
export async function candidatePage(db: Executor, request: MatchRequest, offset: number, limit: number) {
  const option = request.paymentOption ?? null;
  const type = request.paymentType ?? null;
  const rows = await selectRows<{
    bind_id: string;
    user_id: string;
    executor_type: 'trader' | 'partner';
    requisite_id: string;
    payment_option: string;
    payment_type: string;
    attributes: unknown;
    requisite_restrictions: unknown;
    executor_restrictions: unknown;
  }>(
    db,
    sql`select fe.id as bind_id, fe.user_id, fe.executor_type, r.id as requisite_id, r.payment_option, r.payment_type,
               r.attributes,
               coalesce((select jsonb_object_agg(rr.type, rr.value) from requisite_restrictions rr
                         where rr.requisite_id = r.id and rr.is_active), '{}'::jsonb) as requisite_restrictions,
               coalesce((select jsonb_object_agg(tr.type, tr.values) from trader_restrictions tr
                         where tr.flow_id = fe.flow_id and tr.trader_id = fe.user_id), '{}'::jsonb) as executor_restrictions
        from flow_executors fe
        join users u on u.id = fe.user_id and u.type = fe.executor_type
        left join trader_profiles tp on tp.user_id = u.id
        join requisites r on r.user_id = u.id and r.is_active and r.currency = ${request.fiat}
        join ledger_accounts a on a.owner_id = u.id and a.kind = 'available' and a.currency = ${request.crypto}
        where fe.flow_id = ${request.flowId}
          and u.is_active and not u.is_blocked
          and (fe.executor_type = 'partner' or (tp.insurance_paid and tp.deposit_open))
          -- A trader or requisite with a new anti-fraud case waits for an admin's release (DESIGN §13).
          and not exists (select 1 from anti_fraud_cases c where c.target_user_id = u.id and c.approved_at is null)
          and not exists (select 1 from anti_fraud_cases c where c.target_requisite_id = r.id and c.approved_at is null)
          and a.balance_minor >= ${request.holdMinor.toString()}::bigint
          and (${option}::text is null or r.payment_option = ${option}::text)
          and (${type}::text is null or r.payment_type = ${type}::text)
        order by fe.priority desc, fe.last_assigned_at asc nulls first, fe.id, r.created_at, r.id
        offset ${offset} limit ${limit}`,
  );
  return rows.map(
    (row): Candidate => ({
      bindId: row.bind_id,
      userId: row.user_id,
      executorType: row.executor_type,
      requisiteId: row.requisite_id,
      paymentOption: row.payment_option,
      paymentType: row.payment_type,
      attributes: jsonOf(row.attributes),
      requisiteRestrictions: jsonOf(row.requisite_restrictions),
      executorRestrictions: jsonOf(row.executor_restrictions),
    }),
  );
}

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** What the requisites (and their executors in the flow) have taken: open now, today and this month (UTC). */
export async function usageOf(
  db: Executor,
  request: MatchRequest,
  candidates: Candidate[],
): Promise<Map<string, Usage>> {
  if (candidates.length === 0) return new Map();
  const day = startOfDay(request.now).toISOString();
  const month = startOfMonth(request.now).toISOString();
  const requisiteIds = sql.param(candidates.map((candidate) => candidate.requisiteId));
  const executorIds = sql.param(candidates.map((candidate) => candidate.userId));
  const rows = await selectRows<{
    requisite_id: string;
    open: number;
    same_amount_open: boolean;
    day_count: number;
    day_volume: string;
    month_count: number;
    month_volume: string;
    flow_day_volume: string;
  }>(
    db,
    sql`select c.requisite_id,
               (select count(*) from orders o where o.requisite_id = c.requisite_id and o.status in ('new', 'in-progress'))::int as open,
               exists(select 1 from orders o where o.requisite_id = c.requisite_id and o.status in ('new', 'in-progress')
                      and o.fiat_amount_minor = ${request.fiatMinor.toString()}::bigint) as same_amount_open,
               m.day_count::int, m.day_volume::text, m.month_count::int, m.month_volume::text,
               (select coalesce(sum(o.fiat_amount_minor), 0) from orders o
                where o.flow_id = ${request.flowId} and o.executor_id = c.executor_id
                  and o.created_at >= ${day}::timestamptz and o.status <> 'canceled')::text as flow_day_volume
        from unnest(${requisiteIds}::uuid[], ${executorIds}::uuid[]) as c (requisite_id, executor_id)
        cross join lateral (
          select count(*) filter (where o.created_at >= ${day}::timestamptz) as day_count,
                 coalesce(sum(o.fiat_amount_minor) filter (where o.created_at >= ${day}::timestamptz), 0) as day_volume,
                 count(*) as month_count, coalesce(sum(o.fiat_amount_minor), 0) as month_volume
          from orders o
          where o.requisite_id = c.requisite_id and o.created_at >= ${month}::timestamptz and o.status <> 'canceled'
        ) m`,
  );
  return new Map(
    rows.map((row) => [
      row.requisite_id,
      {
        open: row.open,
        sameAmountOpen: row.same_amount_open,
        dayCount: row.day_count,
        dayVolume: BigInt(row.day_volume),
        monthCount: row.month_count,
        monthVolume: BigInt(row.month_volume),
        flowDayVolume: BigInt(row.flow_day_volume),
      },
    ]),
  );
}

/** Why a candidate cannot take the order, or null when every restriction allows it. */
export function ruledOut(candidate: Candidate, usage: Usage, request: MatchRequest): string | null {
  const amount = request.fiatMinor;
  const money = (text: string | null | undefined) =>
    text === null || text === undefined ? null : parseAmount(text, request.fiatFraction);
  const count = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
  if (usage.sameAmountOpen) return 'same_amount_open';
  const req = candidate.requisiteRestrictions;
  const range = req.amount_range;
  if (range) {
    const min = money(range.min_amount);
    const max = money(range.max_amount);
    if ((min !== null && amount < min) || (max !== null && amount > max)) return 'requisite_amount_range';
  }
  for (const [slug, taken, takenCount] of [
    ['daily_limit', usage.dayVolume, usage.dayCount],
    ['monthly_limit', usage.monthVolume, usage.monthCount],
  ] as const) {
    const limit = req[slug];
    const maxVolume = money(limit?.max_volume);
    const maxCount = count(limit?.max_count);
    if (maxVolume !== null && taken + amount > maxVolume) return `requisite_${slug}_volume`;
    if (maxCount !== null && takenCount + 1 > maxCount) return `requisite_${slug}_count`;
  }
  const maxOpen = count(req.concurrent_orders?.max_open);
  if (maxOpen !== null && usage.open + 1 > maxOpen) return 'requisite_concurrent_orders';
  const own = candidate.executorRestrictions;
  const ownRange = own.amount_range;
  if (ownRange) {
    const min = money(ownRange.min_amount);
    const max = money(ownRange.max_amount);
    if ((min !== null && amount < min) || (max !== null && amount > max)) return 'flow_amount_range';
  }
  const maxDay = money(own.daily_volume?.max_volume);
  if (maxDay !== null && usage.flowDayVolume + amount > maxDay) return 'flow_daily_volume';
  const options = own.payment_options?.options;
  if (options) {
    const allowed = options.split(',').map((option) => option.trim());
    if (!allowed.includes(candidate.paymentOption)) return 'flow_payment_options';
  }
  return null;
}
