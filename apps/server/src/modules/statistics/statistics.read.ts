import {
  type AvailableFilter,
  formatAmount,
  type Language,
  type MyStatisticQuery,
  type OrderStatus,
  orderStatuses,
  orderTypes,
  type RewardRole,
  rewardRoles,
  type Statistic,
  type StatisticQuery,
} from '@paydesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { translate } from '../../i18n/messages';
import type { ReferenceData } from '../reference/reference.read';
import { refreshedAt } from './statistics.refresh';

/** Whose statistics: the platform's (admin) or one user's own, by the part it plays in orders. */
export type StatisticScope =
  | { kind: 'platform' }
  | { kind: 'merchant'; userId: string }
  | { kind: 'executor'; userId: string }
  | { kind: 'agent'; userId: string };

interface Narrowing {
  from?: string | undefined;
  to?: string | undefined;
  type?: string | undefined;
  flowId?: string | undefined;
  merchantId?: string | undefined;
  executorId?: string | undefined;
  statuses: OrderStatus[];
}

/** One summary row as read: a day, its currencies, and its sums as decimal texts of minor units. */
interface SummaryRow {
  day: string;
  fiat: string;
  crypto: string;
  role: string;
  orders: string | number;
  fiat_minor: string;
  crypto_minor: string;
  reward_minor: string;
}

const where = (narrowing: Narrowing, table: 's' | 'a'): SQL => {
  const parts: SQL[] = [sql`${sql.raw(table)}.status = any(${sql.param(narrowing.statuses)}::text[])`];
  const column = (name: string) => sql.raw(`${table}.${name}`);
  if (narrowing.from) parts.push(sql`${column('day')} >= ${narrowing.from}::date`);
  if (narrowing.to) parts.push(sql`${column('day')} <= ${narrowing.to}::date`);
  if (narrowing.type) parts.push(sql`${column('type')} = ${narrowing.type}`);
  if (narrowing.flowId) parts.push(sql`${column('flow_id')} = ${narrowing.flowId}::uuid`);
  if (narrowing.merchantId) parts.push(sql`${column('merchant_id')} = ${narrowing.merchantId}::uuid`);
  if (narrowing.executorId) parts.push(sql`${column('executor_id')} = ${narrowing.executorId}::uuid`);
  return sql.join(parts, sql` and `);
};

/**
 * The summary's rows for a scope, one per day, currency pair and role: the platform's carry every role's rewards
 * (one row per role, the volume on the `volume` row), a user's only its own.
 */
function summaryQuery(scope: StatisticScope, narrowing: Narrowing): SQL {
  if (scope.kind === 'agent') {
    return sql`select a.day::text as day, a.fiat, a.crypto, a.role, sum(a.orders) as orders,
                      sum(a.fiat_minor)::text as fiat_minor, sum(a.crypto_minor)::text as crypto_minor,
                      sum(a.reward_minor)::text as reward_minor
               from agent_stats_daily a
               where a.agent_id = ${scope.userId}::uuid and ${where(narrowing, 'a')}
               group by a.day, a.fiat, a.crypto, a.role`;
  }
  const own =
    scope.kind === 'merchant'
      ? { ...narrowing, merchantId: scope.userId }
      : scope.kind === 'executor'
        ? { ...narrowing, executorId: scope.userId }
        : narrowing;
  const rewards =
    scope.kind === 'platform'
      ? sql`sum(s.executor_reward_minor) filter (where s.executor_type = 'trader')::text as trader,
            sum(s.executor_reward_minor) filter (where s.executor_type = 'partner')::text as partner,
            sum(s.referral_minor)::text as referral, sum(s.teamlead_minor)::text as teamlead,
            sum(s.platform_minor)::text as platform`
      : scope.kind === 'executor'
        ? sql`sum(s.executor_reward_minor) filter (where s.executor_type = 'trader')::text as trader,
              sum(s.executor_reward_minor) filter (where s.executor_type = 'partner')::text as partner,
              null::text as referral, null::text as teamlead, null::text as platform`
        : sql`null::text as trader, null::text as partner, null::text as referral, null::text as teamlead,
              null::text as platform`;
  // One row per day and pair with the volume and every role's reward, unfolded into one row per role.
  return sql`with days as (
               select s.day, s.fiat, s.crypto, sum(s.orders) as orders, sum(s.fiat_minor)::text as fiat_minor,
                      sum(s.crypto_minor)::text as crypto_minor, ${rewards}
               from order_stats_daily s where ${where(own, 's')}
               group by s.day, s.fiat, s.crypto)
             select d.day::text as day, d.fiat, d.crypto, r.role, d.orders, d.fiat_minor, d.crypto_minor, r.reward_minor
             from days d
             cross join lateral (values ('trader', d.trader), ('partner', d.partner), ('referral', d.referral),
                                        ('teamlead', d.teamlead), ('platform', d.platform)) r(role, reward_minor)`;
}

