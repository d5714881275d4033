import { runInNewContext } from 'node:vm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';
import { disputes } from '../disputes/disputes.table';
import { publishEvent } from '../events/events.module';
import { expireOrder } from '../orders/orders.module';
import { orderRow } from '../orders/orders.repository';
import { orderEvents, orders } from '../orders/orders.table';
import { webhookDeliveries } from '../webhooks/webhooks.table';
import { pageScript } from './payer-page.script';
import { payerReceipts } from './payer-page.table';

/** Issue 30 slice 2: the payer's page, its states, its actions and its rules. */
let ctx: TestContext;
let world: OrderWorld;
const origin = 'https://pay.example.test';
beforeAll(async () => {
  ctx = await createTestApp({
    API_RATE_LIMIT_PER_SECOND: '100000',
    PUBLIC_URL: origin,
    LOGIN_MAX_FAILURES_PER_IP: '5',
  });
  world = await orderWorld(ctx);
  const saved = await world.merchant.browser.request('PUT', '/api/inner/user/payer_page', {
    payer_display_name: 'Coffee <Shop>',
    payer_support_contact: 'help@coffee.example',
    payer_return_hosts: ['shop.example.com'],
    payer_frame_origins: [],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

let amountSerial = 2000;
/** A new pay-in through the signed API; its guid and its page's token. */
async function newPayIn(extra: Record<string, unknown> = {}) {
  amountSerial += 1;
  const created = await world.merchant.api.post('/api/v1/orders', payIn(String(amountSerial), extra));
  expect(created.statusCode, created.body).toBe(201);
  const data = created.json().data as { guid: string; payment_url: string };
  return { guid: data.guid, token: data.payment_url.split('/').pop() as string, amount: String(amountSerial) };
}

const sameOrigin = { origin };
const page = (token: string, headers: Record<string, string> = {}, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/pay/${token}${query}`, headers });
const status = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/pay/${token}/status` })).json().data;
const post = (token: string, action: string, headers: Record<string, string> = sameOrigin, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/pay/${token}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    payload: '',
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A multipart form as a browser sends it. */
function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const boundary = '----paydesk-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  token: string,
  action: 'receipt' | 'appeal',
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
  accept = 'application/json',
) => {
  const form = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: `/pay/${token}/${action}`,
    headers: { 'content-type': form.contentType, accept, ...sameOrigin },
    payload: form.payload,
  });
};
const png = { bytes: pngBytes, name: 'IMG_0001.HEIC', type: 'image/heic' };

const appealFields = (amount: string) => ({ paid_amount: amount, paid_at: '2026-01-02T10:30', tz_offset: '180' });

