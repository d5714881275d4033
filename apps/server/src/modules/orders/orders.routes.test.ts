import type { UserType } from '@paydesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import {
  type OrderWorld,
  orderWorld,
  payIn,
  payOut,
  readyTrader,
  restrictRequisite,
} from '../../../test/orders-fixture';
import { selectRows } from '../../db/client';
import { flowExecutors } from '../flows/flows.table';
import { jobs } from '../jobs/jobs.table';
import { balancesOf } from '../ledger/ledger.read';
import { webhookDeliveries } from '../webhooks/webhooks.table';
import { expireJob, expireOrder } from './orders.service';
import { orderEvents, orders } from './orders.table';

let ctx: TestContext;
let world: OrderWorld;
/** A second merchant with its own flow: nobody of the first world may see its orders. */
let other: OrderWorld;
const clients = new Map<string, Client>();

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  other = await orderWorld(ctx);
  const roles: [string, UserType, string[]][] = [
    ['support', 'admin', ['support']],
    ['agent', 'agent', []],
    ['partner', 'partner', []],
    ['gated', 'trader', []],
  ];
  for (const [name, type, userRoles] of roles) {
    const user = await createUser(ctx.database, { type, roles: userRoles, insurancePaid: name !== 'gated' });
    clients.set(name, await new Client(ctx.app).signIn(user.username));
  }
});
afterAll(() => ctx.close());

