/**
 * Money lists at a million rows: how long the list calls of the money screens take through the whole server
 * (routing, session, validation, SQL, serialisation) when the tables are large, beside a bare Fastify answering in the
 * same process the same way (`inject`). Not a test.
 *
 *   npm run lists --workspace bench          (add `-- --keep` to keep the database)
 *
 * A PostgreSQL database <prefix>lists is migrated and filled straight with SQL (triggers off: the lists only read the
 * rows; the ledger's rules are measured by bench/ledger.ts): BENCH_ROWS payments over 201 merchants, BENCH_ROWS / 10
 * deposit addresses, and a ledger of about BENCH_ROWS transfers (twice as many entries) between the merchants' own
 * accounts and the platform's custody, as the ledger would write them: each transfer's two entries share its seq,
 * every entry names its real account with the account's owner and kind, and each account's balances run on from
 * entry to entry (the fill is reconciled before anything is timed). Every user opens with a deposit; then come
 * business events one second apart, each of one reference and one time: a deposit (one transfer), a withdrawal (its
 * hold and its sending) or an order's settlement (hold, settlement to another merchant, reward: six entries). One
 * merchant, "heavy", owns every other event, which is about 40 % of the entries: its balance history is the one
 * listed. Each call is made BENCH_REPEAT times after a warm-up; the table shows the median, the slowest and the median
 * as a multiple of the bare Fastify's.
 *
 * Every call is checked, and a failed check stops the run with exit code 1: each answer is a 200 with a list; the page
 * holds as many rows as the database says that page of that filter has, the total is the database's count (an
 * estimate above the server's counting limit), rows are newest first and are what the filter asked for; a page read
 * from a cursor holds the same events as the same page read by number.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_ROWS [1000000], BENCH_REPEAT [15], BENCH_KEEP=1.
 */
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { selectRows } from '../apps/server/src/db/client';
import { reconcileLedger } from '../apps/server/src/modules/ledger/ledger.reconcile';
import { Client, createUser, testPassword } from '../apps/server/test/harness';
import { runAppBench } from './bench-app';
import { checkPage, type ListPage, listOf, type PageExpectation } from './list-checks';
import {
  check,
  checkStatus,
  numberSetting,
  printRows,
  printTable,
  reconciliationText,
  secondsSince,
  timeCalls,
  watchCpu,
} from './support';

const rows = Math.floor(numberSetting('BENCH_ROWS', 1_000_000));
const repeat = Math.floor(numberSetting('BENCH_REPEAT', 15));
/** Business events in the ledger: 2.4 transfers each on average (1 + 2 + 3 × 3 per five), about `rows` transfers. */
const events = Math.max(10, Math.round(rows / 2.4));

const uuids = (ids: string[]) => `array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`;

/** Payments and deposit addresses in bulk, spread over `owners`. */
function paymentsSql(owners: string[]): string {
  return `
    set session_replication_role = replica;
    insert into payments (id, user_id, type, status, amount_minor, currency, address, tx_hash, source, created_at, updated_at)
      select gen_random_uuid(), (${uuids(owners)})[1 + i % ${owners.length}],
        case when i % 3 = 0 then 'deposit' else 'withdraw' end,
        case when i % 3 = 0 then 'done' when i % 7 = 0 then 'moderation' when i % 5 = 0 then 'rejected' else 'done' end,
        1000000 + i, 'USDT', 'T' || md5(i::text), md5('tx' || i::text) || md5('y' || i::text),
        case when i % 3 = 0 then 'trongrid' end,
        now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${rows}) as i;
    insert into deposit_addresses (address, user_id, key_fingerprint, derivation_index, created_at)
      select 'T' || md5('address' || i::text), (${uuids(owners)})[1 + i % ${owners.length}], 'bench' || i, i,
        now() - (i || ' seconds')::interval
      from generate_series(1, ${Math.max(1, Math.floor(rows / 10))}) as i;
    set session_replication_role = origin;`;
}

/**
 * The ledger in bulk, as its trigger would have written it: transfers between real accounts (the owners' available and
 * hold accounts, the platform's custody), then each transfer's two entries with the running balance of their account,
 * then the accounts' balances. `heavy` owns every other event; the others' events go round `others`, and an order's
 * settlement pays another of `others` (never the event's owner).
 */
