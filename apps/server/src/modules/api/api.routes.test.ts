import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  Client,
  crashingAfterCommit,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut, readyTrader } from '../../../test/orders-fixture';
import { selectRows } from '../../db/client';
import { flows } from '../flows/flows.table';
import { balancesOf } from '../ledger/ledger.read';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { orders } from '../orders/orders.table';
import { users } from '../users/users.table';

let ctx: TestContext;
let world: OrderWorld;
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '1000' });
  world = await orderWorld(ctx);
});
afterAll(async () => {
  expect((await reconcileLedger(ctx.app.db)).ok).toBe(true);
  await ctx.close();
});

const balance = async (userId: string) => (await balancesOf(ctx.app.db, [userId], 'USDT')).get(userId);

describe('signatures (DESIGN §9)', () => {
  it('refuses a missing or unknown key, a timestamp out of the window and a wrong signature, each with its code', async () => {
    const api = world.merchant.api;
    const bare = await ctx.app.inject({ method: 'GET', url: '/api/v1/balance' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.code).toBe('api_key_invalid');
    const unknown = new ApiClient(ctx.app, 'pk_nobody', 'sk_nothing');
    expect((await unknown.get('/api/v1/balance')).json().error.code).toBe('api_key_invalid');
    const old = await api.request('GET', '/api/v1/balance', undefined, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('timestamp_invalid');
    const future = await api.request('GET', '/api/v1/balance', undefined, {
      timestamp: Math.floor(Date.now() / 1000) + 400,
    });
    expect(future.json().error.code).toBe('timestamp_invalid');
    const wrong = await api.request('GET', '/api/v1/balance', undefined, { secret: 'sk_not_the_secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('signature_invalid');
    expect((await api.get('/api/v1/balance')).statusCode).toBe(200);
  });

  it('signs the path as sent, query included, and the body as sent', async () => {
    const api = world.merchant.api;
    const signedForOtherQuery = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders?client_order_id=b',
      headers: api.signedHeaders('GET', '/api/v1/orders?client_order_id=a'),
    });
    expect(signedForOtherQuery.json().error.code).toBe('signature_invalid');
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: api.signedHeaders('POST', '/api/v1/orders', JSON.stringify(payIn('1000'))),
      payload: JSON.stringify(payIn('9000')),
    });
    expect(tampered.json().error.code).toBe('signature_invalid');
    const encoded = await ctx.app.inject({
      method: 'GET',
      url: '/api/%76%31/balance',
      headers: api.signedHeaders('GET', '/api/v1/balance'),
    });
    expect(encoded.json().error.code).toBe('signature_invalid');
  });

  it('refuses a key of the wrong role, and a blocked owner', async () => {
    const traderApi = await ApiClient.of(ctx.app, world.trader.username);
    expect((await traderApi.post('/api/v1/orders', payIn('1000'))).statusCode).toBe(403);
    expect((await world.merchant.api.get('/api/v1/executor/orders')).statusCode).toBe(403);
    const agent = await createUser(ctx.database, { type: 'merchant' });
    const agentApi = await ApiClient.of(ctx.app, agent.username);
    const admin = world.admin.browser;
    await admin.post('/api/inner/user/block', { uuid: agent.id, comment: 'fraud' });
    expect((await agentApi.get('/api/v1/balance')).json().error.code).toBe('api_key_invalid');
  });

  it('verifies the very next request under a new secret, and never again under the old one', async () => {
    const owner = await createUser(ctx.database, { type: 'merchant' });
    for (let round = 0; round < 5; round += 1) {
      const old = await ApiClient.of(ctx.app, owner.username);
      expect((await old.get('/api/v1/balance')).statusCode).toBe(200);
      // The key stays, the secret changes: this process must not go on checking signatures under the one it kept.
      const renewed = await ApiClient.of(ctx.app, owner.username);
      const next = await renewed.get('/api/v1/balance');
      expect(next.statusCode, next.body).toBe(200);
      expect((await old.get('/api/v1/balance')).json().error.code).toBe('signature_invalid');
    }
  });

  it('answers the web app’s session nothing: no cookie opens the API', async () => {
    const response = await world.merchant.browser.get('/api/v1/balance');
    expect(response.statusCode).toBe(401);
  });
});

