import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from '../../test/harness';
import { type Executor, selectRows } from '../db/client';
import { demoHistoryDays, demoPassword, seedDemo } from '../db/seed';
import { refreshStatistics } from '../modules/statistics/statistics.refresh';
import { openingBalanceMinor } from './device';

/**
 * The demo platform's first start (DESIGN §7) with its month of history, made through the order engine on a backdated
 * clock: one seed for the whole file, read from every side.
 */
let ctx: TestContext;
let root: Client;
/**
 * The seed's clock starts at a fixed moment (the day whose Saturday once drew no paid pay-in) and runs on from there,
 * so nothing here depends on the day the suite runs; `history.plan.test.ts` checks the plan for every day of a year.
 */
const seedStarted = new Date('2026-11-28T09:30:00.000Z');
const offsetMs = seedStarted.getTime() - Date.now();
const clock = () => new Date(Date.now() + offsetMs);

const rows = <T>(db: Executor, query: ReturnType<typeof sql>) => selectRows<T & Record<string, unknown>>(db, query);

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { demo: true });
  if (!ctx.app.demo || !ctx.app.demoTraffic) throw new Error('the demo test app runs in demo mode');
  await seedDemo(ctx.database.db, ctx.config, ctx.app.demo, ctx.app.demoTraffic, clock);
  root = await new Client(ctx.app).signIn('root', demoPassword);
}, 600_000);
afterAll(() => ctx.close());