function ledgerSql(heavy: string, others: string[]): string {
  const zero = `'00000000-0000-0000-0000-000000000000'::uuid`;
  return `
    set session_replication_role = replica;
    insert into ledger_accounts (id, owner_id, kind, currency)
      select gen_random_uuid(), null, 'custody', 'USDT'
      where not exists (select 1 from ledger_accounts where owner_id is null and kind = 'custody' and currency = 'USDT');
    create temporary table bench_moves on commit drop as
      select 0 as g, 0 as k, 'deposit' as code, gen_random_uuid() as reference_id,
        null::uuid as debit_owner, 'custody' as debit_kind, u as credit_owner, 'available' as credit_kind,
        10000000000000::bigint as amount, now() - interval '${events + 60} seconds' as created_at
      from unnest(${uuids([heavy, ...others])}) as u
      union all
      select e.g + 1, x.k, x.code, md5('event' || e.g)::uuid, x.debit_owner, x.debit_kind, x.credit_owner,
        x.credit_kind, x.amount, e.created_at
      from (
        select g, case when g % 2 = 0 then '${heavy}'::uuid else (${uuids(others)})[1 + g % ${others.length}] end as u,
          (${uuids(others)})[1 + (g * 7) % ${others.length}] as counterpart, 1000000 + (g % 1000) * 1000 as a,
          now() - ((${events} - g) || ' seconds')::interval as created_at
        from generate_series(0, ${events - 1}) as g
      ) as e
      cross join lateral (values
        (1, 'deposit', null::uuid, 'custody', e.u, 'available', e.a),
        (2, 'withdrawal_hold', e.u, 'available', e.u, 'hold', e.a),
        (3, 'withdrawal', e.u, 'hold', null::uuid, 'custody', e.a),
        (4, 'order_hold', e.u, 'available', e.u, 'hold', e.a),
        (5, 'order_settle', e.u, 'hold', e.counterpart, 'available', e.a - e.a / 40),
        (6, 'order_reward', e.u, 'hold', e.u, 'available', e.a / 40)
      ) as x(k, code, debit_owner, debit_kind, credit_owner, credit_kind, amount)
      where case e.g % 5 when 0 then x.k = 1 when 1 then x.k in (2, 3) else x.k >= 4 end;
    insert into ledger_transfers (id, seq, code, reference_id, debit_account_id, credit_account_id, amount_minor,
        currency, created_at)
      select gen_random_uuid(), row_number() over (order by m.g, m.k, m.credit_owner), m.code, m.reference_id,
        d.id, c.id, m.amount, 'USDT', m.created_at
      from bench_moves m
      join ledger_accounts d on coalesce(d.owner_id, ${zero}) = coalesce(m.debit_owner, ${zero})
        and d.kind = m.debit_kind and d.currency = 'USDT'
      join ledger_accounts c on coalesce(c.owner_id, ${zero}) = coalesce(m.credit_owner, ${zero})
        and c.kind = m.credit_kind and c.currency = 'USDT';
    insert into ledger_entries (transfer_id, account_id, owner_id, account_kind, seq, code, reference_id, amount_minor,
        balance_before_minor, balance_after_minor, created_at)
      select s.transfer_id, s.account_id, a.owner_id, a.kind, s.seq, s.code, s.reference_id, s.amount,
        s.after - s.amount, s.after, s.created_at
      from (
        select t.id as transfer_id, side.account_id, t.seq, t.code, t.reference_id, side.amount, t.created_at,
          sum(side.amount) over (partition by side.account_id order by t.seq rows unbounded preceding) as after
        from ledger_transfers t
        cross join lateral (values (t.debit_account_id, -t.amount_minor), (t.credit_account_id, t.amount_minor))
          as side(account_id, amount)
      ) as s
      join ledger_accounts a on a.id = s.account_id;
    update ledger_accounts a set balance_minor = b.balance
      from (select account_id, sum(amount_minor) as balance from ledger_entries group by account_id) as b
      where a.id = b.account_id;
    select setval('ledger_transfer_seq', (select max(seq) from ledger_transfers));
    set session_replication_role = origin;`;
}

/** Times `repeat` calls after one to warm up (plans, caches), each of which must answer 200 (or the run stops). */
const measure = (name: string, call: () => Promise<{ statusCode: number; body: string }>) =>
  timeCalls(repeat, call, { check: (answer) => checkStatus(name, answer), warmUp: 1 });

/** What the tables hold, counted straight in them: what every page is checked against. */
interface Truth {
  payments: number;
  entries: number;
  heavy_entries: number;
  withdrawals: number;
  moderation: number;
  m17_deposits: number;
  today: number;
  heavy_events: number;
  heavy_deposits: number;
  addresses: number;
  merchants: number;
}

interface Payment {
  guid: string;
  date: string;
  type: { slug: string };
  status: { slug: string };
  payable: { username: string };
}
interface HistoryRow {
  guid: string;
  date: string;
  type: { slug: string };
  parts: { type: { slug: string } }[];
}

/** One timed call: who makes it, what it asks, and what its page must be. */
interface Call {
  name: string;
  client: Client;
  path: string;
  /** Rows as either list has them: each call's checks read the fields of its own list. */
  expect: PageExpectation<Payment & HistoryRow>;
  /** A further check of the page (a cursor page against the same page by number). */
  also?: (list: ListPage<HistoryRow>) => void;
}

