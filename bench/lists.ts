/**
 * Money lists at a million rows: how long the list calls of the money screens take through the whole server
 * (routing, validation, SQL, serialisation) when the tables are large. Not a test.
 *
 *   npm run lists --workspace bench          (add `-- --keep` to keep the database)
 *
 * A PostgreSQL database paydesk_bench_lists is migrated and filled straight with SQL (BENCH_ROWS payments and
 * twice as many ledger entries, one user holding half of the entries, BENCH_ROWS / 10 deposit addresses). The
 * rows are written with triggers off (session_replication_role = replica): the lists only read them, and the
 * ledger's rules are measured by bench/ledger.ts. Entries come in events of six (one reference, one time), as an
 * order's settlement writes them; the balance history groups them. Each call is made BENCH_REPEAT times; the table
 * shows the median and the slowest.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_ROWS [1000000],
 * BENCH_REPEAT [15].
 */
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { Client, createUser, testPassword, testSecretsKey } from '../apps/server/test/harness';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 15);
const keep = process.argv.includes('--keep');
const database = 'paydesk_bench_lists';
const url = new URL(adminUrl);
url.pathname = `/${database}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Payments, entries and addresses in bulk, spread over `users` owners; `heavy` owns half of the entries. */
function fillSql(users: string[], heavy: string): string {
  const owners = `array[${users.map((id) => `'${id}'::uuid`).join(',')}]`;
  return `
    set session_replication_role = replica;
    insert into payments (id, user_id, type, status, amount_minor, currency, address, tx_hash, source, created_at, updated_at)
      select gen_random_uuid(), (${owners})[1 + i % ${users.length}],
        case when i % 3 = 0 then 'deposit' else 'withdraw' end,
        case when i % 3 = 0 then 'done' when i % 7 = 0 then 'moderation' when i % 5 = 0 then 'rejected' else 'done' end,
        1000000 + i, 'USDT', 'T' || md5(i::text), md5('tx' || i::text) || md5('y' || i::text),
        case when i % 3 = 0 then 'trongrid' end,
        now() - (i || ' seconds')::interval, now()
      from generate_series(1, ${rows}) as i;
    -- Entries come in events of six, as an order's settlement writes them: one reference, one transaction time.
    insert into ledger_entries (transfer_id, account_id, owner_id, account_kind, seq, code, reference_id, amount_minor,
        balance_before_minor, balance_after_minor, created_at)
      select gen_random_uuid(), gen_random_uuid(),
        case when i % 2 = 0 then '${heavy}'::uuid else (${owners})[1 + i % ${users.length}] end,
        case when i % 4 < 2 then 'available' else 'hold' end, i,
        case when i % 5 = 0 then 'deposit' else 'withdrawal_hold' end, md5('event' || (i / 6)::text)::uuid,
        1000000, i * 10, i * 10 + 1000000,
        now() - ((${rows * 2} - i) / 6 || ' seconds')::interval
      from generate_series(1, ${rows * 2}) as i;
    insert into deposit_addresses (address, user_id, key_fingerprint, derivation_index, created_at)
      select 'T' || md5('address' || i::text), (${owners})[1 + i % ${users.length}], 'bench' || i, i,
        now() - (i || ' seconds')::interval
      from generate_series(1, ${Math.max(1, Math.floor(rows / 10))}) as i;
    set session_replication_role = origin;`;
}

async function measure(client: Client, path: string) {
  const times: number[] = [];
  let status = 0;
  let count = 0;
  for (let run = 0; run < repeat; run++) {
    const started = process.hrtime.bigint();
    const response = await client.get(path);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    status = response.statusCode;
    count = response.json().data?.items?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, slowest: times.at(-1) ?? 0, status, count };
}

await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
await opened.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), SECRETS_KEY: testSecretsKey });
const app = await buildApp({ config, database: opened, logger: false });
await app.ready();
try {
  const root = await createUser(opened, { type: 'admin', username: 'root' });
  const heavy = await createUser(opened, { type: 'merchant', username: 'heavy' });
  const others = await Promise.all(
    Array.from({ length: 200 }, (_, index) => createUser(opened, { type: 'merchant', username: `m${index}` })),
  );
  const started = Date.now();
  const filler = new pg.Client({ connectionString: url.toString() });
  await filler.connect();
  try {
    await filler.query(fillSql([heavy.id, ...others.map((user) => user.id)], heavy.id));
    // What autovacuum does on a live system: statistics, and the visibility map index-only scans rely on.
    await filler.query('vacuum analyze');
  } finally {
    await filler.end();
  }
  console.log(
    `filled ${rows} payments, ${rows * 2} entries, ${Math.floor(rows / 10)} addresses in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const admin = await new Client(app).signIn(root.username, testPassword);
  const merchant = await new Client(app).signIn(heavy.username, testPassword);
  const calls: [Client, string, string][] = [
    [admin, 'GET /transaction withdraw tab, page 1', '/api/inner/transaction?filter[type]=withdraw'],
    [admin, 'GET /transaction withdraw tab, page 2000', '/api/inner/transaction?filter[type]=withdraw&page=2000'],
    [admin, 'GET /transaction on moderation', '/api/inner/transaction?filter[type]=withdraw&filter[status]=moderation'],
    [admin, 'GET /transaction one owner', '/api/inner/transaction?filter[type]=deposit&filter[username]=m17'],
    [
      admin,
      'GET /transaction one day',
      `/api/inner/transaction?filter[date_from]=${new Date().toISOString().slice(0, 10)}`,
    ],
    [merchant, 'GET /my/transaction (1M entries), page 1', '/api/inner/my/transaction'],
    [merchant, 'GET /my/transaction, page 500', '/api/inner/my/transaction?page=500'],
    [merchant, 'GET /my/transaction, deposits only', '/api/inner/my/transaction?filter[type]=deposit'],
    // Keyset pages (issue 21): the next page from a cursor, and one deep in the history; n/a where not supported.
    [merchant, 'GET /my/transaction, page 2 by cursor', `/api/inner/my/transaction?page=2&cursor=${rows * 2 - 60}`],
    [merchant, 'GET /my/transaction, deep page by cursor', `/api/inner/my/transaction?page=500&cursor=${rows}`],
    [admin, 'GET /wallet, page 1', '/api/inner/wallet'],
    [admin, 'GET /user merchants with balances', '/api/inner/user?filter[type]=merchant'],
  ];
  console.log(`\n${'call'.padEnd(44)}${'median ms'.padStart(11)}${'slowest ms'.padStart(12)}  rows`);
  for (const [client, name, path] of calls) {
    const result = await measure(client, path);
    if (result.status === 422 && path.includes('cursor=')) {
      console.log(`${name.padEnd(44)}${'n/a'.padStart(11)}`);
      continue;
    }
    if (result.status !== 200) throw new Error(`${name}: status ${result.status}`);
    console.log(
      `${name.padEnd(44)}${result.median.toFixed(1).padStart(11)}${result.slowest.toFixed(1).padStart(12)}  ${result.count}`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await app.close();
  await opened.close();
  if (!keep) await admin(`drop database if exists ${database} with (force)`);
}
