import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';
import { createSecrets, loadSecretsKey } from '../../lib/secrets';
import { jobs } from '../jobs/jobs.table';
import { users } from '../users/users.table';
import { webhookDelivery } from './delivery';
import { webhookJob, webhookSchedule } from './outbox';
import { webhookDeliveries } from './webhooks.table';

/** A merchant's webhook endpoint: answers with the statuses it is given, in turn, and keeps what it received. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const answers: number[] = [];

const oneMinute = 60_000;
const notificationKey = 'whsec-test-key-0123456789';
let ctx: TestContext;
let world: OrderWorld;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end(response.statusCode === 200 ? 'ok' : 'try again later');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/paydesk`;
  ctx = await createTestApp({
    API_RATE_LIMIT_PER_SECOND: '1000',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    JOB_POLL_MS: '100',
  });
  world = await orderWorld(ctx);
  const browser = world.merchant.browser;
  expect(
    (await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: receiverUrl })).statusCode,
  ).toBe(200);
  expect(
    (await browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: notificationKey }))
      .statusCode,
  ).toBe(200);
  await ctx.app.jobs.start();
});
afterAll(async () => {
  await ctx.app.jobs.stop();
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Waits until `probe` gives a value, however long the machine takes (the test's own timeout guards against a hang). */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, _what: string): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Checks `Paydesk-Signature: t=…,v1=…` as a merchant would, with its notification key (DESIGN §10). */
function verified(message: Received): boolean {
  const header = String(message.headers['paydesk-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', notificationKey).update(`${parts.t}.${message.body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Number(parts.t) - Date.now() / 1000) < 300;
}

const deliveryOf = async (orderId: string, type: string) =>
  (await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId))).find(
    (delivery) => delivery.type === type,
  );

describe('webhooks (DESIGN §10)', () => {
  it('delivers a signed event the merchant can verify, retries after a 500 and logs every attempt', async () => {
    received.length = 0;
    answers.push(500);
    const order = (await world.merchant.api.post('/api/v1/orders', payIn('1200'))).json().data;
    const first = await until(() => received[0], 'the first attempt');
    expect(verified(first)).toBe(true);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({ type: 'order.created', data: { guid: order.guid, status: 'new', amount: '1200' } });
    expect(first.headers['paydesk-event-id']).toBe(event.id);
    // A tampered body does not verify.
    expect(verified({ ...first, body: first.body.replace('1200', '9200') })).toBe(false);

    // The job waits its backoff (1 min, ± jitter), not retried at once.
    const delivery = await until(async () => {
      const row = await deliveryOf(order.guid, 'order.created');
      return row?.attempts === 1 ? row : undefined;
    }, 'the failed attempt to be recorded');
    expect(delivery.status).toBe('pending');
    // The delivery records its attempt inside the job; the runner queues the job again just after it returns.
    const job = await until(async () => {
      const [row] = await ctx.app.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = ${webhookJob} and ${jobs.payload}->>'deliveryId' = ${delivery.id}`);
      return row?.status === 'queued' && row.attempts === 1 ? row : undefined;
    }, 'the job to be queued again');
    // Counted from the failed attempt (when the job was queued again), not from now: a slow machine changes neither.
    const wait = (job?.runAt.getTime() ?? 0) - (job?.updatedAt.getTime() ?? 0);
    expect(wait).toBeGreaterThan(oneMinute * 0.75);
    expect(wait).toBeLessThan(oneMinute * 1.25);
    expect(job?.maxAttempts).toBe(webhookSchedule.length + 1);

    // Time passes: the retry is due, and the merchant answers 200 this time.
    await ctx.app.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, job?.id ?? ''));
    ctx.app.jobs.wake();
    const second = await until(() => received[1], 'the retry');
    expect(verified(second)).toBe(true);
    expect(JSON.parse(second.body).id).toBe(event.id);

    const details = await until(async () => {
      const response = (await world.merchant.browser.get(`/api/inner/order/${order.guid}`)).json().data;
      const created = response.webhooks.find((webhook: { type: string }) => webhook.type === 'order.created');
      return created?.status === 'delivered' ? created : undefined;
    }, 'the delivery to be marked delivered');
    expect(details.attempts).toMatchObject([
      { status_code: 500, error: 'answered 500', response_excerpt: 'try again later' },
      { status_code: 200, error: null, response_excerpt: 'ok' },
    ]);
    for (const attempt of details.attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('never sends what the merchant switched off, and sends the rest', async () => {
    const settings = await world.merchant.browser.request('PUT', '/api/inner/user/webhook', {
      webhooks: [{ slug: 'order.created', is_disabled: true }],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    received.length = 0;
    const order = (await world.merchant.api.post('/api/v1/orders', payIn('1300'))).json().data;
    await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
    const message = await until(() => received[0], 'the canceled webhook');
    expect(JSON.parse(message.body)).toMatchObject({ type: 'order.canceled', data: { guid: order.guid } });
    expect(await deliveryOf(order.guid, 'order.created')).toBeUndefined();
    await world.merchant.browser.request('PUT', '/api/inner/user/webhook', { webhooks: [] });
  });

  it('resends the latest event of a finished order on the admin’s request, as a fresh delivery', async () => {
    const order = (await world.merchant.api.post('/api/v1/orders', payIn('1400'))).json().data;
    await world.trader.browser.post(`/api/inner/order/${order.guid}/set-paid`);
    await until(
      async () => ((await deliveryOf(order.guid, 'order.paid'))?.status === 'delivered' ? true : undefined),
      'paid',
    );
    received.length = 0;
    const resent = await world.admin.browser.post(`/api/inner/order/${order.guid}/webhook/resend`);
    expect(resent.statusCode).toBe(200);
    const message = await until(() => received[0], 'the resent webhook');
    expect(verified(message)).toBe(true);
    expect(JSON.parse(message.body)).toMatchObject({ type: 'order.paid', data: { guid: order.guid, status: 'paid' } });
    const paidDeliveries = (
      await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, order.guid))
    ).filter((delivery) => delivery.type === 'order.paid');
    expect(paidDeliveries).toHaveLength(2);
    expect(new Set(paidDeliveries.map((delivery) => delivery.id)).size).toBe(2);
  });

  it('refuses a destination on a private network at delivery time unless the platform allows it', async () => {
    await ctx.app.jobs.stop();
    received.length = 0;
    const order = (await world.merchant.api.post('/api/v1/orders', payIn('1500'))).json().data;
    const delivery = await deliveryOf(order.guid, 'order.created');
    const guarded = webhookDelivery(
      {
        db: ctx.app.db,
        config: { ...ctx.config, allowPrivateNetworks: false },
        secrets: createSecrets(loadSecretsKey(ctx.config)),
      },
      ctx.app.log,
    );
    const run = (attempt: number) =>
      guarded.run({ payload: { deliveryId: delivery?.id }, attempt, signal: new AbortController().signal });
    await expect(run(1)).rejects.toThrow(/destination refused/);
    expect((await deliveryOf(order.guid, 'order.created'))?.status).toBe('pending');
    await expect(run(webhookSchedule.length + 1)).rejects.toThrow(/destination refused/);
    expect((await deliveryOf(order.guid, 'order.created'))?.status).toBe('failed');
    expect(received).toEqual([]);
    const logged = (await world.admin.browser.get(`/api/inner/order/${order.guid}`)).json().data.webhooks[0];
    expect(logged.attempts).toHaveLength(2);
    expect(logged.attempts[0]).toMatchObject({
      status_code: null,
      error: expect.stringMatching(/^destination refused/),
    });
    await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
  });

  it('connects only to the address its one resolution checked: a name rebound to loopback reaches nothing', async () => {
    await ctx.app.jobs.stop();
    received.length = 0;
    const port = new URL(receiverUrl).port;
    await ctx.app.db
      .update(users)
      .set({ notificationUrl: `http://rebind.shop.example:${port}/hooks/paydesk` })
      .where(eq(users.id, world.merchant.id));
    try {
      const order = (await world.merchant.api.post('/api/v1/orders', payIn('1600'))).json().data;
      const delivery = await deliveryOf(order.guid, 'order.created');
      // A rebinding resolver: public to whoever asks first, this machine to everyone after.
      const asked: string[] = [];
      const guarded = webhookDelivery(
        {
          db: ctx.app.db,
          config: { ...ctx.config, allowPrivateNetworks: false },
          secrets: createSecrets(loadSecretsKey(ctx.config)),
        },
        ctx.app.log,
        {
          timeoutMs: 500,
          resolve: async (host) => {
            asked.push(host);
            return asked.length === 1 ? ['93.184.215.14'] : ['127.0.0.1'];
          },
        },
      );
      const run = () =>
        guarded.run({ payload: { deliveryId: delivery?.id }, attempt: 1, signal: new AbortController().signal });
      await expect(run()).rejects.toThrow();
      expect(asked).toEqual(['rebind.shop.example']);
      // The next attempt gets the loopback answer and is refused before any connection.
      await expect(run()).rejects.toThrow(/destination refused: private/);
      expect(asked).toHaveLength(2);
      expect(received).toEqual([]);
      await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
    } finally {
      await ctx.app.db.update(users).set({ notificationUrl: receiverUrl }).where(eq(users.id, world.merchant.id));
    }
  });

  it('records why an attempt failed, not only "fetch failed": a refused connection says ECONNREFUSED', async () => {
    await ctx.app.jobs.stop();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await ctx.app.db
      .update(users)
      .set({ notificationUrl: `http://127.0.0.1:${port}/hooks/paydesk` })
      .where(eq(users.id, world.merchant.id));
    try {
      const order = (await world.merchant.api.post('/api/v1/orders', payIn('1700'))).json().data;
      const delivery = await deliveryOf(order.guid, 'order.created');
      const direct = webhookDelivery(
        { db: ctx.app.db, config: ctx.config, secrets: createSecrets(loadSecretsKey(ctx.config)) },
        ctx.app.log,
      );
      await expect(
        direct.run({ payload: { deliveryId: delivery?.id }, attempt: 1, signal: new AbortController().signal }),
      ).rejects.toThrow(/ECONNREFUSED/);
      const logged = (await world.admin.browser.get(`/api/inner/order/${order.guid}`)).json().data.webhooks[0];
      expect(logged.attempts[0]).toMatchObject({
        status_code: null,
        error: expect.stringMatching(/^fetch failed: .*ECONNREFUSED/),
      });
      await world.merchant.api.post(`/api/v1/orders/${order.guid}/cancel`);
    } finally {
      await ctx.app.db.update(users).set({ notificationUrl: receiverUrl }).where(eq(users.id, world.merchant.id));
    }
  });
});