const add = (totals: Map<string, bigint>, key: string, minor: string | null) => {
  if (minor === null) return;
  totals.set(key, (totals.get(key) ?? 0n) + BigInt(minor));
};

interface Party {
  language: Language;
  reference: ReferenceData;
}

const currencyOf = ({ reference, language }: Party, code: string) => {
  const row = reference.currencies.get(code);
  return {
    code,
    name: row ? (language === 'ru' ? row.nameRu : row.nameEn) : code,
    fraction: row?.ratioFraction ?? 2,
  };
};

/** The filters of the statistics screens (SPEC §2.9): the admin's also narrow to one merchant or one executor. */
async function statisticFilters(db: Executor, scope: StatisticScope, language: Language): Promise<AvailableFilter[]> {
  const statusFilter: AvailableFilter = {
    name: 'status',
    label: 'filters.status',
    type: 'multiselect',
    options: orderStatuses.map((status) => ({ value: status, label: translate(language, `order_status.${status}`) })),
  };
  const typeFilter: AvailableFilter = {
    name: 'type',
    label: 'filters.type',
    type: 'select',
    options: orderTypes.map((type) => ({ value: type, label: translate(language, `order_type.${type}`) })),
  };
  const flows = await selectRows<{ id: string; name: string }>(
    db,
    scope.kind === 'platform'
      ? sql`select id, name from flows order by name, id limit 500`
      : scope.kind === 'merchant'
        ? sql`select id, name from flows where merchant_id = ${scope.userId}::uuid order by name, id limit 500`
        : scope.kind === 'executor'
          ? sql`select f.id, f.name from flows f join flow_executors fe on fe.flow_id = f.id
                where fe.user_id = ${scope.userId}::uuid order by f.name, f.id limit 500`
          : sql`select id, name from flows where false`,
  );
  const filters: AvailableFilter[] = [
    { name: 'date_from', label: 'filters.date_from', type: 'date' },
    { name: 'date_to', label: 'filters.date_to', type: 'date' },
    typeFilter,
    statusFilter,
  ];
  if (flows.length > 0) {
    filters.push({
      name: 'flow',
      label: 'filters.flow',
      type: 'select',
      options: flows.map((flow) => ({ value: flow.id, label: flow.name })),
    });
  }
  if (scope.kind === 'platform') {
    const people = await selectRows<{ id: string; username: string; type: string }>(
      db,
      sql`(select id, username, type from users where type = 'merchant' order by username limit 500)
          union all
          (select id, username, type from users where type in ('trader', 'partner') order by username limit 500)`,
    );
    const optionsOf = (types: string[]) =>
      people
        .filter((person) => types.includes(person.type))
        .map((person) => ({ value: person.id, label: person.username }));
    filters.push(
      { name: 'merchant', label: 'filters.merchant', type: 'select', options: optionsOf(['merchant']) },
      { name: 'trader', label: 'filters.trader', type: 'select', options: optionsOf(['trader', 'partner']) },
    );
  }
  return filters;
}

/**
 * GET /order/statistic/ and /my/order/statistic/ (SPEC §7, DESIGN §13): per currency the sum of the orders the
 * filters select (paid ones unless statuses are asked for), the rewards their settlements paid each role, and the
 * volume per day — all from the summary, a few rows per day whatever the number of orders.
 */
