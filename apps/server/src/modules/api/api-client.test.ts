import type { AddressInfo } from 'node:net';
import { createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';

/**
 * The acceptance of DESIGN §9: a merchant integrates with nothing but the OpenAPI document. The client generated
 * from it (packages/api-client) signs and sends real HTTP requests to a listening server.
 */
let ctx: TestContext;
let world: OrderWorld;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

/** The merchant issues its key and secret on its settings screen, and gives them to the client. */
const merchantClient = async (): Promise<PaydeskClient> => {
  const issued = (await world.merchant.browser.post('/api/inner/user/secret_key')).json().data;
  return createPaydeskClient({ baseUrl, apiKey: issued.api_key, secret: issued.secret_key });
};

describe('the generated API client', () => {
  it('creates a pay-in, finds it, confirms it and reads the balance, every call signed', async () => {
    const api = await merchantClient();
    const body = payIn('1000') as { type: 'pay_in'; amount: string; currency: string; client_order_id: string };
    const created = await api.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': `create-${body.client_order_id}` } },
      body,
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const order = created.data?.data;
    expect(order?.payment_details?.attributes.card_number).toMatch(/^\d{16}$/);

    const found = await api.GET('/api/v1/orders', { params: { query: { client_order_id: body.client_order_id } } });
    expect(found.data?.data.items.map((item) => item.guid)).toEqual([order?.guid]);
    const confirmed = await api.POST('/api/v1/orders/{guid}/confirm', {
      params: { path: { guid: order?.guid ?? '' }, header: { 'Idempotency-Key': `confirm-${order?.guid}` } },
    });
    expect(confirmed.data?.data.status).toBe('in-progress');
    const balance = await api.GET('/api/v1/balance');
    expect(balance.data?.data).toMatchObject({ currency: 'USDT', available: '5000' });
  });

  it('meets a refusal as the typed error envelope', async () => {
    const api = createPaydeskClient({ baseUrl, apiKey: 'pk_unknown', secret: 'nothing' });
    const refused = await api.GET('/api/v1/balance');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('api_key_invalid');
  });
});