describe('guessing at signatures (issue 20, L6)', () => {
  it('throttles wrong signatures and unknown keys per address: 429 with Retry-After after the limit', async () => {
    const local = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '5' });
    try {
      const merchant = await createUser(local.database, { type: 'merchant' });
      const api = await ApiClient.of(local.app, merchant.username);
      const call = (headers: Record<string, string>, remoteAddress: string) =>
        local.app.inject({ method: 'GET', url: '/api/v1/balance', headers, remoteAddress });
      const wrong = api.signedHeaders('GET', '/api/v1/balance', '', { secret: 'sk_not_it' });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) statuses.push((await call(wrong, '203.0.113.90')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      const throttled = await call(api.signedHeaders('GET', '/api/v1/balance'), '203.0.113.90');
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

      const unknown = new ApiClient(local.app, 'pk_nobody', 'sk_nothing').signedHeaders('GET', '/api/v1/balance');
      const unknownStatuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        unknownStatuses.push((await call(unknown, `198.51.100.${attempt}`)).statusCode);
      }
      // Each from its own address: the key named is not counted against (issue 31, F0).
      expect(unknownStatuses).toEqual([401, 401, 401, 401, 401, 401, 401]);
    } finally {
      await local.close();
    }
  });

  it('answers an unsigned request with a body that is not JSON 401, not 422', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
    const signed = await world.merchant.api.request('POST', '/api/v1/orders', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(signed.statusCode).toBe(422);
  });
});

