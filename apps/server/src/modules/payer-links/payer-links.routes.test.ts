import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut } from '../../../test/orders-fixture';
import { auditEvents } from '../audit/audit.table';
import { orders } from '../orders/orders.table';
import { payerPages } from './payer-links.table';

/** Issue 30 slice 1: the payer's page link on every pay-in, and the merchant's settings of the page. */
let ctx: TestContext;
let world: OrderWorld;
const origin = 'https://pay.example.test';
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '1000', PUBLIC_URL: origin });
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

const settingsUrl = '/api/inner/user/payer_page';
const settings = (extra: Record<string, unknown> = {}) => ({
  payer_display_name: 'Coffee Shop',
  payer_support_contact: 'help@coffee.example',
  payer_return_hosts: ['shop.example.com', 'localhost'],
  payer_frame_origins: [],
  ...extra,
});
const pageOf = async (orderId: string) =>
  (await ctx.database.db.select().from(payerPages).where(eq(payerPages.orderId, orderId)))[0];

describe("the merchant's settings of its payer's page", () => {
  it('starts empty, saves every field normalized, and keeps what changed in the audit trail', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(merchant.username);
    expect((await browser.get(settingsUrl)).json().data).toEqual({
      payer_display_name: null,
      payer_support_contact: null,
      payer_return_hosts: [],
      payer_frame_origins: [],
    });
    const saved = await browser.request(
      'PUT',
      settingsUrl,
      settings({
        payer_display_name: '  Coffee Shop ',
        payer_return_hosts: ['Shop.Example.COM', '127.0.0.1'],
        payer_frame_origins: ['https://Shop.Example.com', 'http://localhost:3000'],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      payer_display_name: 'Coffee Shop',
      payer_support_contact: 'help@coffee.example',
      payer_return_hosts: ['shop.example.com', '127.0.0.1'],
      payer_frame_origins: ['https://shop.example.com', 'http://localhost:3000'],
    };
    expect(saved.json().data).toEqual(expected);
    expect((await browser.get(settingsUrl)).json().data).toEqual(expected);
    const blank = await browser.request('PUT', settingsUrl, { ...expected, payer_display_name: '   ' });
    expect(blank.json().data.payer_display_name).toBeNull();
    const trail = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.targetUserId, merchant.id));
    expect(trail.map((entry) => entry.action)).toEqual(['user.payer_page_changed', 'user.payer_page_changed']);
    expect(trail[1]?.after).toEqual({ payer_display_name: null });
  });

  it('refuses bad hosts and origins field by field, in the chosen language, and changes nothing', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(merchant.username);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payer_return_hosts: ['https://shop.example.com'] }, 'payer_return_hosts.0', 'Введите имя хоста'],
      [{ payer_return_hosts: ['shop.example.com:8443'] }, 'payer_return_hosts.0', 'Введите имя хоста'],
      [{ payer_return_hosts: ['shop.example.com/path'] }, 'payer_return_hosts.0', 'Введите имя хоста'],
      [{ payer_return_hosts: ['a.example', 'A.example'] }, 'payer_return_hosts', 'дважды'],
      [{ payer_return_hosts: Array.from({ length: 21 }, (_, i) => `h${i}.example`) }, 'payer_return_hosts', 'длинный'],
      [{ payer_frame_origins: ['http://shop.example.com'] }, 'payer_frame_origins.0', 'Введите источник'],
      [{ payer_frame_origins: ['https://shop.example.com/embed'] }, 'payer_frame_origins.0', 'Введите источник'],
      [{ payer_frame_origins: ["https://a.example; script-src 'unsafe-inline'"] }, 'payer_frame_origins.0', 'источник'],
      [{ payer_frame_origins: ['*'] }, 'payer_frame_origins.0', 'Введите источник'],
      [{ payer_display_name: 'x'.repeat(101) }, 'payer_display_name', ''],
      [{ payer_return_hosts: 'shop.example.com' }, 'payer_return_hosts', ''],
      [{ payer_support_contact: 42 }, 'payer_support_contact', ''],
    ];
    for (const [change, field, message] of cases) {
      const response = await browser.request('PUT', settingsUrl, settings(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      const body = response.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.localized_message).toMatch(/[а-я]/);
      expect(body.errors[field]?.join(' '), JSON.stringify(body.errors)).toContain(message);
    }
    const nul = await browser.request('PUT', settingsUrl, settings({ payer_display_name: 'Coffee\u0000' }));
    expect(nul.statusCode).toBe(422);
    expect((await browser.get(settingsUrl)).json().data.payer_return_hosts).toEqual([]);
  });

  it('is the merchant’s alone: every other kind of user is refused, and nobody signed out', async () => {
    for (const type of ['trader', 'agent', 'partner', 'admin'] as const) {
      const user = await createUser(ctx.database, { type });
      const browser = await new Client(ctx.app).signIn(user.username);
      expect((await browser.get(settingsUrl)).statusCode, type).toBe(403);
      expect((await browser.request('PUT', settingsUrl, settings())).statusCode, type).toBe(403);
    }
    const support = await createUser(ctx.database, { type: 'admin', roles: ['support'] });
    const supportBrowser = await new Client(ctx.app).signIn(support.username);
    expect((await supportBrowser.get(settingsUrl)).statusCode).toBe(403);
    const anonymous = await new Client(ctx.app).csrf();
    expect((await anonymous.get(settingsUrl)).statusCode).toBe(401);
    expect((await anonymous.request('PUT', settingsUrl, settings())).statusCode).toBe(401);
  });
});

