import {
  type Direction,
  type DirectionDetails,
  type DirectionExecutorState,
  type DirectionQuery,
  type DirectionState,
  type Language,
  type ListData,
  paginate,
} from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Executor, selectRows } from '../../db/client';
import { translate } from '../../i18n/messages';
import { DomainError } from '../../lib/errors';
import { rateText } from '../flows/flows.module';
import type { ReferenceData } from '../reference/reference.read';
import { refreshedAt } from './statistics.refresh';

interface Deps {
  db: Executor;
  reference: ReferenceData;
  config: Pick<Config, 'RATE_MAX_AGE_SECONDS'>;
}

/**
 * Every executor of every live flow, per (fiat, crypto, payment option) of its requisites, with why it could or could
 * not take an order now — the matcher's rules (DESIGN §5) without an order's amount: active, not blocked, insurance
 * paid and pay-ins open (a trader), no new anti-fraud case, some available crypto for a hold, an active requisite of
 * the option without a case, in an active flow. Small tables only: flows, their executors, requisites, accounts.
 */
const executorsSql = (narrow: { fiat?: string; crypto?: string; option?: string } = {}) => sql`
  select f.fiat, f.crypto, r.payment_option, u.id as user_id, u.username, fe.executor_type,
         count(distinct f.id)::int as flows,
         bool_or(f.is_active) as in_active_flow,
         case
           when not u.is_active then 'inactive'
           when u.is_blocked then 'blocked'
           when fe.executor_type = 'trader' and not coalesce(tp.insurance_paid, false) then 'insurance_unpaid'
           when fe.executor_type = 'trader' and not coalesce(tp.deposit_open, false) then 'deposits_closed'
           when exists (select 1 from anti_fraud_cases c where c.target_user_id = u.id and c.approved_at is null)
             then 'anti_fraud'
           when not exists (select 1 from ledger_accounts a where a.owner_id = u.id and a.kind = 'available'
                            and a.currency = f.crypto and a.balance_minor > 0) then 'no_balance'
           else 'ready'
         end as executor_state,
         count(distinct r.id)::int as requisites_total,
         count(distinct r.id) filter (
           where r.is_active and not exists (select 1 from anti_fraud_cases c
                                             where c.target_requisite_id = r.id and c.approved_at is null
                                               and c.rule <> 'requisite_blocked_unverified'))::int
           as requisites_active
  from flows f
  join flow_executors fe on fe.flow_id = f.id
  join users u on u.id = fe.user_id and u.type = fe.executor_type
  left join trader_profiles tp on tp.user_id = u.id
  join requisites r on r.user_id = u.id and r.currency = f.fiat
  where f.deleted_at is null
    and (${narrow.fiat ?? null}::text is null or f.fiat = ${narrow.fiat ?? null}::text)
    and (${narrow.crypto ?? null}::text is null or f.crypto = ${narrow.crypto ?? null}::text)
    and (${narrow.option ?? null}::text is null or r.payment_option = ${narrow.option ?? null}::text)
  group by f.fiat, f.crypto, r.payment_option, u.id, u.username, fe.executor_type, u.is_active, u.is_blocked,
           tp.insurance_paid, tp.deposit_open`;

interface ExecutorRow {
  fiat: string;
  crypto: string;
  payment_option: string;
  user_id: string;
  username: string;
  executor_type: 'trader' | 'partner';
  flows: number;
  in_active_flow: boolean;
  executor_state: Exclude<DirectionExecutorState, 'no_requisites'>;
  requisites_total: number;
  requisites_active: number;
}

/** What keeps an executor from taking an order of the direction now, or `ready`. */
const stateOf = (row: ExecutorRow): DirectionExecutorState =>
  row.executor_state !== 'ready' ? row.executor_state : row.requisites_active === 0 ? 'no_requisites' : 'ready';

/** Able to take an order now: ready, with an active requisite, in an active flow. */
const isActive = (row: ExecutorRow) => row.in_active_flow && stateOf(row) === 'ready';

interface PairRow {
  fiat: string;
  crypto: string;
  flows_total: number;
  flows_active: number;
  feed: boolean;
  manual_rate: string | null;
  manual_updated_at: Date | string | null;
  quote_rate: string | null;
  quote_fetched_at: Date | string | null;
}

/** Each pair's flows: how many, how many active, and the rate they price at (the feed's quote or a manual rate). */
const pairsSql = sql`select f.fiat, f.crypto, count(*)::int as flows_total, count(*) filter (where f.is_active)::int as flows_active,
                 bool_or(f.is_active and f.rate_source = 'feed') as feed,
                 (array_agg(f.manual_rate::text order by f.is_active desc, f.updated_at desc)
                    filter (where f.rate_source = 'manual' and f.manual_rate is not null))[1] as manual_rate,
                 max(f.updated_at) filter (where f.rate_source = 'manual') as manual_updated_at,
                 max(q.rate::text) as quote_rate, max(q.fetched_at) as quote_fetched_at
          from flows f
          left join rate_quotes q on q.source = 'feed' and q.fiat = f.fiat and q.crypto = f.crypto
          where f.deleted_at is null
          group by f.fiat, f.crypto`;