describe('idempotency keys (DESIGN §9)', () => {
  it('replays the first answer for the same body, refuses another body, and needs a key on every POST', async () => {
    const api = world.merchant.api;
    const body = payIn('1510');
    const first = await api.post('/api/v1/orders', body, { idempotencyKey: 'idem-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post('/api/v1/orders', body, { idempotencyKey: 'idem-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.clientOrderId, body.client_order_id));
    expect(rows).toHaveLength(1);
    const other = await api.post('/api/v1/orders', payIn('1520'), { idempotencyKey: 'idem-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    const none = await api.post('/api/v1/orders', payIn('1530'), { idempotencyKey: null });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('idempotency_key_required');
    // A refusal is kept as an answer too: the same request again gets the same refusal.
    const duplicate = await api.post('/api/v1/orders', body, { idempotencyKey: 'idem-2' });
    expect(duplicate.statusCode).toBe(409);
    expect((await api.post('/api/v1/orders', body, { idempotencyKey: 'idem-2' })).headers['idempotent-replayed']).toBe(
      'true',
    );
  });
});

describe('amounts a rate cannot price (issue 20, L3)', () => {
  it('refuses an order whose crypto amount would not fit with a clear 422, never a 500', async () => {
    const [before] = await ctx.app.db.select().from(flows).where(eq(flows.id, world.flowId));
    // A flow rate set before rates were bounded.
    await ctx.app.db.update(flows).set({ manualRate: '0.000001' }).where(eq(flows.id, world.flowId));
    try {
      const response = await world.merchant.api.post('/api/v1/orders', payIn('999999999999.99'));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.amount).toEqual([
        'At this rate the amount makes more crypto than an order may hold.',
      ]);
    } finally {
      await ctx.app.db.update(flows).set({ manualRate: before?.manualRate }).where(eq(flows.id, world.flowId));
    }
  });
});

describe('rate limits (DESIGN §9)', () => {
  it('answers 429 with Retry-After beyond the key’s rate', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '2' });
    try {
      const merchant = await createUser(limited.database, { type: 'merchant' });
      const api = await ApiClient.of(limited.app, merchant.username);
      const statuses: number[] = [];
      for (let call = 0; call < 6; call++) statuses.push((await api.get('/api/v1/balance')).statusCode);
      expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
      const refused = await api.get('/api/v1/balance');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('a pay-in through the merchant API', () => {
  it('gives the payer the requisite’s details, is found by guid and client_order_id, and settles exactly', async () => {
    const api = world.merchant.api;
    const before = { merchant: await balance(world.merchant.id), trader: await balance(world.trader.id) };
    const body = payIn('10000', { client_id: 'payer-7' });
    const created = await api.post('/api/v1/orders', body);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order).toMatchObject({
      client_order_id: body.client_order_id,
      client_id: 'payer-7',
      type: 'pay_in',
      status: 'new',
      amount: '10000',
      currency: 'RUB',
      crypto_amount: '108.108109',
      crypto_currency: 'USDT',
      rate: '92.5',
      payment_details: { payment_option: 'card', payment_type: 'sberbank', attributes: { holder: 'IVAN PETROV' } },
      recipient: null,
    });
    expect(order.payment_details.attributes.card_number).toMatch(/^4276\d{12}$/);
    expect(new Date(order.expires_at).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await balance(world.trader.id))?.hold).toBe((before.trader?.hold ?? 0n) + 108_108_109n);
    expect((await api.get(`/api/v1/orders/${order.guid}`)).json().data.guid).toBe(order.guid);
    const found = (await api.get(`/api/v1/orders?client_order_id=${body.client_order_id}`)).json().data.items;
    expect(found.map((item: { guid: string }) => item.guid)).toEqual([order.guid]);

    const confirmed = await api.post(`/api/v1/orders/${order.guid}/confirm`);
    expect(confirmed.json().data.status).toBe('in-progress');
    const paid = await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status.slug).toBe('paid');
    // DESIGN §5, to the unit: merchant floor(C·0.95), trader floor(C·0.025), agent floor(C·0.005).
    expect((await balance(world.merchant.id))?.available).toBe((before.merchant?.available ?? 0n) + 102_702_702n);
    expect((await balance(world.trader.id))?.available).toBe(
      (before.trader?.available ?? 0n) - 108_108_109n + 2_702_702n,
    );
    expect((await balance(world.trader.id))?.hold).toBe(before.trader?.hold ?? 0n);
    expect((await balance(world.agent.id))?.available).toBe(540_540n);
    // Paying twice is refused, and settles nothing twice.
    const twice = await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect(twice.statusCode).toBe(409);
    expect((await balance(world.merchant.id))?.available).toBe((before.merchant?.available ?? 0n) + 102_702_702n);
  });

  it('returns the hold whole when the merchant cancels, and refuses to cancel twice', async () => {
    const api = world.merchant.api;
    const before = await balance(world.trader.id);
    const order = (await api.post('/api/v1/orders', payIn('2000'))).json().data;
    const canceled = await api.post(`/api/v1/orders/${order.guid}/cancel`);
    expect(canceled.json().data.status).toBe('canceled');
    expect(await balance(world.trader.id)).toEqual(before);
    expect((await api.post(`/api/v1/orders/${order.guid}/cancel`)).statusCode).toBe(409);
  });

  it('refuses what cannot be served with clear codes, creating nothing', async () => {
    const api = world.merchant.api;
    const cases: [Record<string, unknown>, number, string][] = [
      [payIn('0'), 422, 'validation_failed'],
      [payIn('1.005'), 422, 'validation_failed'],
      [payIn('1000', { currency: 'KZT' }), 422, 'flow_unavailable'],
      [payIn('1000', { currency: 'XYZ' }), 422, 'validation_failed'],
      [payIn('1000', { payment_option: 'account' }), 422, 'no_executor_available'],
      [payIn('1000', { payment_type: 'kaspi' }), 422, 'validation_failed'],
      [payIn('999999999'), 422, 'no_executor_available'],
      [{ ...payIn('1000'), type: 'swap' }, 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const response = await api.post('/api/v1/orders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
      const rows = await ctx.app.db
        .select()
        .from(orders)
        .where(eq(orders.clientOrderId, String(body.client_order_id)));
      expect(rows).toEqual([]);
    }
  });

  it('hides another merchant’s order', async () => {
    const order = (await world.merchant.api.post('/api/v1/orders', payIn('3000'))).json().data;
    const other = await ApiClient.of(ctx.app, (await createUser(ctx.database, { type: 'merchant' })).username);
    expect((await other.get(`/api/v1/orders/${order.guid}`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/orders/${order.guid}/cancel`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/orders/${order.guid}/confirm`)).statusCode).toBe(404);
    const stranger = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'trader' })).username);
    expect((await stranger.post(`/api/inner/order/${order.guid}/set-paid`)).statusCode).toBe(404);
    await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
  });
});

