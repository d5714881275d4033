import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut } from '../../../test/orders-fixture';

/** Issue 30 item 5: "Open the payer's page" in a pay-in's details reads its link from the web app's API. */
let ctx: TestContext;
let world: OrderWorld;
const origin = 'https://pay.example.test';
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '1000', PUBLIC_URL: origin });
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

const linkUrl = (id: string) => `/api/inner/order/${id}/payer_page`;

async function created(body: Record<string, unknown>): Promise<{ guid: string; payment_url: string | null }> {
  const response = await world.merchant.api.post('/api/v1/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe("a pay-in's payer's page link in the web app (GET /order/{id}/payer_page)", () => {
  it('gives the order’s merchant and an admin the same link the merchant API handed out', async () => {
    const order = await created(payIn('1500'));
    expect(order.payment_url).toMatch(/^https:\/\/pay\.example\.test\/pay\//);
    for (const browser of [world.merchant.browser, world.admin.browser]) {
      const response = await browser.get(linkUrl(order.guid));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ payment_url: order.payment_url });
    }
    const support = await createUser(ctx.database, { type: 'admin', roles: ['support'] });
    const supportBrowser = await new Client(ctx.app).signIn(support.username);
    // The link acts as the payer (report, appeal): a support admin, who moves nothing, is refused it.
    const refused = await supportBrowser.get(linkUrl(order.guid));
    expect(refused.statusCode, refused.body).toBe(403);
  });

  it('is null on a pay-out, which has no payer’s page', async () => {
    const order = await created(payOut('400'));
    const response = await world.merchant.browser.get(linkUrl(order.guid));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.payment_url).toBeNull();
  });

  it('is refused to the executor and every other kind of user, and to nobody signed in', async () => {
    const order = await created(payIn('1600'));
    expect((await world.trader.browser.get(linkUrl(order.guid))).statusCode).toBe(403);
    for (const type of ['trader', 'agent', 'partner'] as const) {
      const user = await createUser(ctx.database, { type });
      const browser = await new Client(ctx.app).signIn(user.username);
      const response = await browser.get(linkUrl(order.guid));
      expect(response.statusCode, type).toBe(403);
      expect(response.body).not.toContain('/pay/');
    }
    expect((await new Client(ctx.app).get(linkUrl(order.guid))).statusCode).toBe(401);
  });

  it('is not found for another merchant’s order, an unknown id, or no id at all', async () => {
    const order = await created(payIn('1700'));
    const other = await createUser(ctx.database, { type: 'merchant' });
    const otherBrowser = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(other.username);
    const refused = await otherBrowser.get(linkUrl(order.guid));
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('/pay/');
    expect(refused.json().localized_message).toMatch(/[а-я]/);
    expect((await world.merchant.browser.get(linkUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const malformed = await world.merchant.browser.get(linkUrl('not-an-id'));
    expect(malformed.statusCode).toBe(422);
  });
});