const as = (name: string) => {
  const client = clients.get(name);
  if (!client) throw new Error(`no client ${name}`);
  return client;
};
const balance = async (userId: string) => (await balancesOf(ctx.app.db, [userId], 'USDT')).get(userId);
const create = async (w: OrderWorld, body: Record<string, unknown>) => {
  const response = await w.merchant.api.post('/api/v1/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { guid: string; client_order_id: string };
};
const guids = (response: { json(): { data: { items: { guid: string }[] } } }) =>
  response.json().data.items.map((item) => item.guid);

describe('order lists on the role paths (SPEC §6, §7)', () => {
  it('shows each role only its orders, with the payment details its role may see', async () => {
    const mine = await create(world, payIn('1500'));
    const theirs = await create(other, payIn('1500'));
    const openPayOut = await create(world, payOut('3000'));

    const all = await world.admin.browser.get('/api/inner/order?per_page=100');
    expect(all.statusCode, all.body).toBe(200);
    expect(guids(all)).toEqual(expect.arrayContaining([mine.guid, theirs.guid, openPayOut.guid]));
    expect(all.json().data.items.find((item: { guid: string }) => item.guid === mine.guid)).toMatchObject({
      merchant: { uuid: world.merchant.id },
      executor: { type: { slug: 'trader' }, trader: { username: world.trader.username } },
      payment_details: { holder: 'IVAN PETROV' },
      actions: ['cancel'],
    });

    const merchant = await world.merchant.browser.get('/api/inner/merchant/order?per_page=100');
    expect(guids(merchant)).toEqual(expect.arrayContaining([mine.guid, openPayOut.guid]));
    expect(guids(merchant)).not.toContain(theirs.guid);

    const trader = await world.trader.browser.get('/api/inner/trader/order?per_page=100');
    // Its pay-in, and the open pay-out of its flow it may take; never another flow's order.
    expect(guids(trader)).toEqual(expect.arrayContaining([mine.guid, openPayOut.guid]));
    expect(guids(trader)).not.toContain(theirs.guid);
    const rows = trader.json().data.items as { guid: string; actions: string[]; payment_details: unknown }[];
    expect(rows.find((row) => row.guid === mine.guid)?.actions).toEqual(['set_paid']);
    expect(rows.find((row) => row.guid === openPayOut.guid)?.actions).toEqual(['take']);

    const stranger = await other.trader.browser.get('/api/inner/trader/order?per_page=100');
    expect(guids(stranger)).not.toContain(mine.guid);
    expect(guids(stranger)).not.toContain(openPayOut.guid);
    expect(guids(stranger)).toContain(theirs.guid);

    const partner = await as('partner').get('/api/inner/partner/order');
    expect(partner.statusCode).toBe(200);
    expect(partner.json().data.items).toEqual([]);
  });

  it("pages a trader's own orders and the pay-outs it may take as one list, in order, with one total", async () => {
    // A world of its own: the other tests' orders would count too.
    const fresh = await orderWorld(ctx);
    const made = [];
    for (const make of [payIn('1610'), payOut('3010'), payIn('1620'), payOut('3020')]) {
      made.push(await create(fresh, make));
    }
    const expected = made.map((order) => order.guid);
    const page = (number: number, sort = '') =>
      fresh.trader.browser.get(`/api/inner/trader/order?per_page=1&page=${number}${sort}`);
    const newest = [];
    for (const number of [1, 2, 3, 4]) {
      const response = await page(number);
      expect(response.json().data.context.pagination).toMatchObject({ total_count: 4 });
      newest.push(...guids(response));
    }
    expect(newest).toEqual([...expected].reverse());
    const oldest = [];
    for (const number of [1, 2, 3, 4]) oldest.push(...guids(await page(number, '&sort=created_at')));
    expect(oldest).toEqual(expected);
    expect(guids(await page(5))).toEqual([]);
  });

  it('filters by tab, status, guid, client order id and dates, and sorts both ways', async () => {
    const first = await create(world, payIn('1510'));
    const second = await create(world, payIn('1520'));
    await world.merchant.api.post(`/api/v1/orders/${second.guid}/cancel`);
    const path = '/api/inner/merchant/order?per_page=100';
    const browser = world.merchant.browser;
    const active = await browser.get(`${path}&filter[direction]=pay_in&filter[status]=new,in-progress`);
    expect(guids(active)).toContain(first.guid);
    expect(guids(active)).not.toContain(second.guid);
    const history = await browser.get(`${path}&filter[status]=canceled`);
    expect(guids(history)).toContain(second.guid);
    expect(guids(history)).not.toContain(first.guid);
    expect(guids(await browser.get(`${path}&filter[guid]=${first.guid}`))).toEqual([first.guid]);
    const byClient = await browser.get(`${path}&filter[client_order_id]=${second.client_order_id}`);
    expect(guids(byClient)).toEqual([second.guid]);
    expect(guids(await browser.get(`${path}&filter[direction]=pay_out&filter[guid]=${first.guid}`))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(guids(await browser.get(`${path}&filter[date_from]=${today}`))).toContain(first.guid);
    expect(guids(await browser.get(`${path}&filter[date_to]=2020-01-01`))).toEqual([]);
    const newest = guids(await browser.get(path));
    const oldest = guids(await browser.get(`${path}&sort=created_at`));
    expect(newest.indexOf(second.guid)).toBeLessThan(newest.indexOf(first.guid));
    expect(oldest.indexOf(first.guid)).toBeLessThan(oldest.indexOf(second.guid));
    const context = (await browser.get(path)).json().data.context;
    expect(context.available_filters.map((filter: { name: string }) => filter.name)).toEqual([
      'status',
      'guid',
      'client_order_id',
      'date_from',
      'date_to',
    ]);
    // SPEC §2.12: no in-progress or dispute among the filter's statuses.
    expect(context.available_filters[0].options.map((option: { value: string }) => option.value)).toEqual([
      'new',
      'paid',
      'canceled',
    ]);
  });

  it('cuts the admin’s list by the deals tabs (DESIGN §13), each folded into the other filters', async () => {
    const open = await create(world, payIn('1530'));
    const canceled = await create(world, payIn('1540'));
    await world.merchant.api.post(`/api/v1/orders/${canceled.guid}/cancel`);
    const payout = await create(world, payOut('3010'));
    const tab = async (query: string) => guids(await world.admin.browser.get(`/api/inner/order?count=100&${query}`));
    const mine = [open.guid, canceled.guid, payout.guid];
    const only = (list: string[]) => list.filter((guid) => mine.includes(guid));
    expect(only(await tab('filter[tab]=active'))).toEqual([payout.guid, open.guid]);
    expect(only(await tab('filter[tab]=canceled'))).toEqual([canceled.guid]);
    expect(only(await tab('filter[tab]=completed'))).toEqual([]);
    expect(only(await tab('filter[tab]=disputes'))).toEqual([]);
    expect(only(await tab('filter[tab]=pay_in'))).toEqual([canceled.guid, open.guid]);
    expect(only(await tab('filter[tab]=pay_out'))).toEqual([payout.guid]);
    // A tab and a filter that cannot both hold: an empty list, never everything.
    expect(await tab('filter[tab]=active&filter[status]=canceled')).toEqual([]);
    expect(await tab('filter[tab]=pay_out&filter[direction]=pay_in')).toEqual([]);
    expect(only(await tab('filter[tab]=active&filter[status]=new,canceled&filter[direction]=pay_out'))).toEqual([
      payout.guid,
    ]);
    const refused = await world.admin.browser.get('/api/inner/order?filter[tab]=everything');
    expect(refused.statusCode).toBe(422);
  });

  it('refuses bad filters with a clear 422, never a 500', async () => {
    for (const query of [
      'filter[status]=lost',
      'filter[guid]=not-a-guid',
      'filter[date_from]=3001-01-01',
      'filter[direction]=sideways',
      'sort=amount',
      `filter[client_order_id]=${'x'.repeat(101)}`,
      'filter[client_order_id]=a%00b',
    ]) {
      const response = await world.admin.browser.get(`/api/inner/order?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().localized_message, query).toBeTruthy();
    }
  });

  it('refuses each list path to every role it is not for', async () => {
    const paths: [string, string[]][] = [
      ['/api/inner/order', ['merchant', 'trader', 'agent', 'partner']],
      ['/api/inner/merchant/order', ['admin', 'trader', 'agent', 'partner']],
      ['/api/inner/trader/order', ['admin', 'merchant', 'agent', 'partner', 'gated']],
      ['/api/inner/partner/order', ['admin', 'merchant', 'trader', 'agent']],
    ];
    const byName: Record<string, Client> = {
      admin: world.admin.browser,
      merchant: world.merchant.browser,
      trader: world.trader.browser,
      agent: as('agent'),
      partner: as('partner'),
      gated: as('gated'),
    };
    for (const [path, refused] of paths) {
      for (const name of refused) {
        expect((await byName[name]?.get(path))?.statusCode, `${name} ${path}`).toBe(403);
      }
      expect((await new Client(ctx.app).get(path)).statusCode, `signed out ${path}`).toBe(401);
    }
    expect((await as('support').get('/api/inner/order')).statusCode).toBe(200);
  });
});

describe('an order’s details (GET /order/{id})', () => {
  it('gives the admin its pricing, timeline, transfers and webhooks, and each other role what is theirs', async () => {
    const order = await create(world, payIn('1800'));
    await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    const admin = await world.admin.browser.get(`/api/inner/order/${order.guid}`);
    expect(admin.statusCode, admin.body).toBe(200);
    const details = admin.json().data;
    expect(details.pricing).toMatchObject({
      merchant_fee: '5',
      executor_fee: '2.5',
      agents: [{ username: world.agent.username, role: 'referral', percentage: '0.5' }],
    });
    expect(details.timeline.map((event: { status: { slug: string } }) => event.status.slug)).toEqual(['new', 'paid']);
    expect(details.transfers.map((transfer: { code: { slug: string } }) => transfer.code.slug)).toEqual([
      'order_hold',
      'order_settle',
      'order_reward',
      'order_referral',
      'order_fee',
      'order_rounding',
    ]);
    expect(details.webhooks.map((webhook: { type: string }) => webhook.type)).toEqual(['order.created', 'order.paid']);

    const merchant = (await world.merchant.browser.get(`/api/inner/order/${order.guid}`)).json().data;
    expect(merchant.pricing).toBeNull();
    expect(merchant.webhooks).toHaveLength(2);
    const trader = (await world.trader.browser.get(`/api/inner/order/${order.guid}`)).json().data;
    expect(trader.webhooks).toBeNull();
    // Its own lines only (orders.money.routes.test.ts has each role's reading).
    expect(trader.transfers).toEqual([]);
    expect(trader.own_money.lines.length).toBeGreaterThan(0);
    expect((await as('support').get(`/api/inner/order/${order.guid}`)).statusCode).toBe(200);
  });

  it('hides an order from everyone it is not theirs: 404, as an unknown one', async () => {
    const order = await create(world, payIn('1900'));
    for (const client of [other.merchant.browser, other.trader.browser, as('partner')]) {
      const response = await client.get(`/api/inner/order/${order.guid}`);
      expect(response.statusCode).toBe(404);
    }
    expect((await as('agent').get(`/api/inner/order/${order.guid}`)).statusCode).toBe(403);
    expect((await world.admin.browser.get(`/api/inner/order/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await world.admin.browser.get('/api/inner/order/nope')).statusCode).toBe(422);
  });
});

describe('actions on the screens', () => {
  it('lets only the order’s own trader send paid; anyone else finds nothing or is refused', async () => {
    const order = await create(world, payIn('2100'));
    expect((await other.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`)).statusCode).toBe(404);
    for (const client of [world.admin.browser, world.merchant.browser, as('support'), as('agent'), as('gated')]) {
      expect((await client.post(`/api/inner/order/${order.guid}/set-paid`)).statusCode).toBe(403);
    }
    expect((await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`)).statusCode).toBe(200);
  });

  it('lets an admin cancel an open order, its hold returned whole, but not a support admin', async () => {
    const before = await balance(world.trader.id);
    const order = await create(world, payIn('2200'));
    for (const client of [as('support'), world.merchant.browser, world.trader.browser]) {
      expect((await client.post(`/api/inner/order/${order.guid}/cancel`)).statusCode).toBe(403);
    }
    const canceled = await world.admin.browser.post(`/api/inner/order/${order.guid}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({
      status: { slug: 'canceled' },
      actions: ['webhook_resend', 'dispute'],
    });
    expect(await balance(world.trader.id)).toEqual(before);
    expect((await world.admin.browser.post(`/api/inner/order/${order.guid}/cancel`)).statusCode).toBe(409);
    expect((await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`)).statusCode).toBe(409);
  });

  it('resends the latest webhook of a paid or canceled order only, as a fresh delivery', async () => {
    const order = await create(world, payIn('2300'));
    const resend = `/api/inner/order/${order.guid}/webhook/resend`;
    expect((await world.admin.browser.post(resend)).statusCode).toBe(409);
    await world.admin.browser.post(`/api/inner/order/${order.guid}/cancel`);
    for (const client of [as('support'), world.merchant.browser, world.trader.browser]) {
      expect((await client.post(resend)).statusCode).toBe(403);
    }
    expect((await world.admin.browser.post(resend)).statusCode).toBe(200);
    const deliveries = await ctx.app.db
      .select({ type: webhookDeliveries.type })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.orderId, order.guid))
      .orderBy(webhookDeliveries.createdAt);
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['order.created', 'order.canceled', 'order.canceled']);
  });

  it('lets a trader take an open pay-out and confirm it, paying it what DESIGN §5 says', async () => {
    const order = await create(world, payOut('925'));
    const before = await balance(world.trader.id);
    const taken = await world.trader.browser.post(`/api/inner/order/${order.guid}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: { slug: 'in-progress' }, actions: ['set_paid'] });
    expect((await other.trader.browser.post(`/api/inner/order/${order.guid}/take`)).statusCode).toBe(404);
    const paid = await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect(paid.json().data.status.slug).toBe('paid');
    // C = 10 USDT exactly: the trader gets C and C·1.5 %.
    expect((await balance(world.trader.id))?.available).toBe((before?.available ?? 0n) + 10_150_000n);
  });
});

describe('expiry through the job runner (DESIGN §5, §14)', () => {
  it('queues the expiry with the order, cancels a pay-in left unpaid, and leaves a paid one alone', async () => {
    const before = await balance(world.trader.id);
    const stale = await create(world, payIn('2400'));
    const paid = await create(world, payIn('2500'));
    await world.trader.browser.post(`/api/inner/order/${paid.guid}/set-paid`);
    const [job] = await ctx.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, expireJob), sql`${jobs.payload}->>'orderId' = ${stale.guid}`));
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, stale.guid));
    expect(job?.runAt.getTime()).toBe(row?.expiresAt?.getTime());
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    const deps = { db: ctx.app.db, config: ctx.config, reference: ctx.app.reference };
    await expireOrder(deps, stale.guid); // not yet due: nothing happens
    expect((await ctx.app.db.select().from(orders).where(eq(orders.id, stale.guid)))[0]?.status).toBe('new');

    const past = new Date(Date.now() - 1000);
    await ctx.app.db.update(orders).set({ expiresAt: past }).where(sql`${orders.id} in (${stale.guid}, ${paid.guid})`);
    await expireOrder(deps, stale.guid);
    await expireOrder(deps, paid.guid);
    const after = await ctx.app.db.select().from(orders).where(sql`${orders.id} in (${stale.guid}, ${paid.guid})`);
    expect(Object.fromEntries(after.map((order) => [order.id, order.status]))).toEqual({
      [stale.guid]: 'canceled',
      [paid.guid]: 'paid',
    });
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, stale.guid));
    expect(events.at(-1)).toMatchObject({ toStatus: 'canceled', actorKind: 'system', note: 'expired' });
    // The trader's hold of the expired order came back; the paid one earned its reward.
    expect((await balance(world.trader.id))?.hold).toBe(before?.hold);
  });

  it('never cancels a pay-out once taken, whatever its time', async () => {
    const order = await create(world, payOut('1850'));
    await world.trader.browser.post(`/api/inner/order/${order.guid}/take`);
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.guid));
    await expireOrder({ db: ctx.app.db, config: ctx.config, reference: ctx.app.reference }, order.guid);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.guid));
    expect(row?.status).toBe('in-progress');
    await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
  });
});

describe('concurrency (DESIGN §5)', () => {
  it('gives 200 concurrent pay-ins for 50 slots exactly 50 orders, and never a 5xx', async () => {
    const busy = await orderWorld(ctx);
    // The world's trader and four more, each with a requisite that takes ten open orders at once.
    await restrictRequisite(ctx, busy.trader.requisiteId, 'concurrent_orders', { max_open: '10' });
    for (let index = 0; index < 4; index += 1) {
      const trader = await readyTrader(ctx, { flowId: busy.flowId });
      await restrictRequisite(ctx, trader.requisiteId, 'concurrent_orders', { max_open: '10' });
    }
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => busy.merchant.api.post('/api/v1/orders', payIn(String(1000 + index)))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(new Set(responses.filter((r) => r.statusCode !== 201).map((r) => r.json().error.code))).toEqual(
      new Set(['no_executor_available']),
    );
    const [count] = await selectRows<{ open: number; per_requisite: number }>(
      ctx.app.db,
      sql`select sum(n)::int as open, max(n)::int as per_requisite from (
            select requisite_id, count(*) as n from orders where merchant_id = ${busy.merchant.id} group by 1) r`,
    );
    expect(count).toEqual({ open: 50, per_requisite: 10 });
    // Two hundred creations through one embedded connection, one after the other: more than the default 30 s on a
    // busy machine.
  }, 120_000);

  it('settles an order once when its trader sends paid 50 times at once', async () => {
    const order = await create(world, payIn('2600'));
    const before = await balance(world.merchant.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const [settled] = await selectRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from ledger_transfers where reference_id = ${order.guid} and code = 'order_settle'`,
    );
    expect(settled?.n).toBe(1);
    // floor(C · 0.95) with C = 2600 / 92.5 = 28.108108…
    expect((await balance(world.merchant.id))?.available).toBe((before?.available ?? 0n) + 26_702_702n);
  });
});