describe('a pay-out through the merchant and executor API', () => {
  it('holds the merchant’s money, is taken once, and pays the executor what DESIGN §5 says', async () => {
    const before = { merchant: await balance(world.merchant.id), trader: await balance(world.trader.id) };
    const created = await world.merchant.api.post('/api/v1/orders', payOut('5000'));
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order).toMatchObject({ type: 'pay_out', status: 'new', recipient: { card_number: '5559490012345678' } });
    // C = 54.054054…; the merchant's hold is ceil(C·1.03).
    expect((await balance(world.merchant.id))?.hold).toBe((before.merchant?.hold ?? 0n) + 55_675_676n);
    const executor = await ApiClient.of(ctx.app, world.trader.username);
    const open = (await executor.get('/api/v1/executor/orders?type=pay_out&status=new')).json().data.items;
    expect(open.map((item: { guid: string }) => item.guid)).toContain(order.guid);
    const taken = await executor.post(`/api/v1/executor/orders/${order.guid}/take`);
    expect(taken.json().data.status).toBe('in-progress');
    const other = await readyTrader(ctx, { flowId: world.flowId });
    const rival = await ApiClient.of(ctx.app, other.username);
    expect((await rival.post(`/api/v1/executor/orders/${order.guid}/take`)).statusCode).toBe(409);
    const paid = await executor.post(`/api/v1/executor/orders/${order.guid}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    // The executor: floor(C) + floor(C·1.5 %).
    expect((await balance(world.trader.id))?.available).toBe((before.trader?.available ?? 0n) + 54_054_054n + 810_810n);
    expect((await balance(world.merchant.id))?.hold).toBe(before.merchant?.hold ?? 0n);
    expect((await balance(world.merchant.id))?.available).toBe((before.merchant?.available ?? 0n) - 55_675_676n);
  });

  it('checks the recipient by its payment option’s rules', async () => {
    const response = await world.merchant.api.post(
      '/api/v1/orders',
      payOut('100', { recipient: { card_number: '123', holder: '' } }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'recipient.card_number': ['Card number must have exactly 16 digits'],
      'recipient.holder': ['Card holder is required'],
    });
  });

  it('reports the merchant balance', async () => {
    const data = (await world.merchant.api.get('/api/v1/balance')).json().data;
    expect(data).toMatchObject({ currency: 'USDT' });
    expect(Number(data.available)).toBeGreaterThan(0);
  });
});

describe('the idempotency crash window (issue 20, R2)', () => {
  it('answers a retry right after a crash past the commit with the created order, as the first run made it', async () => {
    const api = world.merchant.api;
    const body = payIn('1540');
    const crashed = await crashingAfterCommit(ctx.app, () =>
      api.post('/api/v1/orders', body, { idempotencyKey: 'crash-1' }),
    );
    expect(crashed.statusCode).toBe(500);
    const made = await ctx.app.db.select().from(orders).where(eq(orders.clientOrderId, body.client_order_id));
    expect(made).toHaveLength(1);
    const retry = await api.post('/api/v1/orders', body, { idempotencyKey: 'crash-1' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toMatchObject({ guid: made[0]?.id, status: 'new' });
    // Another key with the same client_order_id is still refused.
    expect((await api.post('/api/v1/orders', body, { idempotencyKey: 'crash-1b' })).statusCode).toBe(409);
    await api.post(`/api/v1/orders/${retry.json().data.guid}/cancel`);
  });

  it('answers a retry right after a crash past the commit of a take with 200, not order_status_conflict', async () => {
    const order = (await world.merchant.api.post('/api/v1/orders', payOut('5100'))).json().data;
    const executor = await ApiClient.of(ctx.app, world.trader.username);
    const take = () =>
      executor.post(`/api/v1/executor/orders/${order.guid}/take`, undefined, { idempotencyKey: 'crash-2' });
    expect((await crashingAfterCommit(ctx.app, take)).statusCode).toBe(500);
    const retry = await take();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ guid: order.guid, status: 'in-progress' });
    // A rival's take, or a new key, is still a conflict.
    expect(
      (await executor.post(`/api/v1/executor/orders/${order.guid}/take`, undefined, { idempotencyKey: 'crash-2b' }))
        .statusCode,
    ).toBe(409);
    await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
  });

  it('leaves the key free when the process dies before its change commits', async () => {
    const api = world.merchant.api;
    const body = payIn('1545');
    const db = ctx.app.db;
    const transaction = db.transaction;
    db.transaction = (async () => {
      throw new Error('the process died before its commit');
    }) as unknown as typeof transaction;
    const crashed = await api.post('/api/v1/orders', body, { idempotencyKey: 'crash-3' }).finally(() => {
      db.transaction = transaction;
    });
    expect(crashed.statusCode).toBe(500);
    const retry = await api.post('/api/v1/orders', body, { idempotencyKey: 'crash-3' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    await api.post(`/api/v1/orders/${retry.json().data.guid}/cancel`);
  });

  it('makes one order of two requests with one key at the same time, and answers both with it', async () => {
    const api = world.merchant.api;
    const body = payIn('1550');
    const both = await Promise.all([1, 2].map(() => api.post('/api/v1/orders', body, { idempotencyKey: 'twice' })));
    expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
    const made = await ctx.app.db.select().from(orders).where(eq(orders.clientOrderId, body.client_order_id));
    expect(made).toHaveLength(1);
    expect(both.map((response) => response.json().data.guid)).toEqual([made[0]?.id, made[0]?.id]);
    await api.post(`/api/v1/orders/${made[0]?.id}/cancel`);
  });

  it('keeps a key and its answer without a statement of their own outside the change’s transaction', async () => {
    const keys = async () =>
      Number(
        (await selectRows<{ count: number }>(ctx.app.db, sql`select count(*)::int as count from api_idempotency`))[0]
          ?.count,
      );
    const keysBefore = await keys();
    const client = (ctx.app.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query;
    const keyStatements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (text.includes('api_idempotency')) keyStatements.push(text.trim().split(/\s+/)[0] ?? '');
      return query.apply(this, args);
    };
    try {
      const created = await world.merchant.api.post('/api/v1/orders', payIn('1560'));
      expect(created.statusCode, created.body).toBe(201);
      // The flow holds a second ready trader since the pay-out test: pay as whoever the order went to.
      const guid = created.json().data.guid;
      const [made] = await ctx.app.db.select({ executorId: orders.executorId }).from(orders).where(eq(orders.id, guid));
      const [owner] = await ctx.app.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, made?.executorId ?? ''));
      const executor = await ApiClient.of(ctx.app, owner?.username ?? '');
      const paid = await executor.post(`/api/v1/executor/orders/${guid}/paid`);
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      client.query = query;
    }
    // A pay-in, created and paid: both keys kept with their answers, by the changes' own transactions; nothing read
    // first (a key is read only when a request is refused, to answer a repeat as the first was). It spent 4 before
    // issue 20, 2 before issue 33.
    expect(keyStatements).toEqual([]);
    expect(await keys()).toBe(keysBefore + 2);
  });
});
