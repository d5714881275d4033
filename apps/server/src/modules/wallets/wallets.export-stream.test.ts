import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';

/**
 * A quarter of a million wallets through GET /wallet/export.csv: every row arrives, and the server never holds the
 * list. Wallets are the list with the fewest columns, indexes and joins, so the rows cost the least to make and read
 * on PGlite. The rows are made by one statement; the export is read as a stream while the retained heap is sampled:
 * the CSV is some thirty megabytes, a held list would be several times that, a streamed one holds a chunk or two
 * (2,000 rows). `EXPORT_ROWS=1000000` runs it at a million; the orders' million is bench/export.ts, beside
 * PostgreSQL's own COPY.
 */
const rows = Number(process.env.EXPORT_ROWS ?? 250_000);
const sampleEveryBytes = 8 * 2 ** 20;

/** The heap that is still referenced: collected first, so garbage waiting for the collector does not count. */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
function retainedHeap() {
  collect();
  return process.memoryUsage().heapUsed;
}
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  const holder = await createUser(ctx.database, { type: 'merchant' });
  const started = Date.now();
  // One holder with an address per key: the list's rows, made by one statement, every key rising with i so that
  // each index only appends.
  await ctx.database.db.execute(sql`
    insert into deposit_addresses (address, user_id, key_fingerprint, derivation_index, created_at)
      select 'T' || lpad(i::text, 33, '0'), ${holder.id}, 'bulk' || lpad(i::text, 7, '0'), i,
        now() - (${rows} - i) * interval '1 second'
      from generate_series(1, ${rows}) as i`);
  await ctx.database.db.execute(sql`analyze deposit_addresses`);
  console.log(`filled ${rows} wallets in ${Date.now() - started} ms`);
  const user = await createUser(ctx.database, { type: 'admin' });
  admin = await new Client(ctx.app).signIn(user.username);
}, 600_000);
afterAll(() => ctx.close(), 600_000);

it('streams a quarter of a million wallets without holding them in memory', async () => {
  const started = Date.now();
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/inner/wallet/export.csv',
    headers: { cookie: admin.cookieHeader },
    payloadAsStream: true,
  });
  expect(response.statusCode).toBe(200);
  const before = retainedHeap();
  let peak = before;
  let lines = 0;
  let bytes = 0;
  let sampledAt = 0;
  for await (const chunk of response.stream()) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    for (let index = buffer.indexOf(10); index !== -1; index = buffer.indexOf(10, index + 1)) lines += 1;
    if (bytes - sampledAt > sampleEveryBytes) {
      sampledAt = bytes;
      peak = Math.max(peak, retainedHeap());
    }
  }
  const growth = peak - before;
  console.log(
    `exported ${lines} lines, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${Date.now() - started} ms; heap grew ${(growth / 2 ** 20).toFixed(0)} MiB at most`,
  );
  // The rows, the admin's own address (issued at sign-in) and the header.
  expect(lines).toBe(rows + 2);
  // The heap holds a chunk or two of the CSV, never a quarter of it.
  expect(growth).toBeLessThan(bytes / 4);
}, 600_000);