async function canceled() {
  const order = await newPayIn();
  expect((await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`)).statusCode).toBe(200);
  return order;
}

describe('GET /pay/{token}', () => {
  it('shows the waiting page in the order’s language with everything the payer needs and nothing else', async () => {
    const order = await newPayIn({ language: 'ru' });
    const response = await page(order.token, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Ожидаем оплату');
    expect(html).toContain('Оплата в Coffee &lt;Shop&gt;');
    expect(html).not.toContain('Coffee <Shop>');
    const row = await orderRow(ctx.app.db, order.guid);
    const card = row?.details.card_number ?? '';
    expect(html).toContain(card.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(html).toContain(`data-copy="${card}"`);
    expect(html).toContain('IVAN PETROV');
    expect(html).toContain(`data-copy="${order.amount}"`);
    expect(html).toContain('одним переводом');
    expect(html).toContain('help@coffee.example');
    expect(html).toContain('<time');
    expect(html).toContain(`href="/pay/${order.token}?lang=en"`);
    for (const hidden of [order.guid, world.trader.username, world.merchant.id, world.merchant.username]) {
      expect(html, hidden).not.toContain(hidden);
    }
    expect(html).not.toMatch(/<script(?![^>]*src="\/payer-page\.js")/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it('follows the browser when the order names no language, and the switch link', async () => {
    const order = await newPayIn();
    expect((await page(order.token, { 'accept-language': 'ru-RU,ru;q=0.9' })).body).toContain('Ожидаем оплату');
    expect((await page(order.token, { 'accept-language': 'en-US' })).body).toContain('Waiting for your payment');
    expect((await page(order.token, { 'accept-language': 'en-US' }, '?lang=ru')).body).toContain('<html lang="ru">');
  });

  it('answers with the page’s headers: strict CSP, no framing, no referrer, never stored or indexed, no cookie', async () => {
    const order = await newPayIn();
    const response = await page(order.token);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toContain('noindex');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['set-cookie']).toBeUndefined();
    const script = await ctx.app.inject({ method: 'GET', url: '/payer-page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('may be framed by the merchant’s origins only', async () => {
    const order = await newPayIn();
    await world.merchant.browser.request('PUT', '/api/inner/user/payer_page', {
      payer_display_name: 'Coffee <Shop>',
      payer_support_contact: 'help@coffee.example',
      payer_return_hosts: ['shop.example.com'],
      payer_frame_origins: ['https://shop.example.com'],
    });
    try {
      const response = await page(order.token);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/shop\.example\.com$/);
      expect(response.headers['x-frame-options']).toBeUndefined();
    } finally {
      await world.merchant.browser.request('PUT', '/api/inner/user/payer_page', {
        payer_display_name: 'Coffee <Shop>',
        payer_support_contact: 'help@coffee.example',
        payer_return_hosts: ['shop.example.com'],
        payer_frame_origins: [],
      });
    }
  });

  it('answers a wrong token, a malformed one and a guid with the same 404, and limits guesses per address only', async () => {
    const order = await newPayIn();
    const wrong = ['AAAAAAAAAAAAAAAAAAAAAA', 'x', order.guid, `${order.token}x`, '..%2F..%2Fetc'];
    const answers = [];
    for (const token of wrong) {
      const response = await ctx.app.inject({ method: 'GET', url: `/pay/${token}`, remoteAddress: '203.0.113.7' });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const limited = await ctx.app.inject({
      method: 'GET',
      url: '/pay/BBBBBBBBBBBBBBBBBBBBBB',
      remoteAddress: '203.0.113.7',
    });
    expect(limited.statusCode).toBe(429);
    // The payer of a real order at the same address is never locked out by those guesses.
    const real = await ctx.app.inject({ method: 'GET', url: `/pay/${order.token}`, remoteAddress: '203.0.113.7' });
    expect(real.statusCode).toBe(200);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/pay/CCCCCCCCCCCCCCCCCCCCCC',
      remoteAddress: '203.0.113.8',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('reads the page, its order, its merchant’s settings, its appeal and its receipts in one statement, then keeps it', async () => {
    const order = await newPayIn();
    // Every statement the app sends goes through its database session's prepareQuery, on either driver.
    const session = (ctx.database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } })
      .session;
    const prepare = vi.spyOn(session, 'prepareQuery');
    try {
      const statementsOf = async (url: string) => {
        prepare.mockClear();
        const response = await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
        expect(response.statusCode, url).toBe(url.includes('DDDD') ? 404 : 200);
        return prepare.mock.calls.length;
      };
      // The first view reads it; the script's status asks and the next views answer from what this process keeps.
      expect(await statementsOf(`/pay/${order.token}`)).toBe(1);
      expect(await statementsOf(`/pay/${order.token}/status`)).toBe(0);
      expect(await statementsOf(`/pay/${order.token}`)).toBe(0);
      // A token that opens nothing is looked up every time, the same one statement.
      expect(await statementsOf('/pay/DDDDDDDDDDDDDDDDDDDDDD')).toBe(1);
      expect(await statementsOf('/pay/DDDDDDDDDDDDDDDDDDDDDD')).toBe(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it('shows a kept page’s time left as of each view, in the language each view asks for', async () => {
    const order = await newPayIn({ language: 'ru' });
    const secondsOf = (html: string) => Number(/data-seconds="(\d+)"/.exec(html)?.[1]);
    const clockOf = (html: string) => /data-seconds="\d+">(\d\d:\d\d)<\/time>/.exec(html)?.[1];
    // The clock held still for both views, however long the machine takes between them.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const first = (await page(order.token)).body;
      // Less than a kept page lives (30 s): the view below answers from what this process keeps.
      vi.setSystemTime(start + 20_000);
      const later = (await page(order.token)).body;
      // The same kept page, 20 s on: only its timer moved, and it counts from the order's own end.
      expect(secondsOf(first) - secondsOf(later)).toBe(20);
      const seconds = secondsOf(later);
      expect(clockOf(later)).toBe(
        `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
      );
      expect(later.replace(/<time[^>]*>[^<]*<\/time>/, '')).toBe(first.replace(/<time[^>]*>[^<]*<\/time>/, ''));
      // Another language on the same kept context is its own page; a refusal's message shows once, then not again.
      const english = (await page(order.token, {}, '?lang=en')).body;
      expect(english).toContain('<html lang="en">');
      expect(english).toContain('Waiting for your payment');
      expect(english).toContain('<input type="hidden" name="lang" value="en">');
      expect((await page(order.token, {}, '?lang=en&e=error.invalid')).body).toContain('Check the fields');
      expect((await page(order.token, {}, '?lang=en')).body).not.toContain('Check the fields');
      expect((await page(order.token)).body).toContain('Ожидаем оплату');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a change made by another process once its announcement arrives through the database', async () => {
    const order = await newPayIn();
    expect((await status(order.token)).state).toBe('waiting');
    // Another server process moved the order: its row changed and its announcement was sent; this process's own
    // move path never ran.
    await ctx.app.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'in-progress' }).where(eq(orders.id, order.guid));
      await publishEvent(tx, {
        userId: world.merchant.id,
        type: 'order.updated',
        message: JSON.stringify({ guid: order.guid, type: 'pay_in', status: 'in-progress' }),
      });
    });
    // Waits for the announcement however busy the machine, but less than a kept page may live (30 s, after which a
    // read would show the change anyway): only the announcement can make it pass.
    await expect.poll(async () => (await status(order.token)).state, { timeout: 25_000 }).toBe('reported');
  });
});

