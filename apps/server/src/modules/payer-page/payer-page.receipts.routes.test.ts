import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';

/** Issue 30 item 4, issue 32 item 2: the trader, the merchant and admins see the payer's report and its receipts. */
let ctx: TestContext;
let world: OrderWorld;
let other: OrderWorld;
const origin = 'https://pay.example.test';
const clients = new Map<string, Client>();
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000', PUBLIC_URL: origin });
  world = await orderWorld(ctx);
  other = await orderWorld(ctx);
  for (const [name, type, roles] of [
    ['support', 'admin', ['support']],
    ['agent', 'agent', []],
    ['partner', 'partner', []],
  ] as const) {
    const user = await createUser(ctx.database, { type, roles: [...roles] });
    clients.set(name, await new Client(ctx.app).signIn(user.username));
  }
});
afterAll(() => ctx.close());

const as = (name: string) => clients.get(name) as Client;
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let amountSerial = 3000;
async function newPayIn() {
  amountSerial += 1;
  const created = await world.merchant.api.post('/api/v1/orders', payIn(String(amountSerial)));
  expect(created.statusCode, created.body).toBe(201);
  const data = created.json().data as { guid: string; payment_url: string };
  return { guid: data.guid, token: data.payment_url.split('/').pop() as string };
}

/** A receipt sent from the payer's page as a browser's form does. */
async function attach(token: string, bytes: Buffer, name: string) {
  const boundary = '----paydesk-receipt';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/pay/${token}/receipt`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json', origin },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(400);
}

async function reportPaid(token: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/pay/${token}/paid`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin },
    payload: '',
  });
  expect(response.statusCode, response.body).toBeLessThan(400);
}

type Report = {
  reported_at: string | null;
  receipts: { id: string; name: string; content_type: string; size: number }[];
} | null;

describe('the payer’s report on the orders’ answers', () => {
  it('carries the report time and the receipts to the executor, the merchant and admins, in lists and details', async () => {
    const order = await newPayIn();
    const quiet = await newPayIn();
    await attach(order.token, pngBytes, 'photo.png');
    await attach(order.token, pdfBytes, 'bank.pdf');
    const before = Date.now();
    await reportPaid(order.token);

    const listed = await world.trader.browser.get('/api/inner/trader/order?filter[status]=new,in-progress');
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().data.items as { guid: string; payer_report: Report }[];
    const report = items.find((item) => item.guid === order.guid)?.payer_report;
    expect(report?.reported_at).not.toBeNull();
    expect(Date.parse(report?.reported_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(report?.receipts.map(({ name, content_type, size }) => ({ name, content_type, size }))).toEqual([
      { name: 'receipt-1.png', content_type: 'image/png', size: pngBytes.length },
      { name: 'receipt-2.pdf', content_type: 'application/pdf', size: pdfBytes.length },
    ]);
    expect(items.find((item) => item.guid === quiet.guid)?.payer_report).toBeNull();

    for (const client of [world.merchant.browser, world.admin.browser, as('support'), world.trader.browser]) {
      const details = await client.get(`/api/inner/order/${order.guid}`);
      expect(details.statusCode, details.body).toBe(200);
      expect(details.json().data.order.payer_report).toEqual(report);
      const payerStep = details
        .json()
        .data.timeline.find(
          (event: { from_status: string | null; status: { slug: string } }) =>
            event.from_status === 'new' && event.status.slug === 'in-progress',
        );
      expect(payerStep?.actor).toBe('payer');
    }
    const merchantList = await world.merchant.browser.get('/api/inner/merchant/order');
    const mine = (merchantList.json().data.items as { guid: string; payer_report: Report }[]).find(
      (item) => item.guid === order.guid,
    );
    expect(mine?.payer_report).toEqual(report);
    const all = await world.admin.browser.get(`/api/inner/order?filter[guid]=${order.guid}`);
    expect(all.json().data.items[0].payer_report).toEqual(report);
  });
});

describe('GET /order/{id}/payer_receipt/{receiptId}', () => {
  it('serves the receipt with its type to the executor, the merchant and admins; 404 to others; 403 to an agent', async () => {
    const order = await newPayIn();
    await attach(order.token, pngBytes, 'photo.png');
    await attach(order.token, pdfBytes, 'bank.pdf');
    const details = await world.trader.browser.get(`/api/inner/order/${order.guid}`);
    const [png, pdf] = (details.json().data.order.payer_report as NonNullable<Report>).receipts;
    if (!png || !pdf) throw new Error('both receipts are on the report');
    const url = (receiptId: string, orderId = order.guid) => `/api/inner/order/${orderId}/payer_receipt/${receiptId}`;

    for (const client of [world.trader.browser, world.merchant.browser, world.admin.browser, as('support')]) {
      const image = await client.get(url(png.id));
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['content-disposition']).toContain('inline; filename="receipt-1.png"');
      expect(image.rawPayload.equals(pngBytes)).toBe(true);
    }
    const document = await world.merchant.browser.get(url(pdf.id));
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toContain('attachment; filename="receipt-2.pdf"');

    // Another merchant, another trader, a partner that does not execute it: not found; an agent may not read orders.
    for (const client of [other.merchant.browser, other.trader.browser, as('partner')]) {
      const refused = await client.get(url(png.id));
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().success).toBe(false);
    }
    expect((await as('agent').get(url(png.id))).statusCode).toBe(403);

    // A receipt of another order, an unknown id, a malformed one.
    const second = await newPayIn();
    await attach(second.token, pngBytes, 'photo.png');
    expect((await world.trader.browser.get(url(png.id, second.guid))).statusCode).toBe(404);
    expect((await world.trader.browser.get(url('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await world.trader.browser.get(url('nope'))).statusCode).toBe(422);
  });
});