interface FiguresRow {
  fiat: string;
  crypto: string;
  payment_option: string;
  open_orders: number;
  created_24h: number;
  paid_24h: number;
  median_pay_seconds: number | null;
}

const key = (fiat: string, crypto: string, option: string) => `${fiat}.${crypto}.${option}`;

/**
 * Every direction with its live counts and its summary's figures, in a few queries over small tables; with the
 * executor rows it counted, which a direction's details list as they are.
 */
async function directionsOf(
  deps: Deps,
  language: Language,
  narrow: { fiat?: string; crypto?: string; option?: string },
) {
  const [executors, pairs, figures, refreshed] = await Promise.all([
    selectRows<ExecutorRow>(deps.db, executorsSql(narrow)),
    selectRows<PairRow>(deps.db, pairsSql),
    selectRows<FiguresRow>(deps.db, sql`select * from direction_stats`),
    refreshedAt(deps.db, 'directions'),
  ]);
  const directions = directionsIn([...executors, ...figures], narrow);
  const read: DirectionsRead = { deps, language, now: Date.now(), executors, pairs, figures, refreshed };
  const rows = [...directions.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, direction]) => directionOf(read, id, direction));
  return { directions: rows, executors };
}

/** The directions that rows name, by their key, within the narrowing. */
function directionsIn(
  rows: { fiat: string; crypto: string; payment_option: string }[],
  narrow: { fiat?: string; crypto?: string; option?: string },
) {
  const directions = new Map<string, { fiat: string; crypto: string; option: string }>();
  for (const row of rows) {
    if (narrow.fiat && row.fiat !== narrow.fiat) continue;
    if (narrow.crypto && row.crypto !== narrow.crypto) continue;
    if (narrow.option && row.payment_option !== narrow.option) continue;
    directions.set(key(row.fiat, row.crypto, row.payment_option), {
      fiat: row.fiat,
      crypto: row.crypto,
      option: row.payment_option,
    });
  }
  return directions;
}

/** What `directionsOf` read, and for whom, to make each direction of. */
interface DirectionsRead {
  deps: Deps;
  language: Language;
  now: number;
  executors: ExecutorRow[];
  pairs: PairRow[];
  figures: FiguresRow[];
  refreshed: Date | null;
}

/** One direction with its live counts and its summary's figures. */
function directionOf(
  { deps, language, now, executors, pairs, figures, refreshed }: DirectionsRead,
  id: string,
  { fiat, crypto, option }: { fiat: string; crypto: string; option: string },
): Direction {
  const named = (code: string) => {
    const row = deps.reference.currencies.get(code);
    return { code, name: row ? (language === 'ru' ? row.nameRu : row.nameEn) : code };
  };
  const mine = executors.filter((row) => row.fiat === fiat && row.crypto === crypto && row.payment_option === option);
  const pair = pairs.find((row) => row.fiat === fiat && row.crypto === crypto);
  const figure = figures.find((row) => row.fiat === fiat && row.crypto === crypto && row.payment_option === option);
  const active = mine.filter(isActive);
  const state: DirectionState = !pair || pair.flows_active === 0 ? 'idle' : active.length === 0 ? 'short' : 'ok';
  const optionRow = deps.reference.paymentOptions.get(option);
  const created = figure?.created_24h ?? 0;
  const paid = figure?.paid_24h ?? 0;
  return {
    id,
    fiat: named(fiat),
    crypto: named(crypto),
    payment_option: {
      slug: option,
      name: optionRow ? (language === 'ru' ? optionRow.nameRu : optionRow.nameEn) : option,
    },
    state: { slug: state, title: translate(language, `direction_state.${state}`) },
    rate: rateOf(pair, deps.config.RATE_MAX_AGE_SECONDS, now, language),
    flows: { active: pair?.flows_active ?? 0, total: pair?.flows_total ?? 0 },
    executors: { active: active.length, total: new Set(mine.map((row) => row.user_id)).size },
    requisites: {
      active: active.reduce((sum, row) => sum + row.requisites_active, 0),
      total: mine.reduce((sum, row) => sum + row.requisites_total, 0),
    },
    open_orders: figure?.open_orders ?? 0,
    last_24h: {
      created,
      paid,
      conversion: created === 0 ? null : ((paid * 100) / created).toFixed(2),
      median_seconds_to_pay: figure?.median_pay_seconds ?? null,
    },
    summary_refreshed_at: refreshed?.toISOString() ?? null,
  };
}

