import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { selectRows } from '../db/client';
import { seedDemo } from '../db/seed';
import { expireOrder } from '../modules/orders/orders.module';
import { type PayerDeps, pageOfOrder } from './payers';
import { createDemoTraffic, type DemoTraffic, type Fate } from './traffic';

/**
 * The demo's simulated payers go through the payer's page's own use cases (DESIGN §7, §20): a report sets the page's
 * report time and moves the pay-in to in progress, a receipt is the page's, and a late payer's "I already paid" opens
 * the appeal with its receipt. The clock, the dice and each order's fate are the test's.
 */
let ctx: TestContext;
let traffic: DemoTraffic;
let payerDeps: PayerDeps;
let at = new Date('2026-11-28T10:00:00.000Z');
/** The dice's next throws (each pay-in: pay-in, payer, card, Sberbank, its amount); 0.9 once they run out. */
const dice: number[] = [];
const abandoned = new Set<string>();

const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T & Record<string, unknown>>(ctx.database.db, query);
const later = (seconds: number) => {
  at = new Date(at.getTime() + seconds * 1000);
};

/**
 * A new pay-in of the demo merchant through the traffic's own job, to a Sberbank card (the demo trader has two with no
 * limit on open orders), of an amount drawn by `roll`.
 */
async function newPayIn(roll: number): Promise<string> {
  const before = await demoOrders();
  dice.push(0.1, 0.5, 0.1, 0, roll);
  await traffic.createRandom();
  const ids = await demoOrders();
  const made = ids.filter((id) => !before.includes(id));
  if (made.length !== 1 || !made[0]) throw new Error('the demo merchant made no pay-in');
  return made[0];
}

const demoOrders = async () =>
  (await rows<{ id: string }>(sql`select id from orders where client_order_id like 'demo-%'`)).map((row) => row.id);

async function orderOf(id: string) {
  const [order] = await rows<{ status: string; reported_at: Date | null; receipts: number; payer_events: number }>(
    sql`select o.status, p.reported_at,
               (select count(*)::int from payer_receipts r where r.order_id = o.id) as receipts,
               (select count(*)::int from order_events e where e.order_id = o.id and e.actor_kind = 'payer')
                 as payer_events
        from orders o join payer_pages p on p.order_id = o.id where o.id = ${id}`,
  );
  return order;
}

beforeAll(async () => {
  ctx = await createTestApp({ DEMO_ORDER_SECONDS: '0', DEMO_DEPOSIT_SECONDS: '0' }, undefined, { demo: true });
  if (!ctx.app.demo) throw new Error('the demo test app runs in demo mode');
  await seedDemo(ctx.database.db, ctx.config, ctx.app.demo, null, () => at);
  payerDeps = { ...ctx.app.deps, reference: ctx.app.reference, files: ctx.app.files, now: () => at };
  traffic = createDemoTraffic(payerDeps, {
    random: () => dice.shift() ?? 0.9,
    fateOf: (id: string): Fate => (abandoned.has(id) ? 'abandoned' : 'paid'),
  });
}, 120_000);
afterAll(() => ctx.close());

describe("the demo's payers on the payer's page (DESIGN §7, §20)", () => {
  it('report "I have paid" through the page, with a receipt: the page has the report and the order is in progress', async () => {
    const id = await newPayIn(0.2);
    expect(await pageOfOrder(payerDeps, id)).toBeDefined();
    expect(await orderOf(id)).toMatchObject({ status: 'new', reported_at: null, receipts: 0 });
    // Not yet: the payer takes its ten seconds.
    later(5);
    await traffic.progress();
    expect((await orderOf(id))?.status).toBe('new');
    // Then it pays, attaches its bank's receipt (the dice: a receipt, a PDF) and reports on the page.
    later(10);
    dice.push(0.1, 0.1);
    await traffic.progress();
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 'in-progress', receipts: 1 });
    expect(order?.reported_at).not.toBeNull();
    // The timeline credits the payer with the receipt and the report.
    expect(order?.payer_events).toBe(2);
    const [receipt] = await rows<{ content_type: string }>(
      sql`select content_type from payer_receipts where order_id = ${id}`,
    );
    expect(receipt?.content_type).toBe('application/pdf');
  });

  it('a payer without a receipt only reports; a screenshot is a PNG', async () => {
    const plain = await newPayIn(0.4);
    const screenshot = await newPayIn(0.6);
    later(11);
    // The first throws no receipt; the second a receipt, a PNG.
    dice.push(0.9, 0.1, 0.9);
    await traffic.progress();
    expect(await orderOf(plain)).toMatchObject({ status: 'in-progress', receipts: 0, payer_events: 1 });
    const [png] = await rows<{ content_type: string }>(
      sql`select content_type from payer_receipts where order_id = ${screenshot}`,
    );
    expect(png?.content_type).toBe('image/png');
  });

  it("a late payer appeals on its expired pay-in's page with a receipt, one a day", async () => {
    const late = await newPayIn(0.3);
    const second = await newPayIn(0.7);
    abandoned.add(late).add(second);
    later(11);
    await traffic.progress();
    expect((await orderOf(late))?.status).toBe('new');
    // Its time runs out; the engine's expiry cancels both.
    later(3 * 3600);
    await expireOrder(payerDeps, late);
    // The sweep gets to the second a minute later: it is the newest expired.
    later(60);
    await expireOrder(payerDeps, second);
    expect((await orderOf(late))?.status).toBe('canceled');
    later(60);
    await traffic.latePayer();
    // The newest expired pay-in (the second) was appealed through its page: the dispute with the receipt.
    const appealed = await orderOf(second);
    expect(appealed?.status).toBe('dispute');
    const [dispute] = await rows<{ reason: string; files: number; opened: number }>(
      sql`select d.reason,
                 (select count(*)::int from dispute_files f where f.dispute_id = d.id) as files,
                 (select count(*)::int from order_events e where e.order_id = d.order_id and e.actor_kind = 'payer'
                    and e.to_status = 'dispute') as opened
          from disputes d where d.order_id = ${second}`,
    );
    expect(dispute).toEqual({ reason: 'payment_not_credited', files: 1, opened: 1 });
    // One a day: the other late payer's page stays as it is.
    later(3600);
    await traffic.latePayer();
    expect((await orderOf(late))?.status).toBe('canceled');
  });
});
