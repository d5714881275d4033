import { webhookSkipReasons } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { merchantPayIn, type OrderWorld, orderWorld } from '../../../test/orders-fixture';
import { roleClients } from '../../../test/role-clients';
import { webhookDelivery } from './delivery';
import { webhookDeliveries } from './webhooks.table';

/** GET /user/webhook/deliveries (issue 32 item 7): the merchant's own latest deliveries, for Settings. */
let ctx: TestContext;
let world: OrderWorld;
const url = '/api/inner/user/webhook/deliveries';

beforeAll(async () => {
  ctx = await createTestApp();
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

/** Runs the delivery job of each of the order's deliveries once, as the runner would. */
async function attemptDeliveriesOf(orderId: string) {
  const rows = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId));
  const job = webhookDelivery(ctx.app.deps, ctx.app.log);
  for (const row of rows) await job.run({ payload: { deliveryId: row.id }, attempt: 1 } as never);
}

describe('the merchant reads its latest webhook deliveries', () => {
  it('lists its own deliveries newest first, with what the last attempt met', async () => {
    const first = await merchantPayIn(world, '1000');
    await attemptDeliveriesOf(first);
    const second = await merchantPayIn(world, '1100');

    const response = await world.merchant.browser.get(url);
    expect(response.statusCode).toBe(200);
    const deliveries = response.json().data;
    expect(deliveries.map((delivery: { order_id: string }) => delivery.order_id)).toEqual([second, first]);
    expect(deliveries[0]).toMatchObject({
      type: 'order.created',
      title: 'Order created',
      status: 'pending',
      attempts: 0,
      last_attempt_at: null,
      last_error: null,
    });
    // No URL set: the attempt was skipped, and says why.
    expect(deliveries[1]).toMatchObject({
      type: 'order.created',
      status: 'skipped',
      attempts: 1,
      last_status_code: null,
      last_error: webhookSkipReasons.noNotificationUrl,
    });
    expect(deliveries[1].last_attempt_at).toEqual(expect.any(String));

    const one = await world.merchant.browser.get(`${url}?count=1`);
    expect(one.json().data.map((delivery: { order_id: string }) => delivery.order_id)).toEqual([second]);
  });

  it("never shows another merchant's deliveries", async () => {
    const other = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(other.username);
    const response = await browser.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('refuses a count out of range or not a number, in the reader’s language', async () => {
    for (const count of ['0', '51', 'abc', '1.5', '-3']) {
      const response = await world.merchant.browser.get(`${url}?count=${count}`);
      expect(response.statusCode, count).toBe(422);
      expect(response.json().success).toBe(false);
    }
    const russian = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(world.merchant.username);
    const refused = (await russian.get(`${url}?count=0`)).json();
    expect(JSON.stringify(refused)).toMatch(/[а-яё]/i);
  });

  it('is refused to every other role and to the signed-out', async () => {
    const role = await roleClients(ctx, [
      ['support', 'admin', ['support']],
      ['admin', 'admin', []],
      ['agent', 'agent', []],
      ['partner', 'partner', []],
      ['trader', 'trader', []],
    ]);
    for (const name of ['support', 'admin', 'agent', 'partner', 'trader']) {
      expect((await role(name).get(url)).statusCode, name).toBe(403);
    }
    expect((await world.admin.browser.get(url)).statusCode).toBe(403);
    expect((await world.trader.browser.get(url)).statusCode).toBe(403);
    expect((await (await new Client(ctx.app).csrf()).get(url)).statusCode).toBe(401);
  });
});
