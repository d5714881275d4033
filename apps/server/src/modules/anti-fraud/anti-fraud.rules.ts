import type { AntiFraudCaseRule, AntiFraudRule } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { adminsAudience, publishEventToMany } from '../events/events.module';
import type { RequisiteBlockedByBank } from '../terminals/terminals.module';
import type { AntiFraudEvent } from './anti-fraud.jobs';
import type { AntiFraudEvidence } from './anti-fraud.table';

/**
 * The rules of DESIGN §13. Each counts only what happened since the last release of the same rule for the same
 * target: a released trader starts afresh instead of being caught again by the orders it was released for.
 *
 * - trader_cancel_streak N: a trader's last N orders (paid, canceled or disputed, newest first) are all canceled.
 * - trader_dispute_share_percent P: of a trader's orders of the last 30 days, at least `disputeShareMinOrders`,
 *   P % or more were disputed.
 * - payout_overdue_minutes M: a trader took a pay-out more than M minutes ago and has not paid it.
 * - client_orders_per_hour K: one payer (a merchant's client_id) made more than K orders in the last hour.
 * - requisite_payers_per_day K: a requisite got pay-ins from more than K different payers in the last 24 hours.
 *
 * A trader's and a requisite's case keeps it out of matching until released; a payer's case is for the admins.
 */
export const disputeShareMinOrders = 10;
const disputeShareDays = 30;

export type Settings = Map<AntiFraudRule, number | null>;

export interface Hit {
  rule: AntiFraudCaseRule;
  kind: 'trader' | 'requisite' | 'client';
  key: string;
  userId?: string;
  requisiteId?: string;
  clientId?: string;
  evidence: AntiFraudEvidence;
}

/** Since when a rule counts for a target: its last release, or always. */
const since = (rule: AntiFraudRule, key: string) =>
  sql`coalesce((select max(c.approved_at) from anti_fraud_cases c where c.rule = ${rule} and c.target_key = ${key}),
               '-infinity'::timestamptz)`;

async function cancelStreak(db: Executor, traderId: string, streak: number): Promise<Hit | null> {
  const key = `trader:${traderId}`;
  const [row] = await selectRows<{ total: number; canceled: number; last: string | null }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where status = 'canceled')::int as canceled,
               max(id::text) filter (where rank = 1) as last
        from (select id, status, row_number() over (order by created_at desc, id desc) as rank
              from orders
              where executor_id = ${traderId} and status in ('paid', 'canceled', 'dispute')
                and created_at > ${since('trader_cancel_streak', key)}
              order by created_at desc, id desc
              limit ${streak}) as last_orders`,
  );
  if (!row || row.total < streak || row.canceled < streak) return null;
  return {
    rule: 'trader_cancel_streak',
    kind: 'trader',
    key,
    userId: traderId,
    evidence: { canceled_in_a_row: row.canceled, last_order: row.last ?? '' },
  };
}

async function disputeShare(db: Executor, traderId: string, percent: number): Promise<Hit | null> {
  const key = `trader:${traderId}`;
  const [row] = await selectRows<{ total: number; disputed: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where exists (select 1 from disputes d where d.order_id = o.id))::int as disputed
        from orders o
        where o.executor_id = ${traderId} and o.status in ('paid', 'canceled', 'dispute')
          and o.created_at > now() - make_interval(days => ${disputeShareDays})
          and o.created_at > ${since('trader_dispute_share_percent', key)}`,
  );
  if (!row || row.total < disputeShareMinOrders || row.disputed * 100 < percent * row.total) return null;
  return {
    rule: 'trader_dispute_share_percent',
    kind: 'trader',
    key,
    userId: traderId,
    evidence: { orders: row.total, disputed: row.disputed, percent: Math.floor((row.disputed * 100) / row.total) },
  };
}

async function clientOrders(db: Executor, merchantId: string, clientId: string, limit: number): Promise<Hit | null> {
  const key = `client:${merchantId}:${clientId}`;
  const [row] = await selectRows<{ total: number; merchant: string }>(
    db,
    sql`select count(*)::int as total, (select username from users where id = ${merchantId}) as merchant
        from orders
        where merchant_id = ${merchantId} and client_id = ${clientId}
          and created_at > now() - interval '1 hour' and created_at > ${since('client_orders_per_hour', key)}`,
  );
  if (!row || row.total <= limit) return null;
  return {
    rule: 'client_orders_per_hour',
    kind: 'client',
    key,
    clientId,
    evidence: { orders_in_an_hour: row.total, merchant: row.merchant, client_id: clientId },
  };
}

async function requisitePayers(db: Executor, requisiteId: string, limit: number): Promise<Hit | null> {
  const key = `requisite:${requisiteId}`;
  const [row] = await selectRows<{ payers: number }>(
    db,
    sql`select count(distinct client_id)::int as payers
        from orders
        where requisite_id = ${requisiteId} and client_id is not null
          and created_at > now() - interval '24 hours' and created_at > ${since('requisite_payers_per_day', key)}`,
  );
  if (!row || row.payers <= limit) return null;
  return {
    rule: 'requisite_payers_per_day',
    kind: 'requisite',
    key,
    requisiteId,
    evidence: { payers_in_a_day: row.payers },
  };
}

