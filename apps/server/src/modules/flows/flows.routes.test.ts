import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { flows } from './flows.table';
import { createRateFeed } from './rates';

/** A local stand-in for an exchange's ticker (Binance's `GET /api/v3/ticker/price?symbol=USDTRUB`). */
class FakeExchange {
  prices = new Map<string, string>([
    ['USDTRUB', '92.50000000'],
    ['USDTKZT', '495.10000000'],
  ]);
  requests: string[] = [];
  private server: Server | null = null;
  async start() {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const symbol = url.searchParams.get('symbol') ?? '';
      this.requests.push(symbol);
      const price = this.prices.get(symbol);
      response.writeHead(price ? 200 : 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(price ? { symbol, price } : { code: -1121, msg: 'Invalid symbol.' }));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/ticker/price`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let ctx: TestContext;
let exchange: FakeExchange;
let admin: Client;
let merchantId: string;
beforeAll(async () => {
  exchange = new FakeExchange();
  ctx = await createTestApp({ RATE_FEED_URL: await exchange.start(), RATE_MAX_AGE_SECONDS: '300' });
  admin = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'admin' })).username);
  merchantId = (await createUser(ctx.database, { type: 'merchant' })).id;
});
afterAll(async () => {
  await ctx.close();
  await exchange.stop();
});

let flowNumber = 0;
/** A flow of the shared merchant in a currency of its own, so tests never meet each other's pairs. */
async function flow(extra: Record<string, unknown> = {}) {
  const merchant = await createUser(ctx.database, { type: 'merchant' });
  flowNumber += 1;
  const response = await admin.post('/api/inner/flow/', {
    name: `Flow ${flowNumber}`,
    merchant_uuid: merchant.id,
    currency_rate_source: 'manual',
    currency_rate: '92.5',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { uuid: string; executors: { bind_id: string }[] };
}

describe('flows (SPEC §2.19)', () => {
  it('creates a flow with the defaults of §9 (RUB/USDT, inactive) and lists it', async () => {
    const created = await admin.post('/api/inner/flow/', {
      name: 'Shop RUB',
      merchant_uuid: merchantId,
      currency_rate_source: 'manual',
      currency_rate: '92.50',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      name: 'Shop RUB',
      fiat_currency: { code: 'RUB' },
      crypto_currency: { code: 'USDT' },
      merchant_uuid: merchantId,
      is_active: false,
      currency_rate_source: 'manual',
      currency_rate: '92.5',
      rate: { value: '92.5', stale: false },
      executors: [],
    });
    const list = (await admin.get('/api/inner/flow')).json().data;
    expect(list.items.map((item: { name: string }) => item.name)).toContain('Shop RUB');
    // One flow per merchant and pair.
    const again = await admin.post('/api/inner/flow/', {
      name: 'Twice',
      merchant_uuid: merchantId,
      currency_rate: '90',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.merchant_uuid).toEqual(['This merchant already has a flow for these currencies.']);
  });

  it('takes a rate only with the manual source, and refuses a bad one', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { currency_rate_source: 'manual' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      [
        { currency_rate: '0' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      [
        { currency_rate: '-1' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      [
        { currency_rate: '1.123456789' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      // Bounded (issue 20, L3): a rate so small or so large is a typo, and its crypto amounts would not fit.
      [
        { currency_rate: '0.000001' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      [
        { currency_rate: '1000000000.01' },
        'currency_rate',
        'Enter a rate from 0.0001 to 1000000000, such as 92.5 (at most 8 decimals).',
      ],
      [{ currency_rate: '90', fiat_currency: 'USDT' }, 'fiat_currency', 'Choose a currency the platform knows.'],
      [{ currency_rate: '90', merchant_uuid: 'x' }, 'merchant_uuid', 'Please select a merchant.'],
    ];
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    for (const [extra, field, message] of cases) {
      const response = await admin.post('/api/inner/flow/', { name: 'Rates', merchant_uuid: merchant.id, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(extra)).toEqual([message]);
    }
    const feed = await admin.post('/api/inner/flow/', {
      name: 'Feed',
      merchant_uuid: merchant.id,
      currency_rate_source: 'feed',
      currency_rate: '1',
    });
    expect(feed.json().data).toMatchObject({ currency_rate_source: 'feed', currency_rate: null });
  });

  it('adds a trader and a partner, refuses the same one twice, sets priorities and removes', async () => {
    const { uuid } = await flow();
    const trader = await createUser(ctx.database, { type: 'trader' });
    const partner = await createUser(ctx.database, { type: 'partner' });
    const added = await admin.post(`/api/inner/flow/${uuid}/executor`, {
      executor_type: 'trader',
      executor_id: trader.id,
    });
    expect(added.json().data.executors).toEqual([
      expect.objectContaining({ type: 'trader', trader: { uuid: trader.id, username: trader.username }, priority: 0 }),
    ]);
    const twice = await new Client(ctx.app, { 'x-language': 'ru' })
      .signIn((await createUser(ctx.database, { type: 'admin' })).username)
      .then((ru) => ru.post(`/api/inner/flow/${uuid}/executor`, { executor_type: 'trader', executor_id: trader.id }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: 'trader_exists', message: 'This trader is already added!' } });
    expect(twice.json().localized_message).toBe('Этот трейдер уже добавлен!');
    const wrongType = await admin.post(`/api/inner/flow/${uuid}/executor`, {
      executor_type: 'partner',
      executor_id: trader.id,
    });
    expect(wrongType.json().errors.executor_id).toEqual(['Choose a trader or a partner.']);
    const withPartner = await admin.post(`/api/inner/flow/${uuid}/executor`, {
      executor_type: 'partner',
      executor_id: partner.id,
    });
    const partnerBind = withPartner.json().data.executors.find((e: { type: string }) => e.type === 'partner');
    const raised = await admin.request('PATCH', `/api/inner/flow/${uuid}/executor/priority`, {
      bind_id: partnerBind.bind_id,
      priority: 10,
    });
    expect(raised.json().data.executors.map((e: { type: string; priority: number }) => [e.type, e.priority])).toEqual([
      ['partner', 10],
      ['trader', 0],
    ]);
    for (const priority of [11, -1, 2.5]) {
      const bad = await admin.request('PATCH', `/api/inner/flow/${uuid}/executor/priority`, {
        bind_id: partnerBind.bind_id,
        priority,
      });
      expect(bad.statusCode, String(priority)).toBe(422);
      expect(bad.json().errors.priority).toEqual(['A priority is a whole number from 0 to 10.']);
    }
    const removed = await admin.request('DELETE', `/api/inner/flow/${uuid}/executor/${partnerBind.bind_id}`);
    expect(removed.json().data.executors.map((e: { type: string }) => e.type)).toEqual(['trader']);
    expect((await admin.request('DELETE', `/api/inner/flow/${uuid}/executor/${partnerBind.bind_id}`)).statusCode).toBe(
      404,
    );
  });

  it('switches the rate source and deletes a flow', async () => {
    const { uuid } = await flow();
    const manual = await admin.request('PATCH', `/api/inner/flow/${uuid}/currency_rate_source`, {
      source: 'manual',
      rate: '95.25',
    });
    expect(manual.json().data).toMatchObject({ currency_rate: '95.25', rate: { value: '95.25' } });
    const noRate = await admin.request('PATCH', `/api/inner/flow/${uuid}/currency_rate_source`, { source: 'manual' });
    expect(noRate.statusCode).toBe(422);
    const renamed = await admin.request('PATCH', `/api/inner/flow/${uuid}`, { name: 'Renamed', is_active: true });
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', is_active: true });
    expect((await admin.request('DELETE', `/api/inner/flow/${uuid}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(flows).where(eq(flows.id, uuid))).toEqual([]);
    expect((await admin.request('DELETE', `/api/inner/flow/${uuid}`)).statusCode).toBe(404);
  });

  it('is refused to a support admin and to everyone who is not an admin', async () => {
    const support = await new Client(ctx.app).signIn(
      (await createUser(ctx.database, { type: 'admin', roles: ['support'] })).username,
    );
    expect((await support.get('/api/inner/flow')).statusCode).toBe(403);
    expect(
      (await support.post('/api/inner/flow/', { name: 'x', merchant_uuid: merchantId, currency_rate: '1' })).statusCode,
    ).toBe(403);
    for (const type of ['merchant', 'trader', 'partner', 'agent'] as const) {
      const browser = await new Client(ctx.app).signIn((await createUser(ctx.database, { type })).username);
      expect((await browser.get('/api/inner/flow')).statusCode, type).toBe(403);
    }
  });
});

