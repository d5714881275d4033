/**
 * One pay-in's statements, as the server sends them (issue 33): Paydesk on a fresh PostgreSQL database of the bench's
 * world (orders-world.ts, one merchant, a few traders), a few pay-ins created and paid through the signed API to warm
 * it, then one more with every statement the server sends printed in order: its call (create, paid), the time it took
 * and its text (first line, parameters left out). Not a test; what `npm run orders` counts, shown one by one.
 *
 *   npm run orders-trace --workspace bench          (BENCH_TRACE_FULL=1 prints whole statements)
 */
import { createPaydeskClient } from '@paydesk/api-client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { selectRows } from '../apps/server/src/db/client';
import { benchApp } from './bench-app';
import { apiCredentials, seedWorld } from './orders-world';
import { benchDatabase, drop } from './support';

interface Sent {
  call: string;
  text: string;
  ms: number;
}
const sent: Sent[] = [];
let call = '';
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; name?: string };
  const text = typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text ?? ''}`;
  const entry: Sent = { call, text, ms: 0 };
  if (call) sent.push(entry);
  const start = process.hrtime.bigint();
  const result = query.apply(this, args);
  if (result && typeof (result as Promise<unknown>).finally === 'function') {
    return (result as Promise<unknown>).finally(() => {
      entry.ms = Number(process.hrtime.bigint() - start) / 1e6;
    });
  }
  return result;
};

const name = benchDatabase('orders_trace');
const { database, app, bulk } = await benchApp(name);
try {
  const world = await seedWorld(database, { traders: 4, requisites: 2, fundsUsdt: '1000000' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const merchant = createPaydeskClient({ baseUrl: address, ...(await apiCredentials(app, world.merchant.id)) });
  const traders = await Promise.all(
    world.traders.map(async (trader) =>
      createPaydeskClient({ baseUrl: address, ...(await apiCredentials(app, trader.id)) }),
    ),
  );
  const payIn = async (serial: number, traced: boolean) => {
    call = traced ? 'create' : '';
    const created = await merchant.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': `create-${serial}` } },
      body: { type: 'pay_in', amount: `${1000 + serial}.00`, currency: 'RUB', client_order_id: `trace-${serial}` },
    });
    const order = created.data?.data;
    if (created.response.status !== 201 || !order) throw new Error(`create: ${JSON.stringify(created.error)}`);
    const [row] = await selectRows<{ executor_id: string }>(
      database.db,
      sql`select executor_id from orders where id = ${order.guid}`,
    );
    const trader = traders[world.traders.findIndex((each) => each.id === row?.executor_id)];
    if (!trader) throw new Error('no trader holds the pay-in');
    call = traced ? 'paid' : '';
    const paid = await trader.POST('/api/v1/executor/orders/{guid}/paid', {
      params: { path: { guid: order.guid }, header: { 'Idempotency-Key': `paid-${order.guid}` } },
    });
    call = '';
    if (paid.response.status !== 200) throw new Error(`paid: ${JSON.stringify(paid.error)}`);
  };
  for (let serial = 0; serial < 5; serial += 1) await payIn(serial, false);
  await payIn(5, true);
  const full = process.env.BENCH_TRACE_FULL === '1';
  for (const [index, entry] of sent.entries()) {
    const text = full ? entry.text : (entry.text.replace(/\s+/g, ' ').slice(0, 150) ?? '');
    process.stdout.write(
      `${String(index + 1).padStart(2)} ${entry.call.padEnd(6)} ${entry.ms.toFixed(2).padStart(6)} ms  ${text}\n`,
    );
  }
  const of = (which: string) => sent.filter((entry) => entry.call === which).length;
  process.stdout.write(`statements: create ${of('create')}, paid ${of('paid')}, in all ${sent.length}\n`);
} finally {
  await app.close();
  await database.close();
  await bulk.close();
  if (process.env.BENCH_KEEP !== '1') await drop(name);
}