export async function statisticOf(
  deps: { db: Executor; reference: ReferenceData },
  scope: StatisticScope,
  query: StatisticQuery | MyStatisticQuery,
  language: Language,
): Promise<Statistic> {
  const narrowing = narrowingOf(scope, query);
  const [rows, filters, refreshed] = await Promise.all([
    selectRows<SummaryRow>(deps.db, summaryQuery(scope, narrowing)),
    statisticFilters(deps.db, scope, language),
    refreshedAt(deps.db, 'statistics'),
  ]);
  const party: Party = { language, reference: deps.reference };
  const total = { slug: 'total', title: translate(language, 'statistic.total') };
  const { orders, amounts, rewards, days } = tally(rows, scope);
  const money = (code: string, minor: bigint) => {
    const currency = currencyOf(party, code);
    return { amount: formatAmount(minor, currency.fraction), currency: { code, name: currency.name } };
  };
  const codes = [...amounts.keys()].sort((a, b) => kindRank(party, a) - kindRank(party, b) || a.localeCompare(b));
  const roleRewards = rewardRoles.flatMap((role: RewardRole) => {
    const earned = [...rewards.entries()]
      .filter(([key]) => key.startsWith(`${role} `))
      .map(([key, minor]) => money(key.slice(role.length + 1), minor));
    if (earned.length === 0) return [];
    return [
      { status: total, role: { slug: role, title: translate(language, `reward_role.${role}`) }, rewards: earned },
    ];
  });
  return {
    statistic: {
      sum: codes.map((code) => ({
        status: total,
        orders: orders.get(code) ?? 0,
        ...money(code, amounts.get(code) ?? 0n),
      })),
      role_rewards: roleRewards,
      per_day: [...days.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, day]) => ({
          date,
          orders: day.orders,
          amounts: [...day.amounts.entries()].map(([code, minor]) => ({
            amount: formatAmount(minor, currencyOf(party, code).fraction),
            currency: code,
          })),
        })),
      refreshed_at: refreshed?.toISOString() ?? null,
    },
    context: { available_filters: filters },
  };
}

/** The narrowing a query asks for; only the platform's statistics narrow to a merchant or a trader. */
function narrowingOf(scope: StatisticScope, query: StatisticQuery | MyStatisticQuery): Narrowing {
  return {
    from: query['filter[date_from]'],
    to: query['filter[date_to]'],
    type: query['filter[type]'],
    flowId: query['filter[flow]'],
    statuses: query['filter[status]'] ?? ['paid'],
    ...(scope.kind === 'platform' && 'filter[merchant]' in query
      ? { merchantId: query['filter[merchant]'], executorId: query['filter[trader]'] }
      : {}),
  };
}

/** The summary's rows added up: orders and amounts per currency, rewards per role and crypto, and each day's volume. */
function tally(rows: SummaryRow[], scope: StatisticScope) {
  // Each (day, pair) comes once per role: its volume is counted on one of them only.
  const volumeRole = scope.kind === 'agent' ? null : 'trader';
  const orders = new Map<string, number>();
  const amounts = new Map<string, bigint>();
  const rewards = new Map<string, bigint>();
  const days = new Map<string, { orders: number; amounts: Map<string, bigint> }>();
  for (const row of rows) {
    add(rewards, `${row.role} ${row.crypto}`, row.reward_minor);
    if (volumeRole !== null && row.role !== volumeRole) continue;
    const count = Number(row.orders);
    for (const [code, minor] of [
      [row.fiat, row.fiat_minor],
      [row.crypto, row.crypto_minor],
    ] as const) {
      add(amounts, code, minor);
      orders.set(code, (orders.get(code) ?? 0) + count);
    }
    const day = days.get(row.day) ?? { orders: 0, amounts: new Map<string, bigint>() };
    day.orders += count;
    add(day.amounts, row.fiat, row.fiat_minor);
    add(day.amounts, row.crypto, row.crypto_minor);
    days.set(row.day, day);
  }
  return { orders, amounts, rewards, days };
}

/** Fiat first, then crypto. */
const kindRank = ({ reference }: Party, code: string) => (reference.currencies.get(code)?.kind === 'fiat' ? 0 : 1);