/** The rate the pair's flows price at: the feed's quote when an active flow uses it, else the latest manual rate. */
function rateOf(pair: PairRow | undefined, maxAgeSeconds: number, now: number, language: Language): Direction['rate'] {
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  if (pair?.feed) {
    const fetched = at(pair.quote_fetched_at);
    const age = fetched ? Math.max(0, Math.floor((now - fetched.getTime()) / 1000)) : null;
    return {
      value: pair.quote_rate === null ? null : rateText(pair.quote_rate),
      source: translate(language, 'rate_source.feed'),
      fetched_at: fetched?.toISOString() ?? null,
      age_seconds: age,
      stale: age === null || age > maxAgeSeconds,
    };
  }
  const updated = at(pair?.manual_updated_at ?? null);
  return {
    value: pair?.manual_rate ? rateText(pair.manual_rate) : null,
    source: pair?.manual_rate ? translate(language, 'rate_source.manual') : null,
    fetched_at: updated?.toISOString() ?? null,
    age_seconds: updated ? Math.max(0, Math.floor((now - updated.getTime()) / 1000)) : null,
    stale: false,
  };
}

/** The filters of /directions: the currencies and options that have a direction, and its state. */
function directionFilters(all: Direction[], language: Language) {
  const distinct = (values: { value: string; label: string }[]) => [
    ...new Map(values.map((value) => [value.value, value])).values(),
  ];
  return [
    {
      name: 'fiat',
      label: 'filters.fiat',
      type: 'select' as const,
      options: distinct(all.map((row) => ({ value: row.fiat.code, label: row.fiat.code }))),
    },
    {
      name: 'crypto',
      label: 'filters.crypto',
      type: 'select' as const,
      options: distinct(all.map((row) => ({ value: row.crypto.code, label: row.crypto.code }))),
    },
    {
      name: 'payment_option',
      label: 'filters.payment_option',
      type: 'select' as const,
      options: distinct(all.map((row) => ({ value: row.payment_option.slug, label: row.payment_option.name }))),
    },
    {
      name: 'state',
      label: 'filters.state',
      type: 'select' as const,
      options: (['ok', 'short', 'idle'] as const).map((state) => ({
        value: state,
        label: translate(language, `direction_state.${state}`),
      })),
    },
  ];
}

/** GET /direction (DESIGN §13): one row per (fiat, crypto, payment option); a handful, so one page holds them all. */
export async function listDirections(
  deps: Deps,
  query: DirectionQuery,
  language: Language,
): Promise<ListData<Direction>> {
  const { directions: all } = await directionsOf(deps, language, {});
  const items = all.filter(
    (row) =>
      (!query['filter[fiat]'] || row.fiat.code === query['filter[fiat]']) &&
      (!query['filter[crypto]'] || row.crypto.code === query['filter[crypto]']) &&
      (!query['filter[payment_option]'] || row.payment_option.slug === query['filter[payment_option]']) &&
      (!query['filter[state]'] || row.state.slug === query['filter[state]']),
  );
  return {
    items,
    context: {
      available_filters: directionFilters(all, language),
      pagination: paginate(items.length, { page: 1, count: Math.max(items.length, 1) }),
    },
  };
}

/** GET /direction/{id}: the flows and the executors behind one direction, each executor with what holds it back. */
export async function directionDetails(deps: Deps, id: string, language: Language): Promise<DirectionDetails> {
  const [fiat = '', crypto = '', option = ''] = id.split('.');
  const {
    directions: [direction],
    executors,
  } = await directionsOf(deps, language, { fiat, crypto, option });
  if (!direction) throw new DomainError('not_found');
  const [flows, open] = await Promise.all([
    selectRows<{
      id: string;
      name: string;
      merchant_id: string;
      merchant: string;
      is_active: boolean;
      rate_source: string;
    }>(
      deps.db,
      sql`select f.id, f.name, f.merchant_id, u.username as merchant, f.is_active, f.rate_source
          from flows f join users u on u.id = f.merchant_id
          where f.deleted_at is null and f.fiat = ${fiat} and f.crypto = ${crypto}
          order by f.is_active desc, f.name, f.id`,
    ),
    selectRows<{ flow_id: string; executor_id: string | null; open: number }>(
      deps.db,
      sql`select flow_id, executor_id, count(*)::int as open from orders
          where status in ('new', 'in-progress') and fiat = ${fiat} and crypto = ${crypto}
            and payment_option = ${option}
          group by flow_id, executor_id`,
    ),
  ]);
  const openOf = (match: (row: { flow_id: string; executor_id: string | null }) => boolean) =>
    open.filter(match).reduce((sum, row) => sum + row.open, 0);
  return {
    direction,
    flows: flows.map((flow) => ({
      uuid: flow.id,
      name: flow.name,
      merchant: { uuid: flow.merchant_id, username: flow.merchant },
      is_active: flow.is_active,
      rate_source: translate(language, `rate_source.${flow.rate_source === 'feed' ? 'feed' : 'manual'}`),
      open_orders: openOf((row) => row.flow_id === flow.id),
    })),
    executors: executors
      .sort((a, b) => Number(isActive(b)) - Number(isActive(a)) || a.username.localeCompare(b.username))
      .map((row) => {
        const state = stateOf(row);
        return {
          uuid: row.user_id,
          username: row.username,
          type: row.executor_type,
          state: { slug: state, title: translate(language, `direction_executor.${state}`) },
          requisites: { active: row.requisites_active, total: row.requisites_total },
          open_orders: openOf((order) => order.executor_id === row.user_id),
          flows: row.flows,
        };
      }),
  };
}