describe('the page’s script', () => {
  /**
   * Runs /payer-page.js on the page's own markup with a browser's globals faked: its fetch is the server's status
   * route, its poll is run by hand: once as the page was rendered, once after `between`. Returns the reloads of each.
   */
  async function reloadsAfterPolls(token: string, between: () => Promise<unknown>) {
    const html = (await page(token)).body;
    const dataset = {
      state: /data-state="(\w+)"/.exec(html)?.[1],
      statusUrl: /data-status-url="([^"]+)"/.exec(html)?.[1],
      poll: /data-poll="(\d)"/.exec(html)?.[1],
    };
    const polls: (() => Promise<void>)[] = [];
    let reloads = 0;
    const sandbox = {
      document: {
        querySelector: (selector: string) => (selector === 'main[data-state]' ? { dataset } : null),
        querySelectorAll: () => [],
      },
      fetch: async (url: string) => {
        const answer = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        return { ok: answer.statusCode === 200, json: async () => answer.json() };
      },
      location: { reload: () => (reloads += 1) },
      setInterval: (poll: () => Promise<void>) => polls.push(poll),
      setTimeout,
      Date,
      Number,
      String,
      Math,
    };
    runInNewContext(pageScript, sandbox);
    expect(polls).toHaveLength(1);
    await polls[0]?.();
    const unchanged = reloads;
    await between();
    await polls[0]?.();
    return { unchanged, changed: reloads - unchanged };
  }

  it('polls the status and reloads the page only when its state changed', async () => {
    const order = await newPayIn();
    const { unchanged, changed } = await reloadsAfterPolls(order.token, () => post(order.token, 'paid'));
    expect(unchanged).toBe(0);
    expect(changed).toBe(1);
  });
});