describe("the demo's month of history (DESIGN §7)", () => {
  it('spreads its orders over the month, each day with orders of both kinds paid', async () => {
    const days = await rows<{ day: string; paid_in: number; paid_out: number; first: Date | string }>(
      ctx.database.db,
      sql`select (created_at at time zone 'UTC')::date::text as day,
                 count(*) filter (where type = 'pay_in' and status = 'paid')::int as paid_in,
                 count(*) filter (where type = 'pay_out' and status = 'paid')::int as paid_out,
                 min(created_at) as first
          from orders group by 1 order by 1`,
    );
    // Every day of the month and today.
    expect(days.length).toBe(demoHistoryDays + 1);
    const first = new Date(days[0]?.first ?? '');
    expect(seedStarted.getTime() - first.getTime()).toBeGreaterThan((demoHistoryDays - 1) * 24 * 3600 * 1000);
    for (const day of days.slice(0, -1)) {
      expect(day.paid_in, day.day).toBeGreaterThan(0);
    }
    expect(days.filter((day) => day.paid_out > 0).length).toBeGreaterThan(demoHistoryDays / 2);
    // Some never paid, as real payers do: expired by the engine's expiry, or canceled by the shop.
    const [canceled] = await rows<{ expired: number; by_merchant: number }>(
      ctx.database.db,
      sql`select count(*) filter (where e.actor_kind = 'system' and e.note = 'expired')::int as expired,
                 count(*) filter (where e.actor_kind = 'merchant')::int as by_merchant
          from order_events e where e.to_status = 'canceled'`,
    );
    expect(canceled?.expired).toBeGreaterThan(0);
    expect(canceled?.by_merchant).toBeGreaterThan(0);
  });

  it('dates each order, its timeline and its money by the engine clock of each step', async () => {
    const [mismatch] = await rows<{ created: number; paid: number; settled: number; order_late: number }>(
      ctx.database.db,
      sql`select
            (select count(*) from orders o
              where o.created_at <> (select min(e.created_at) from order_events e where e.order_id = o.id))::int as created,
            (select count(*) from orders o where o.status = 'paid'
              and o.paid_at <> (select max(e.created_at) from order_events e
                                where e.order_id = o.id and e.to_status = 'paid'))::int as paid,
            (select count(*) from orders o join ledger_transfers t on t.reference_id = o.id
              where o.status = 'paid' and t.code = 'order_settle' and t.created_at <> o.paid_at)::int as settled,
            (select count(*) from orders o where o.updated_at < o.created_at or o.paid_at < o.created_at)::int
              as order_late`,
    );
    expect(mismatch).toEqual({ created: 0, paid: 0, settled: 0, order_late: 0 });
    // The ledger's entries follow one another in time as in sequence: the history was posted in its own order.
    const [backwards] = await rows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from (
            select created_at, lag(created_at) over (partition by account_id order by seq) as before
            from ledger_entries) chain where created_at < before`,
    );
    expect(backwards?.count).toBe(0);
  });

  it('leaves the ledger reconciled and the statistics summary with a row per day', async () => {
    const reconciliation = (await root.get('/api/inner/ledger/reconciliation')).json().data;
    expect(reconciliation).toMatchObject({ ok: true, differences: [], broken_chains: 0, unbalanced_transfers: 0 });
    await refreshStatistics(ctx.database.db);
    const statistic = (await root.get('/api/inner/order/statistic/')).json().data.statistic;
    expect(statistic.per_day.length).toBe(demoHistoryDays + 1);
    // The summary's sums are the orders' own.
    const [paid] = await rows<{ rub: string; orders: number }>(
      ctx.database.db,
      sql`select sum(fiat_amount_minor)::text as rub, count(*)::int as orders from orders where status = 'paid'`,
    );
    const rub = statistic.sum.find((row: { currency: { code: string } }) => row.currency.code === 'RUB');
    expect(rub.orders).toBe(paid?.orders);
    expect(BigInt(rub.amount.replace('.', '')) * (rub.amount.includes('.') ? 1n : 100n)).toBe(BigInt(paid?.rub ?? ''));
  });

  it('pays the partner its reward on the pay-outs it executes, on its own statistic', async () => {
    const partner = await new Client(ctx.app).signIn('partner', demoPassword);
    const mine = (await partner.get('/api/inner/my/order/statistic/')).json().data.statistic;
    const reward = mine.role_rewards.find((row: { role: { slug: string } }) => row.role.slug === 'partner');
    expect(reward?.rewards.length).toBeGreaterThan(0);
    expect(Number.parseFloat(reward.rewards[0].amount)).toBeGreaterThan(0);
    const [fees] = await rows<{ rewards: number; payouts: number }>(
      ctx.database.db,
      sql`select count(t.id)::int as rewards, count(distinct o.id)::int as payouts
          from orders o join users u on u.id = o.executor_id and u.username = 'partner'
          left join ledger_transfers t on t.reference_id = o.id and t.code = 'order_reward'
          where o.type = 'pay_out' and o.status = 'paid'`,
    );
    expect(fees?.payouts).toBeGreaterThan(0);
    expect(fees?.rewards).toBe(fees?.payouts);
  });

  it("spreads the pay-ins over the trader's cards and holders, each card's messages carrying its own balance", async () => {
    const cards = await rows<{ requisite_id: string; holder: string; orders: number }>(
      ctx.database.db,
      sql`select o.requisite_id, r.attributes ->> 'holder' as holder, count(*)::int as orders
          from orders o join requisites r on r.id = o.requisite_id
          where o.type = 'pay_in' group by 1, 2`,
    );
    expect(cards.filter((card) => card.orders >= 10).length).toBeGreaterThanOrEqual(4);
    expect(new Set(cards.map((card) => card.holder)).size).toBeGreaterThanOrEqual(4);
    const messages = await rows<{ requisite_id: string; body: string; amount_minor: string; paid_before: string }>(
      ctx.database.db,
      sql`select o.requisite_id, m.body, m.amount_minor::text,
                 (select coalesce(sum(p.fiat_amount_minor), 0) from orders p
                  where p.requisite_id = o.requisite_id and p.type = 'pay_in' and p.status = 'paid'
                    and p.paid_at < o.paid_at)::text as paid_before
          from bank_messages m join orders o on o.id = m.order_id
          where m.outcome = 'matched' order by m.received_at`,
    );
    expect(messages.length).toBeGreaterThan(100);
    const balances = new Set<string>();
    for (const message of messages) {
      // "Баланс: 48 210.50р", "Доступно 1 750 ₽", "Баланс 20 000,00 RUR": the figure after the word.
      const figure = /(?:Баланс:?|Доступно)\s*([\d\s]+(?:[.,]\d{2})?)/.exec(message.body)?.[1] ?? '';
      const [whole = '', kopecks = '00'] = figure.replace(/\s/g, '').split(/[.,]/);
      const balance = BigInt(whole) * 100n + BigInt(kopecks);
      expect(balance, message.body).toBe(
        openingBalanceMinor(message.requisite_id) + BigInt(message.paid_before) + BigInt(message.amount_minor),
      );
      balances.add(`${balance}`);
    }
    expect(balances.size).toBe(messages.length);
  });

  it("keeps the waiting appeal's receipt, a PDF stored as its evidence", async () => {
    const [dispute] = (await root.get('/api/inner/dispute/?filter[status]=open')).json().data.items as {
      uuid: string;
      order_uuid: string;
      files: { url: string; name: string; content_type: string }[];
    }[];
    expect(dispute?.files).toEqual([expect.objectContaining({ name: 'receipt.pdf', content_type: 'application/pdf' })]);
    const file = await root.get(dispute?.files[0]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A receipt the platform reads: the receipts check finds the disputed order by its sum and day.
    const check = await root.post('/api/inner/anti_fraud/receipt/', {
      file: { name: 'receipt.pdf', data: `data:application/pdf;base64,${file.rawPayload.toString('base64')}` },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.orders.map((order: { guid: string }) => order.guid)).toContain(dispute?.order_uuid);
    expect(file.rawPayload.toString('latin1')).toContain('Payment receipt');
  });
});
