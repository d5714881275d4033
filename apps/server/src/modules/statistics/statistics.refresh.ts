import { sql } from 'drizzle-orm';
import { type Db, type Executor, selectRows } from '../../db/client';
import { noExecutor } from './statistics.table';

export const statisticsRefreshJob = 'statistics.refresh';
export const directionsRefreshJob = 'directions.refresh';
/** How often the summaries are brought up to date; the screens say how old what they show is. */
export const statisticsRefreshSeconds = 20;
export const directionsRefreshSeconds = 20;

/**
 * How far back before the last refresh an order's change is looked for again: a transaction that changed an order
 * before the last refresh began but committed after it read is caught by the next one, if it took less than this.
 */
const overlap = '2 minutes';
/** Days recomputed per statement, so a first refresh of years of orders is many bounded statements, not one. */
const daysPerStatement = 31;

/**
 * The k-th share of an agent in an order (its shares in array order) was paid by the k-th order_referral transfer to
 * that agent (in order number): settlement posts the shares in array order, so an agent who is both the merchant's
 * referral and the trader's team lead has each of its two rewards under its own role. `o` is the order.
 */
const sharesOfOrder = sql`(
  select x.share, row_number() over (partition by x.share ->> 'userId' order by x.idx) as k
  from jsonb_array_elements(o.agent_shares) with ordinality as x(share, idx))`;
const transfersOfOrder = sql`(
  select t.code, t.amount_minor, ca.owner_id,
         row_number() over (partition by t.code, ca.owner_id order by t.seq) as k
  from ledger_transfers t join ledger_accounts ca on ca.id = t.credit_account_id
  where t.reference_id = o.id and t.code in ('order_reward', 'order_referral', 'order_fee'))`;

/** The orders' settlement transfers by role, summed per order: what the statistics call rewards. */
const rewardsOfOrder = sql`
  left join lateral (
    select sum(t.amount_minor) filter (where t.code = 'order_reward') as executor_reward,
           sum(t.amount_minor) filter (where t.code = 'order_referral' and s.share ->> 'role' = 'referral') as referral,
           sum(t.amount_minor) filter (where t.code = 'order_referral' and s.share ->> 'role' = 'teamlead') as teamlead,
           sum(t.amount_minor) filter (where t.code = 'order_fee') as platform
    from ${transfersOfOrder} t
    left join ${sharesOfOrder} s on t.code = 'order_referral' and s.share ->> 'userId' = t.owner_id::text and s.k = t.k
  ) r on true`;

/** The orders created on the given UTC days, through the created-at index. */
const ofDays = (days: string[]) => {
  const sorted = [...days].sort();
  return sql`o.created_at >= ${sorted[0]}::date::timestamp at time zone 'UTC'
    and o.created_at < (${sorted[sorted.length - 1]}::date + 1)::timestamp at time zone 'UTC'
    and (o.created_at at time zone 'UTC')::date = any(${sql.param(days)}::date[])`;
};