describe('routing setup once orders exist (DESIGN §8)', () => {
  it('keeps a requisite’s details while it has open orders, and lets its name and activity change', async () => {
    const trader = await readyTrader(ctx, { flowId: other.flowId, fee: 100 });
    await ctx.app.db.delete(flowExecutors).where(eq(flowExecutors.userId, other.trader.id));
    const order = await create(other, payIn('3100'));
    const path = `/api/inner/requisite/${trader.requisiteId}`;
    const details = { attributes: { card_number: '2200700012345678', holder: 'IVAN PETROV' } };
    const refused = await trader.browser.request('PUT', path, details);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('requisite_has_open_orders');
    expect((await trader.browser.request('PUT', path, { name: 'Main card', is_active: false })).statusCode).toBe(200);
    await trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect((await trader.browser.request('PUT', path, details)).statusCode).toBe(200);
    // The finished order keeps the details it was paid to.
    const shown = (await other.merchant.browser.get(`/api/inner/order/${order.guid}`)).json().data.order;
    expect(shown.payment_details.card_number).not.toBe('2200700012345678');
  });

  it('refuses to delete a flow with open orders, and keeps a finished one for its orders’ history', async () => {
    const flowWorld = await orderWorld(ctx);
    const order = await create(flowWorld, payIn('3200'));
    const admin = flowWorld.admin.browser;
    const refused = await admin.request('DELETE', `/api/inner/flow/${flowWorld.flowId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('flow_has_open_orders');
    expect(refused.json().localized_message).toBeTruthy();
    await flowWorld.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
    expect((await admin.request('DELETE', `/api/inner/flow/${flowWorld.flowId}`)).statusCode).toBe(200);
    expect(
      (await admin.get(`/api/inner/flow?filter[merchant_uuid]=${flowWorld.merchant.id}`)).json().data.items,
    ).toEqual([]);
    // Its orders still name it; no order can use it; its pair is free for a new flow.
    expect((await admin.get(`/api/inner/order/${order.guid}`)).json().data.order.flow.uuid).toBe(flowWorld.flowId);
    const refusedOrder = await flowWorld.merchant.api.post('/api/v1/orders', payIn('3300'));
    expect(refusedOrder.json().error.code).toBe('flow_unavailable');
    const again = await admin.post('/api/inner/flow/', {
      name: 'RUB again',
      merchant_uuid: flowWorld.merchant.id,
      currency_rate: '95',
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