/** Opens the case of a hit unless the same rule has a new case on the same target; tells the admins of a new one. */
/**
 * Terminals' announcement of a requisite the bank blocked (DESIGN §17): a case on the requisite. Said by a weakly
 * authenticated app (DESIGN §19), it is a case of its own rule, which holds nothing back (`caseHoldsRequisite`): a
 * forged text must not stop a trader's requisite, an admin checks it with the trader.
 */
export const caseOfBlockedRequisite = (tx: Executor, blocked: RequisiteBlockedByBank) =>
  openCase(tx, {
    rule: blocked.weak ? 'requisite_blocked_unverified' : 'requisite_blocked_by_bank',
    kind: 'requisite',
    key: `requisite:${blocked.requisiteId}`,
    requisiteId: blocked.requisiteId,
    evidence: { bank: blocked.bank, terminal: blocked.terminal },
  });

export async function openCase(db: Executor, hit: Hit): Promise<boolean> {
  const opened = await selectRows<{ id: string }>(
    db,
    sql`insert into anti_fraud_cases (id, rule, target_kind, target_key, target_user_id, target_requisite_id,
                                      target_client_id, evidence)
        values (${newId()}, ${hit.rule}, ${hit.kind}, ${hit.key}, ${hit.userId ?? null}, ${hit.requisiteId ?? null},
                ${hit.clientId ?? null}, ${JSON.stringify(hit.evidence)}::jsonb)
        on conflict (rule, target_key) where approved_at is null do nothing
        returning id`,
  );
  if (opened.length === 0) return false;
  await publishEventToMany(db, [adminsAudience], 'anti_fraud.case', JSON.stringify({ rule: hit.rule }));
  return true;
}

interface EventOrder {
  id: string;
  merchant_id: string;
  executor_id: string | null;
  executor_type: string | null;
  requisite_id: string | null;
  client_id: string | null;
  type: string;
}

/**
 * Runs the rules an order event concerns (the job `anti_fraud.check`): a cancel or a dispute looks at the order's
 * trader, a new order at its payer and its requisite. Returns how many cases it opened.
 */
export async function checkOrders(
  db: Executor,
  settings: Settings,
  orderIds: string[],
  event: AntiFraudEvent,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await selectRows<EventOrder>(
    db,
    sql`select id, merchant_id, executor_id, executor_type, requisite_id, client_id, type from orders
        where id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const hits: (Hit | null)[] = [];
  const streak = settings.get('trader_cancel_streak');
  const share = settings.get('trader_dispute_share_percent');
  const perHour = settings.get('client_orders_per_hour');
  const payers = settings.get('requisite_payers_per_day');
  const traders = [...new Set(rows.filter((row) => row.executor_type === 'trader').map((row) => row.executor_id))];
  for (const traderId of traders) {
    if (!traderId) continue;
    if (event === 'canceled' && streak) hits.push(await cancelStreak(db, traderId, streak));
    if (event === 'disputed' && share) hits.push(await disputeShare(db, traderId, share));
  }
  if (event === 'created') {
    for (const row of rows) {
      if (perHour && row.client_id) hits.push(await clientOrders(db, row.merchant_id, row.client_id, perHour));
      if (payers && row.client_id && row.requisite_id && row.type === 'pay_in') {
        hits.push(await requisitePayers(db, row.requisite_id, payers));
      }
    }
  }
  let opened = 0;
  for (const hit of hits) if (hit && (await openCase(db, hit))) opened += 1;
  return opened;
}

/** The sweep `anti_fraud.overdue-sweep`: a case for each trader holding a pay-out longer than the setting allows. */
export async function sweepOverduePayOuts(db: Executor, settings: Settings): Promise<number> {
  const minutes = settings.get('payout_overdue_minutes');
  if (!minutes) return 0;
  const rows = await selectRows<{ id: string; executor_id: string; taken_at: string }>(
    db,
    sql`select distinct on (o.executor_id) o.id, o.executor_id, o.taken_at::text as taken_at
        from orders o join users u on u.id = o.executor_id and u.type = 'trader'
        where o.type = 'pay_out' and o.status = 'in-progress'
          and o.taken_at < now() - make_interval(mins => ${minutes})
          and o.taken_at > coalesce((select max(c.approved_at) from anti_fraud_cases c
                                     where c.rule = 'payout_overdue_minutes'
                                       and c.target_key = 'trader:' || o.executor_id::text), '-infinity'::timestamptz)
          and not exists (select 1 from anti_fraud_cases c
                          where c.rule = 'payout_overdue_minutes' and c.target_key = 'trader:' || o.executor_id::text
                            and c.approved_at is null)
        order by o.executor_id, o.taken_at
        limit 500`,
  );
  let opened = 0;
  for (const row of rows) {
    const hit: Hit = {
      rule: 'payout_overdue_minutes',
      kind: 'trader',
      key: `trader:${row.executor_id}`,
      userId: row.executor_id,
      evidence: { order: row.id, taken_at: new Date(row.taken_at).toISOString(), minutes },
    };
    if (await openCase(db, hit)) opened += 1;
  }
  return opened;
}