async function rebuildDays(tx: Executor, days: string[]) {
  const dayList = sql`any(${sql.param(days)}::date[])`;
  await tx.execute(sql`delete from order_stats_daily where day = ${dayList}`);
  await tx.execute(sql`delete from agent_stats_daily where day = ${dayList}`);
  await tx.execute(sql`
    insert into order_stats_daily (day, type, status, merchant_id, executor_id, executor_type, flow_id, fiat, crypto,
      orders, fiat_minor, crypto_minor, executor_reward_minor, referral_minor, teamlead_minor, platform_minor)
    select (o.created_at at time zone 'UTC')::date, o.type, o.status, o.merchant_id,
           coalesce(o.executor_id, ${noExecutor}::uuid), coalesce(o.executor_type, ''), o.flow_id, o.fiat, o.crypto,
           count(*), sum(o.fiat_amount_minor), sum(o.crypto_amount_minor), coalesce(sum(r.executor_reward), 0),
           coalesce(sum(r.referral), 0), coalesce(sum(r.teamlead), 0), coalesce(sum(r.platform), 0)
    from orders o ${rewardsOfOrder}
    where ${ofDays(days)}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  await tx.execute(sql`
    insert into agent_stats_daily (day, agent_id, role, type, status, flow_id, fiat, crypto, orders, fiat_minor,
      crypto_minor, reward_minor)
    select (o.created_at at time zone 'UTC')::date, (s.share ->> 'userId')::uuid, s.share ->> 'role', o.type, o.status,
           o.flow_id, o.fiat, o.crypto,
           -- An order pays an agent of both roles twice but is one order: its volume counts on the first share only.
           count(*) filter (where s.k = 1), coalesce(sum(o.fiat_amount_minor) filter (where s.k = 1), 0),
           coalesce(sum(o.crypto_amount_minor) filter (where s.k = 1), 0), coalesce(sum(r.reward), 0)
    from orders o
    cross join lateral ${sharesOfOrder} s
    left join lateral (
      select t.amount_minor as reward from ${transfersOfOrder} t
      where t.code = 'order_referral' and t.owner_id = (s.share ->> 'userId')::uuid and t.k = s.k
    ) r on true
    where ${ofDays(days)}
    group by 1, 2, 3, 4, 5, 6, 7, 8`);
}

/** The summary's row of `name`, locked: one refresh of a summary at a time, whichever process runs it. */
async function lockRefresh(tx: Executor, name: string) {
  await tx.execute(sql`insert into summary_refreshes (name) values (${name}) on conflict (name) do nothing`);
  const [row] = await selectRows<{ watermark: Date | string | null }>(
    tx,
    sql`select watermark from summary_refreshes where name = ${name} for update`,
  );
  return row?.watermark ? new Date(row.watermark) : null;
}

/**
 * Brings the statistics' summary up to date (DESIGN §13): the UTC days of every order changed since the last refresh
 * (less the overlap) are recomputed whole from the orders and the ledger, in one transaction, so a reader sees either
 * the old day or the new one. Returns the days rebuilt.
 */
export async function refreshStatistics(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const watermark = await lockRefresh(tx, 'statistics');
    const changed = await selectRows<{ day: string }>(
      tx,
      watermark
        ? sql`select distinct (created_at at time zone 'UTC')::date::text as day from orders
              where updated_at >= ${watermark.toISOString()}::timestamptz - ${overlap}::interval`
        : sql`select distinct (created_at at time zone 'UTC')::date::text as day from orders`,
    );
    const days = changed.map((row) => row.day).sort();
    for (let start = 0; start < days.length; start += daysPerStatement) {
      await rebuildDays(tx, days.slice(start, start + daysPerStatement));
    }
    // now() is the transaction's start: a change made after it is at or above the new watermark.
    await tx.execute(
      sql`update summary_refreshes set watermark = now(), refreshed_at = clock_timestamp() where name = 'statistics'`,
    );
    return days;
  });
}

/**
 * Rewrites the directions' order figures (DESIGN §13): open orders through the open-order indexes, and the last 24
 * hours through the created-at index — a day of orders, never the whole table.
 */
export async function refreshDirections(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRefresh(tx, 'directions');
    await tx.execute(sql`delete from direction_stats`);
    await tx.execute(sql`
      insert into direction_stats (fiat, crypto, payment_option, open_orders, created_24h, paid_24h, median_pay_seconds)
      select fiat, crypto, payment_option, sum(open_orders)::int, sum(created)::int, sum(paid)::int,
             max(median_pay_seconds)::int
      from (
        select fiat, crypto, payment_option, count(*) as open_orders, 0 as created, 0 as paid, null::float as median_pay_seconds
        from orders where status in ('new', 'in-progress') and payment_option is not null
        group by fiat, crypto, payment_option
        union all
        select fiat, crypto, payment_option, 0, count(*), count(*) filter (where status = 'paid' and paid_at is not null),
               percentile_cont(0.5) within group (order by extract(epoch from paid_at - created_at))
                 filter (where status = 'paid' and paid_at is not null)
        from orders where created_at >= now() - interval '24 hours' and payment_option is not null
        group by fiat, crypto, payment_option
      ) figures
      group by fiat, crypto, payment_option`);
    await tx.execute(sql`update summary_refreshes set refreshed_at = clock_timestamp() where name = 'directions'`);
  });
}

export async function refreshedAt(db: Executor, name: 'statistics' | 'directions'): Promise<Date | null> {
  const [row] = await selectRows<{ refreshed_at: Date | string | null }>(
    db,
    sql`select refreshed_at from summary_refreshes where name = ${name}`,
  );
  return row?.refreshed_at ? new Date(row.refreshed_at) : null;
}
