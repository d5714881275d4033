import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectPrepared } from '../../db/client';
import {
  type Asked,
  executorRestrictionsSql,
  executorRuledOut,
  flowDayVolumeSql,
  type RequisiteUsage,
  type Restrictions,
  requisiteRuledOut,
  standing,
  startOfDay,
  startOfMonth,
} from './eligibility';
import { partyColumns } from './shares';

/**
 * The pay-in matcher's queries (DESIGN §5): the executors of a flow by priority (10 first), ties to the one assigned
 * least recently, each with its active requisites of the asked currency (and option and type, when asked), of good
 * standing and with the USDT for the hold. A page of candidates comes in one prepared statement with everything the
 * rules need — restrictions, what each requisite took, the executor's fee tiers and team leads — so matching plans
 * nothing and reads once per page (DESIGN §16).
 */

export interface MatchRequest extends Asked {
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
  requisiteRestrictions: Restrictions;
  executorRestrictions: Restrictions;
  usage: RequisiteUsage;
  flowDayVolume: bigint;
  /** The executor's fee tiers and team leads, for `partyOf`. */
  party: { fees: unknown; agents: unknown };
}

interface UsageColumns {
  open: number;
  same_amount_open: boolean;
  day_count: number;
  day_volume: string;
  month_count: number;
  month_volume: string;
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

const usageOfRow = (row: UsageColumns): RequisiteUsage => ({
  open: row.open,
  sameAmountOpen: row.same_amount_open,
  dayCount: row.day_count,
  dayVolume: BigInt(row.day_volume),
  monthCount: row.month_count,
  monthVolume: BigInt(row.month_volume),
});

/**
 * What the requisite `requisiteId` (a column) took, a lateral subquery with the columns of `UsageColumns`. Its open
 * orders always (two probes of a partial index); today's and this month's count and volume only where an active daily
 * or monthly limit of the requisite needs them, and 0 elsewhere: they read every order the requisite took this month,
 * for each candidate of a page, and without such a limit nobody looks at them (`requisiteRuledOut`).
 */
const requisiteUsageSql = (request: MatchRequest, requisiteId: SQL) => {
  const day = startOfDay(request.now).toISOString();
  const month = startOfMonth(request.now).toISOString();
  return sql`(
    select (select count(*) from orders x where x.requisite_id = ${requisiteId} and x.status in ('new', 'in-progress'))::int as open,
           exists(select 1 from orders x where x.requisite_id = ${requisiteId} and x.status in ('new', 'in-progress')
                  and x.fiat_amount_minor = ${request.fiatMinor.toString()}::bigint) as same_amount_open,
           (count(*) filter (where o.created_at >= ${day}::timestamptz))::int as day_count,
           (coalesce(sum(o.fiat_amount_minor) filter (where o.created_at >= ${day}::timestamptz), 0))::text as day_volume,
           count(*)::int as month_count, coalesce(sum(o.fiat_amount_minor), 0)::text as month_volume
    from orders o
    where o.requisite_id = ${requisiteId} and o.created_at >= ${month}::timestamptz and o.status <> 'canceled'
      and exists (select 1 from requisite_restrictions rr where rr.requisite_id = ${requisiteId} and rr.is_active
                  and rr.type in ('daily_limit', 'monthly_limit')))`;
};

/** One page of candidates in the order the matcher tries them, with what the rules need. */
export async function candidatePage(
  db: Executor,
  request: MatchRequest,
  offset: number,
  limit: number,
): Promise<Candidate[]> {
  const day = startOfDay(request.now).toISOString();
  const rows = await selectPrepared<CandidateRow>(
    db,
    'orders_match_candidates',
    sql`with page as (
          select fe.id as bind_id, fe.user_id, fe.executor_type, fe.flow_id, fe.priority, fe.last_assigned_at,
                 r.id as requisite_id, r.created_at as requisite_created_at, r.payment_option, r.payment_type,
                 r.attributes
          from flow_executors fe
          join users u on u.id = fe.user_id and u.type = fe.executor_type
          left join trader_profiles tp on tp.user_id = u.id
          join requisites r on r.user_id = u.id and r.is_active and r.currency = ${request.fiat}::text
          join ledger_accounts a on a.owner_id = u.id and a.kind = 'available' and a.currency = ${request.crypto}::text
          where fe.flow_id = ${request.flowId}::uuid
            and ${standing.pay_in}
            and not exists (select 1 from anti_fraud_cases c where c.target_requisite_id = r.id and c.approved_at is null
                              and c.rule <> 'requisite_blocked_unverified')
            and a.balance_minor >= ${request.holdMinor.toString()}::bigint
            and (${request.paymentOption ?? null}::text is null or r.payment_option = ${request.paymentOption ?? null}::text)
            and (${request.paymentType ?? null}::text is null or r.payment_type = ${request.paymentType ?? null}::text)
          order by fe.priority desc, fe.last_assigned_at asc nulls first, fe.id, r.created_at, r.id
          offset ${offset}::int limit ${limit}::int
        )
        select p.bind_id, p.user_id, p.executor_type, p.requisite_id, p.payment_option, p.payment_type, p.attributes,
               coalesce((select jsonb_object_agg(rr.type, rr.value) from requisite_restrictions rr
                         where rr.requisite_id = p.requisite_id and rr.is_active), '{}'::jsonb) as requisite_restrictions,
               ${executorRestrictionsSql(sql`p.flow_id`, sql`p.user_id`)} as executor_restrictions,
               ${flowDayVolumeSql(sql`p.flow_id`, sql`p.user_id`, day)} as flow_day_volume,
               ${partyColumns(sql`p.user_id`)},
               ru.*
        from page p
        cross join lateral ${requisiteUsageSql(request, sql`p.requisite_id`)} ru
        order by p.priority desc, p.last_assigned_at asc nulls first, p.bind_id, p.requisite_created_at, p.requisite_id`,
  );
  return rows.map(candidateOfRow);
}

/** A candidate as the page's statement reads it. */
type CandidateRow = UsageColumns & {
  bind_id: string;
  user_id: string;
  executor_type: 'trader' | 'partner';
  requisite_id: string;
  payment_option: string;
  payment_type: string;
  attributes: unknown;
  requisite_restrictions: unknown;
  executor_restrictions: unknown;
  flow_day_volume: string;
  fees: unknown;
  agents: unknown;
};

const candidateOfRow = (row: CandidateRow): Candidate => ({
  bindId: row.bind_id,
  userId: row.user_id,
  executorType: row.executor_type,
  requisiteId: row.requisite_id,
  paymentOption: row.payment_option,
  paymentType: row.payment_type,
  attributes: jsonOf(row.attributes),
  requisiteRestrictions: jsonOf(row.requisite_restrictions),
  executorRestrictions: jsonOf(row.executor_restrictions),
  usage: usageOfRow(row),
  flowDayVolume: BigInt(row.flow_day_volume),
  party: { fees: row.fees, agents: row.agents },
});

/**
 * What one requisite took, read again under its lock: what other orders took meanwhile is visible now, in a statement
 * of its own (a statement sees what committed before it began).
 */
export async function requisiteUsage(
  db: Executor,
  request: MatchRequest,
  requisiteId: string,
): Promise<RequisiteUsage> {
  const [row] = await selectPrepared<UsageColumns>(
    db,
    'orders_match_usage',
    sql`select ru.* from requisites r cross join lateral ${requisiteUsageSql(request, sql`r.id`)} ru
        where r.id = ${requisiteId}::uuid`,
  );
  if (!row) throw new Error('the requisite being matched is gone');
  return usageOfRow(row);
}

/** Why a candidate cannot take the order, or null when every restriction allows it. */
export function ruledOut(candidate: Candidate, usage: RequisiteUsage, request: MatchRequest): string | null {
  return (
    requisiteRuledOut(candidate.requisiteRestrictions, usage, request) ??
    executorRuledOut(candidate.executorRestrictions, candidate.paymentOption, candidate.flowDayVolume, request)
  );
}