describe('POST /pay/{token}/paid', () => {
  it('moves the order in progress as the API’s confirm does, names the payer, and is idempotent', async () => {
    const order = await newPayIn();
    const before = await orderRow(ctx.app.db, order.guid);
    const response = await post(order.token, 'paid');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.state).toBe('reported');
    const after = await orderRow(ctx.app.db, order.guid);
    expect(after?.status).toBe('in-progress');
    expect(after?.expiresAt?.getTime()).toBeGreaterThanOrEqual(before?.expiresAt?.getTime() ?? 0);
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.guid));
    expect(events.at(-1)).toMatchObject({ toStatus: 'in-progress', actorKind: 'payer', actorId: null });
    expect((await post(order.token, 'paid')).statusCode).toBe(200);
    expect((await status(order.token)).state).toBe('reported');
    expect((await status(order.token)).reported_at).not.toBeNull();
    expect((await page(order.token)).body).toContain('Checking your payment');
  });

  it('answers a form with 303 back to the page, and a refusal there in the page’s language', async () => {
    const order = await newPayIn({ language: 'ru' });
    const form = await post(order.token, 'paid', { ...sameOrigin, accept: 'text/html' });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/pay/${order.token}`);
    expect((await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`)).statusCode).toBe(200);
    const refused = await post(order.token, 'paid', { ...sameOrigin, accept: 'text/html' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/pay/${order.token}?e=error.conflict_paid`);
    expect((await page(order.token, {}, '?e=error.conflict_paid')).body).toContain('сообщить уже нельзя');
    const json = await post(order.token, 'paid');
    expect(json.statusCode).toBe(409);
    expect(json.json()).toMatchObject({
      success: false,
      error: { code: 'order_status_conflict' },
      localized_message: 'Об оплате этого платежа сообщить уже нельзя.',
    });
  });

  it('refuses a post from another origin, or with none, and a wrong token', async () => {
    const order = await newPayIn();
    expect((await post(order.token, 'paid', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(order.token, 'paid', {})).statusCode).toBe(403);
    expect((await post(order.token, 'paid', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(order.token, 'paid', { origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post('AAAAAAAAAAAAAAAAAAAAAA', 'paid', sameOrigin, '198.51.100.1')).statusCode).toBe(404);
  });

  it('limits actions per page without touching another page', async () => {
    const order = await newPayIn();
    const other = await newPayIn();
    const statuses = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await post(order.token, 'paid')).statusCode);
    expect(statuses.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await post(other.token, 'paid')).statusCode).toBe(200);
  });
});

describe('POST /pay/{token}/receipt', () => {
  it('keeps PNG, JPEG and PDF by content whatever their names, once per content, with a timeline line', async () => {
    const order = await newPayIn();
    for (const file of [
      png,
      { bytes: jpegBytes, name: 'a.txt', type: 'text/plain' },
      { bytes: pdfBytes, name: 'r', type: 'x/y' },
    ]) {
      const response = await upload(order.token, 'receipt', {}, file);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await upload(order.token, 'receipt', {}, png)).statusCode).toBe(200);
    const kept = await ctx.app.db.select().from(payerReceipts).where(eq(payerReceipts.orderId, order.guid));
    expect(kept.map((row) => row.contentType).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect((await status(order.token)).receipts).toBe(3);
    const events = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.guid), eq(orderEvents.note, 'receipt')));
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ actorKind: 'payer', fromStatus: 'new', toStatus: 'new' });
  });

  it('refuses what is not a receipt, an empty form, a big file, in the page’s language', async () => {
    const order = await newPayIn({ language: 'ru' });
    const script = await upload(
      order.token,
      'receipt',
      {},
      { bytes: Buffer.from('<svg onload=1>'), name: 'r.png', type: 'image/png' },
    );
    expect(script.statusCode).toBe(422);
    expect(script.json().localized_message).toBe('Чек должен быть файлом PDF, PNG или JPEG.');
    expect((await upload(order.token, 'receipt', {})).statusCode).toBe(422);
    const big = Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024)]);
    expect(
      (await upload(order.token, 'receipt', {}, { bytes: big, name: 'r.png', type: 'image/png' })).statusCode,
    ).toBe(422);
    const form = await upload(
      order.token,
      'receipt',
      {},
      { bytes: Buffer.from('text'), name: 'r', type: 'text/plain' },
      'text/html',
    );
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/pay/${order.token}?e=error.file_type`);
    expect(await ctx.app.db.select().from(payerReceipts).where(eq(payerReceipts.orderId, order.guid))).toEqual([]);
  });

  it('is refused once the order is paid', async () => {
    const order = await newPayIn();
    const paid = await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await status(order.token)).state).toBe('paid');
    const response = await upload(order.token, 'receipt', {}, png);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('order_status_conflict');
  });
});