describe('rates (DESIGN §5)', () => {
  it('reads the exchange feed through its job and prices feed flows at the fresh rate only', async () => {
    const feed = createRateFeed({ db: ctx.app.db, config: ctx.config, reference: ctx.app.reference, log: ctx.app.log });
    expect(await feed.pollOnce()).toBe(2);
    expect(exchange.requests).toEqual(expect.arrayContaining(['USDTRUB', 'USDTKZT', 'USDTUZS', 'USDTAZN', 'USDTTRY']));
    const sources = (
      await admin.get('/api/inner/flow/currency_rate_source?fiat_currency=RUB&crypto_currency=USDT')
    ).json().data;
    expect(sources).toEqual([
      { slug: 'manual', title: 'Manual rate', rate: null, updated_at: null, stale: false },
      expect.objectContaining({ slug: 'feed', title: 'Exchange feed', rate: '92.5', stale: false }),
    ]);
    const { uuid } = await flow({ currency_rate_source: 'feed', currency_rate: undefined });
    const fresh = (await admin.get('/api/inner/flow'))
      .json()
      .data.items.find((item: { uuid: string }) => item.uuid === uuid);
    expect(fresh.rate).toMatchObject({ value: '92.5', stale: false });
    // A rate older than RATE_MAX_AGE_SECONDS is never used.
    await ctx.database.db.execute(sql`update rate_quotes set fetched_at = now() - interval '1 hour'`);
    const stale = (await admin.get('/api/inner/flow'))
      .json()
      .data.items.find((item: { uuid: string }) => item.uuid === uuid);
    expect(stale.rate).toMatchObject({ value: null, stale: true });
    // A nonsense answer is not kept: the last rate stands (and stays stale).
    exchange.prices.set('USDTRUB', '-5');
    expect(await feed.pollOnce()).toBe(1);
    const after = (await admin.get('/api/inner/flow/currency_rate_source?fiat_currency=RUB')).json().data[1];
    expect(after).toMatchObject({ rate: null, stale: true });
  });
});