const loadAtStart = loadavg()[0] ?? 0;
await runAppBench('lists', async ({ database: opened, app, bulk, bare, version, started }) => {
  const db = bulk.db;
  const root = await createUser(opened, { type: 'admin', username: 'root', isRoot: true });
  const heavy = await createUser(opened, { type: 'merchant', username: 'heavy' });
  const others = await Promise.all(
    Array.from({ length: 200 }, (_, index) => createUser(opened, { type: 'merchant', username: `m${index}` })),
  );
  const fillStart = process.hrtime.bigint();
  await db.execute(sql.raw(paymentsSql([heavy.id, ...others.map((user) => user.id)])));
  await db.transaction((tx) =>
    tx.execute(
      sql.raw(
        ledgerSql(
          heavy.id,
          others.map((user) => user.id),
        ),
      ),
    ),
  );
  // What autovacuum does on a live system: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);
  const fillSeconds = secondsSince(fillStart);
  const reconcileStart = process.hrtime.bigint();
  const reconciliation = await reconcileLedger(db);
  check(reconciliation.ok, () => `the filled ledger does not reconcile: ${reconciliationText(reconciliation)}`);
  const reconcileSeconds = secondsSince(reconcileStart);

  // The truth every page is checked against, counted straight in the tables.
  const today = new Date().toISOString().slice(0, 10);
  const [truth] = await selectRows<Truth>(
    db,
    sql`select
      (select count(*)::int from payments) as payments,
      (select count(*)::int from ledger_entries) as entries,
      (select count(*)::int from ledger_entries where owner_id = ${heavy.id}) as heavy_entries,
      (select count(*)::int from payments where type = 'withdraw') as withdrawals,
      (select count(*)::int from payments where type = 'withdraw' and status = 'moderation') as moderation,
      (select count(*)::int from payments p join users u on u.id = p.user_id
        where p.type = 'deposit' and lower(u.username) like '%m17%') as m17_deposits,
      (select count(*)::int from payments where created_at >= ${`${today}T00:00:00Z`}::timestamptz) as today,
      (select count(*)::int from (select distinct reference_id, created_at from ledger_entries
        where owner_id = ${heavy.id}) as e) as heavy_events,
      (select count(*)::int from (select distinct reference_id, created_at from ledger_entries
        where owner_id = ${heavy.id} and code = 'deposit') as e) as heavy_deposits,
      (select count(*)::int from deposit_addresses) as addresses,
      (select count(*)::int from users where type = 'merchant') as merchants`,
  );
  if (!truth) throw new Error('no counts');
  console.log(
    `filled ${truth.payments} payments, ${truth.entries} entries (${truth.heavy_entries} heavy's, ${truth.heavy_events} events), ${truth.addresses} addresses in ${fillSeconds.toFixed(1)} s; reconciled in ${reconcileSeconds.toFixed(1)} s`,
  );

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(heavy.username, testPassword);
  const perPage = 20;
  const history = '/api/inner/my/transaction';
  /** A page of the heavy merchant's history read by number (not timed): what a cursor page must equal. */
  const historyPage = async (page: number) =>
    listOf<HistoryRow>(`history page ${page}`, await merchant.get(`${history}?page=${page}`));
  const deepHistory = Math.max(2, Math.min(500, Math.floor(truth.heavy_events / perPage)));
  const [second, beforeDeep, deep] = [
    await historyPage(2),
    await historyPage(deepHistory - 1),
    await historyPage(deepHistory),
  ];
  const firstCursor = (await historyPage(1)).context.pagination.next_cursor;
  const deepCursor = beforeDeep.context.pagination.next_cursor;
  check(firstCursor && deepCursor, 'the history gave no next_cursor for page 2 or the deep page');
  const sameEvents = (expected: ListPage<HistoryRow>) => (list: ListPage<HistoryRow>) =>
    check(
      JSON.stringify(list.items.map((row) => row.guid)) === JSON.stringify(expected.items.map((row) => row.guid)),
      'a page read from its cursor holds other events than the same page read by number',
    );
  const deepPayments = Math.max(1, Math.min(2000, Math.floor(truth.withdrawals / perPage)));
  const paymentDate = (row: Payment) => row.date;
  const historyDate = (row: HistoryRow) => row.date;
  const calls: Call[] = [
    {
      name: 'GET /transaction withdraw tab, page 1',
      client: admin,
      path: '/api/inner/transaction?filter[type]=withdraw',
      expect: {
        truth: truth.withdrawals,
        page: 1,
        dateOf: paymentDate,
        every: ['a withdrawal', (row: Payment) => row.type.slug === 'withdraw'],
      },
    },
    {
      name: `GET /transaction withdraw tab, page ${deepPayments}`,
      client: admin,
      path: `/api/inner/transaction?filter[type]=withdraw&page=${deepPayments}`,
      expect: {
        truth: truth.withdrawals,
        page: deepPayments,
        dateOf: paymentDate,
        every: ['a withdrawal', (row: Payment) => row.type.slug === 'withdraw'],
      },
    },
    {
      name: 'GET /transaction on moderation',
      client: admin,
      path: '/api/inner/transaction?filter[type]=withdraw&filter[status]=moderation',
      expect: {
        truth: truth.moderation,
        page: 1,
        dateOf: paymentDate,
        every: ['on moderation', (row: Payment) => row.status.slug === 'moderation'],
      },
    },
    {
      name: 'GET /transaction one owner',
      client: admin,
      path: '/api/inner/transaction?filter[type]=deposit&filter[username]=m17',
      expect: {
        truth: truth.m17_deposits,
        page: 1,
        dateOf: paymentDate,
        every: [
          "a deposit of m17's",
          (row: Payment) => row.type.slug === 'deposit' && row.payable.username.includes('m17'),
        ],
      },
    },
    {
      name: 'GET /transaction one day',
      client: admin,
      path: `/api/inner/transaction?filter[date_from]=${today}`,
      expect: {
        truth: truth.today,
        page: 1,
        dateOf: paymentDate,
        every: [`of ${today}`, (row: Payment) => row.date >= today],
      },
    },
    {
      name: 'GET /my/transaction, page 1',
      client: merchant,
      path: history,
      expect: { truth: truth.heavy_events, page: 1, dateOf: historyDate },
    },
    {
      name: `GET /my/transaction, page ${deepHistory}`,
      client: merchant,
      path: `${history}?page=${deepHistory}`,
      expect: { truth: truth.heavy_events, page: deepHistory, dateOf: historyDate },
    },
    {
      name: 'GET /my/transaction, deposits only',
      client: merchant,
      path: `${history}?filter[type]=deposit`,
      expect: {
        truth: truth.heavy_deposits,
        page: 1,
        dateOf: historyDate,
        every: ['a deposit', (row: HistoryRow) => row.parts.every((part) => part.type.slug === 'deposit')],
      },
    },
    // Keyset pages (issue 21): the next page from page 1's cursor, and the deep page from the one before's.
    {
      name: 'GET /my/transaction, page 2 by cursor',
      client: merchant,
      path: `${history}?page=2&cursor=${firstCursor}`,
      expect: { truth: truth.heavy_events, page: 2, dateOf: historyDate },
      also: sameEvents(second),
    },
    {
      name: `GET /my/transaction, page ${deepHistory} by cursor`,
      client: merchant,
      path: `${history}?page=${deepHistory}&cursor=${deepCursor}`,
      expect: { truth: truth.heavy_events, page: deepHistory, dateOf: historyDate },
      also: sameEvents(deep),
    },
    {
      name: 'GET /wallet, page 1',
      client: admin,
      path: '/api/inner/wallet',
      expect: { truth: truth.addresses, page: 1 },
    },
    {
      name: 'GET /user merchants with balances',
      client: admin,
      path: '/api/inner/user?filter[type]=merchant',
      expect: { truth: truth.merchants, page: 1 },
    },
  ];

  const cpu = watchCpu();
  const baseline = await measure('bare Fastify', () => bare.inject({ method: 'GET', url: '/' }));
  const table = [
    ['call', 'median ms', 'slowest ms', '× bare', 'rows', 'total'],
    ['bare Fastify (inject)', baseline.median.toFixed(2), baseline.slowest.toFixed(2), '1', '', ''],
  ];
  for (const call of calls) {
    const result = await measure(call.name, () => call.client.get(call.path));
    const list = listOf<Payment & HistoryRow>(call.name, { statusCode: 200, body: result.last.body });
    checkPage(call.name, list, call.expect);
    call.also?.(list);
    const { pagination } = list.context;
    table.push([
      call.name,
      result.median.toFixed(1),
      result.slowest.toFixed(1),
      (result.median / baseline.median).toFixed(0),
      String(list.items.length),
      `${pagination.total_is_estimate ? `~${pagination.total_count} (${call.expect.truth})` : pagination.total_count}`,
    ]);
  }
  const used = cpu();
  console.log('');
  printTable(table);
  console.log('');
  printRows([
    [
      'checks',
      `${calls.length} calls × ${repeat + 1}: status 200 each; rows, total, order and filter of each page; cursor pages = pages by number; ledger reconciled`,
    ],
    ['cpu while measuring', used.text],
    [
      'settings',
      `${rows} payments, ${repeat} calls each, PostgreSQL ${version}, ${cpus().length} cores, total ${secondsSince(started).toFixed(0)} s`,
    ],
    ['load average', `${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`],
  ]);
  if (used.other > 20) console.log(`warning: other processes used ${used.other}% of a core while measuring`);
});