describe("a pay-in's payment_url (DESIGN §20)", () => {
  beforeAll(async () => {
    const saved = await world.merchant.browser.request('PUT', settingsUrl, settings());
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('is on the create answer, the order and the list: the public origin and a token that is not the guid', async () => {
    const body = payIn('1000', { return_url: 'https://shop.example.com/thanks?order=7', language: 'ru' });
    const created = await world.merchant.api.post('/api/v1/orders', body);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order.payment_url).toMatch(/^https:\/\/pay\.example\.test\/pay\/[A-Za-z0-9_-]{22}$/);
    const token = order.payment_url.split('/').pop();
    expect(order.payment_url).not.toContain(order.guid);
    expect(token).not.toContain(order.guid.replaceAll('-', '').slice(0, 8));
    expect((await world.merchant.api.get(`/api/v1/orders/${order.guid}`)).json().data.payment_url).toBe(
      order.payment_url,
    );
    const listed = await world.merchant.api.get(`/api/v1/orders?client_order_id=${body.client_order_id}`);
    expect(listed.json().data.items[0].payment_url).toBe(order.payment_url);
    const page = await pageOf(order.guid);
    expect(page).toMatchObject({ returnUrl: 'https://shop.example.com/thanks?order=7', language: 'ru' });
    // Only a hash of the token is kept.
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it('is a different token for every order, the same one every time for one order', async () => {
    const first = (await world.merchant.api.post('/api/v1/orders', payIn('1001'))).json().data;
    const second = (await world.merchant.api.post('/api/v1/orders', payIn('1002'))).json().data;
    expect(first.payment_url).not.toBe(second.payment_url);
    const confirmed = await world.merchant.api.post(`/api/v1/orders/${first.guid}/confirm`);
    expect(confirmed.json().data.payment_url).toBe(first.payment_url);
    expect(await pageOf(first.guid)).toMatchObject({ returnUrl: null, language: null });
  });

  it('follows the request’s origin when PUBLIC_URL is unset', async () => {
    const local = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '1000' });
    try {
      const localWorld = await orderWorld(local);
      const created = await localWorld.merchant.api.post('/api/v1/orders', payIn('1000'), {
        headers: { host: 'paydesk.internal:8080' },
      });
      expect(created.json().data.payment_url).toMatch(/^http:\/\/paydesk\.internal:8080\/pay\/[A-Za-z0-9_-]{22}$/);
    } finally {
      await local.close();
    }
  });

  it('is null on a pay-out, and in the executor’s answers', async () => {
    const out = await world.merchant.api.post('/api/v1/orders', payOut('500'));
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json().data.payment_url).toBeNull();
    const created = (await world.merchant.api.post('/api/v1/orders', payIn('1003'))).json().data;
    const executorApi = await ApiClient.of(ctx.app, world.trader.username);
    const mine = await executorApi.get('/api/v1/executor/orders?count=100');
    const seen = mine.json().data.items.find((item: { guid: string }) => item.guid === created.guid);
    expect(seen.payment_url).toBeNull();
  });

  it('refuses a return_url that is not https, not on the merchant’s hosts or carries credentials: 422, nothing made', async () => {
    const refused = [
      'http://shop.example.com/thanks',
      'https://evil.example/thanks',
      'https://shop.example.com.evil.example/',
      'https://user:pass@shop.example.com/',
      'javascript:alert(1)',
      '//shop.example.com/thanks',
      'not a url',
      'ftp://shop.example.com/',
    ];
    for (const returnUrl of refused) {
      const body = payIn('1000', { return_url: returnUrl });
      const response = await world.merchant.api.request('POST', '/api/v1/orders', body, {
        headers: { 'x-language': 'ru' },
      });
      expect(response.statusCode, returnUrl).toBe(422);
      expect(response.json().error.code, returnUrl).toBe('return_url_not_allowed');
      expect(response.json().localized_message).toContain('return_url не разрешён');
      expect(response.json().errors.return_url[0]).toContain('Адрес возврата');
      const made = await ctx.database.db.select().from(orders).where(eq(orders.clientOrderId, body.client_order_id));
      expect(made).toEqual([]);
    }
    const english = await world.merchant.api.post(
      '/api/v1/orders',
      payIn('1000', { return_url: 'https://x.example/' }),
    );
    expect(english.json().localized_message).toContain('return_url is not allowed');
  });

  it('takes http on the machine itself when its host is listed', async () => {
    const created = await world.merchant.api.post(
      '/api/v1/orders',
      payIn('1004', { return_url: 'http://localhost:5173/done' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(await pageOf(created.json().data.guid)).toMatchObject({ returnUrl: 'http://localhost:5173/done' });
    const unlisted = await world.merchant.api.post(
      '/api/v1/orders',
      payIn('1005', { return_url: 'http://127.0.0.2/' }),
    );
    expect(unlisted.json().error.code).toBe('return_url_not_allowed');
  });

  it('refuses a wrong language, an over-long return_url, and either field on a pay-out', async () => {
    const language = await world.merchant.api.post('/api/v1/orders', payIn('1000', { language: 'de' }));
    expect(language.statusCode).toBe(422);
    expect(Object.keys(language.json().errors)).toEqual(['language']);
    const long = await world.merchant.api.post(
      '/api/v1/orders',
      payIn('1000', { return_url: `https://shop.example.com/${'a'.repeat(2000)}` }),
    );
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['return_url']);
    const typed = await world.merchant.api.post('/api/v1/orders', payIn('1000', { return_url: 7 }));
    expect(typed.statusCode).toBe(422);
    const out = await world.merchant.api.post(
      '/api/v1/orders',
      payOut('500', { return_url: 'https://shop.example.com/', language: 'en' }),
    );
    expect(out.statusCode).toBe(422);
    expect(Object.keys(out.json().errors).sort()).toEqual(['language', 'return_url']);
  });

  it('answers a repeated request with the same link (Idempotency-Key)', async () => {
    const body = payIn('1006', { return_url: 'https://shop.example.com/a' });
    const first = await world.merchant.api.post('/api/v1/orders', body, { idempotencyKey: 'page-key-1' });
    const again = await world.merchant.api.post('/api/v1/orders', body, { idempotencyKey: 'page-key-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.payment_url).toBe(first.json().data.payment_url);
  });
});