describe('trader restrictions per flow (DESIGN §8)', () => {
  it('sets, reads back, clears and deletes the restrictions of a trader that executes the flow', async () => {
    const { uuid } = await flow();
    const trader = await createUser(ctx.database, { type: 'trader' });
    const outsider = await createUser(ctx.database, { type: 'trader' });
    await admin.post(`/api/inner/flow/${uuid}/executor`, { executor_type: 'trader', executor_id: trader.id });
    const types = (await admin.get('/api/inner/trader_restriction/type')).json().data;
    expect(types.map((type: { type: { slug: string } }) => type.type.slug)).toEqual([
      'amount_range',
      'daily_volume',
      'payment_options',
    ]);
    const set = await admin.post('/api/inner/trader_restriction', {
      flow_uuid: uuid,
      trader_uuid: trader.id,
      type: 'amount_range',
      values: { min_amount: '1000', max_amount: '' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await admin.post('/api/inner/trader_restriction', {
      flow_uuid: uuid,
      trader_uuid: trader.id,
      type: 'payment_options',
      values: { options: 'card, sbp' },
    });
    const read = (
      await admin.get(`/api/inner/trader_restriction?filter[trader_uuid]=${trader.id}&filter[flow_uuid]=${uuid}`)
    ).json().data;
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ flow_uuid: uuid, trader_uuid: trader.id });
    expect(read[0].types.map((t: { type: { slug: string }; values: unknown }) => [t.type.slug, t.values])).toEqual([
      ['amount_range', { min_amount: '1000', max_amount: null }],
      ['payment_options', { options: 'card, sbp' }],
    ]);
    const outside = await admin.post('/api/inner/trader_restriction', {
      flow_uuid: uuid,
      trader_uuid: outsider.id,
      type: 'daily_volume',
      values: { max_volume: '1000' },
    });
    expect(outside.json().errors.trader_uuid).toEqual(['This trader does not execute the flow.']);
    const wrong = await admin.post('/api/inner/trader_restriction', {
      flow_uuid: uuid,
      trader_uuid: trader.id,
      type: 'payment_options',
      values: { options: 'card, cash' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors['values.options']).toEqual([
      'Payment options must be like payment options separated by commas',
    ]);
    // All blank: the type goes.
    const cleared = await admin.post('/api/inner/trader_restriction', {
      flow_uuid: uuid,
      trader_uuid: trader.id,
      type: 'amount_range',
      values: { min_amount: ' ', max_amount: '' },
    });
    expect(cleared.json().data.types.map((t: { type: { slug: string } }) => t.type.slug)).toEqual(['payment_options']);
    const optionsId = cleared.json().data.types[0].id;
    expect((await admin.request('DELETE', `/api/inner/trader_restriction/${optionsId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/inner/trader_restriction?filter[flow_uuid]=${uuid}`)).json().data).toEqual([]);
    expect((await admin.request('DELETE', `/api/inner/trader_restriction/${optionsId}`)).statusCode).toBe(404);
  });
});