describe('POST /pay/{token}/appeal', () => {
  it('opens the dispute “payment made but not credited” on a canceled order with the merchant’s webhook', async () => {
    const order = await canceled();
    expect((await status(order.token)).state).toBe('canceled');
    expect((await page(order.token)).body).toContain('I already paid');
    const response = await upload(order.token, 'appeal', appealFields(order.amount), png);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.state).toBe('appeal_open');
    expect((await orderRow(ctx.app.db, order.guid))?.status).toBe('dispute');
    const [webhook] = await ctx.app.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orderId, order.guid), eq(webhookDeliveries.type, 'dispute.opened')));
    expect(webhook?.payload).toMatchObject({ type: 'dispute.opened', dispute: { reason: 'payment_not_credited' } });
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.guid));
    expect(events.at(-1)).toMatchObject({ toStatus: 'dispute', actorKind: 'payer' });
    // Sent again while open: done already.
    expect((await upload(order.token, 'appeal', appealFields(order.amount), png)).statusCode).toBe(200);
    expect((await page(order.token)).body).toContain('Your appeal is being reviewed');
  });

  it('follows the appeal to its end: resolved is paid with the way back, rejected says so and takes no second one', async () => {
    const resolved = await canceled();
    await upload(resolved.token, 'receipt', {}, png);
    // The receipt attached before is the appeal's when none comes with it.
    expect((await upload(resolved.token, 'appeal', appealFields(resolved.amount))).statusCode).toBe(200);
    const admin = world.admin.browser;
    const disputeOf = async (orderId: string) =>
      (await ctx.app.db.select().from(disputes).where(eq(disputes.orderId, orderId)))[0]?.id;
    const close = await admin.request('PUT', `/api/inner/dispute/${await disputeOf(resolved.guid)}/status`, {
      status: 'resolved',
    });
    expect(close.statusCode, close.body).toBe(200);
    expect((await status(resolved.token)).state).toBe('appeal_resolved');
    expect((await page(resolved.token)).body).toContain('Appeal accepted');

    const rejected = await canceled();
    await upload(rejected.token, 'appeal', appealFields(rejected.amount), png);
    const reject = await admin.request('PUT', `/api/inner/dispute/${await disputeOf(rejected.guid)}/status`, {
      status: 'rejected',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await status(rejected.token)).state).toBe('appeal_rejected');
    expect((await page(rejected.token)).body).toContain('Appeal declined');
    const again = await upload(rejected.token, 'appeal', appealFields(rejected.amount), png);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('dispute_not_allowed');
  });

  it('is refused on a waiting, reported or paid order, without a receipt, or with a wrong amount or time', async () => {
    const waiting = await newPayIn();
    expect((await upload(waiting.token, 'appeal', appealFields(waiting.amount), png)).statusCode).toBe(409);
    await post(waiting.token, 'paid');
    expect((await upload(waiting.token, 'appeal', appealFields(waiting.amount), png)).statusCode).toBe(409);
    await world.trader.browser.post(`/api/inner/order/${waiting.guid}/set-paid`);
    expect((await upload(waiting.token, 'appeal', appealFields(waiting.amount), png)).statusCode).toBe(409);
    const closed = await canceled();
    expect((await upload(closed.token, 'appeal', appealFields(closed.amount))).statusCode).toBe(422);
    const amount = await upload(closed.token, 'appeal', { ...appealFields('abc') }, png);
    expect(amount.statusCode).toBe(422);
    expect(Object.keys(amount.json().errors)).toEqual(['paid_amount']);
    const time = await upload(
      closed.token,
      'appeal',
      { ...appealFields(closed.amount), paid_at: '1999-01-01T00:00' },
      png,
    );
    expect(time.statusCode).toBe(422);
    expect((await orderRow(ctx.app.db, closed.guid))?.status).toBe('canceled');
  });

  it('shows an expired order as expired, with the appeal form', async () => {
    const order = await newPayIn({ language: 'ru' });
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.guid));
    await expireOrder({ db: ctx.app.db, config: ctx.config, reference: ctx.app.reference }, order.guid);
    expect((await status(order.token)).state).toBe('expired');
    const html = (await page(order.token)).body;
    expect(html).toContain('Время на оплату истекло.');
    expect(html).toContain('Я уже оплатил');
    expect((await post(order.token, 'paid')).statusCode).toBe(409);
  });
});

describe('the return to the shop', () => {
  it('is a link to the merchant’s return_url once paid, and only then', async () => {
    const order = await newPayIn({ return_url: 'https://shop.example.com/thanks?o=1' });
    expect((await status(order.token)).return_url).toBeNull();
    expect((await page(order.token)).body).not.toContain('shop.example.com/thanks');
    await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    expect((await status(order.token)).return_url).toBe('https://shop.example.com/thanks?o=1');
    const html = (await page(order.token)).body;
    expect(html).toContain('Payment received');
    expect(html).toContain('href="https://shop.example.com/thanks?o=1"');
  });
});
