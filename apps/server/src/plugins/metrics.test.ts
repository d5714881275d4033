import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../test/orders-fixture';
import { webhookDelivery } from '../modules/webhooks/delivery';
import { webhookDeliveries } from '../modules/webhooks/webhooks.table';
import { databaseGaugesMaxAgeMs } from './metrics';

const token = 'metrics-token-of-the-test-0123456789';

let ctx: TestContext;
let world: OrderWorld;

beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: token, API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

const scrape = (authorization?: string, app = ctx.app, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {}, remoteAddress });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus's text format. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
          pair[1] as string,
          pair[2] as string,
        ]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);

async function samples(): Promise<Sample[]> {
  const response = await scrape(`Bearer ${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return samplesOf(response.body);
}

describe('GET /metrics (DESIGN §18)', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const response = await scrape(`Bearer ${token}`, off.app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const header of [
      undefined,
      'Bearer wrong-token-of-the-same-kind',
      `Basic ${token}`,
      token,
      `Bearer ${token}x`,
    ]) {
      // From an address of its own: wrong tokens are throttled per address (test/api-lock-out.test.ts).
      const response = await scrape(header, ctx.app, '198.51.100.200');
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.body).not.toContain('paydesk_');
    }
  });

  it('takes no session instead of the token: a signed-in admin is refused too', async () => {
    const response = await world.admin.browser.get('/metrics');
    expect(response.statusCode).toBe(401);
  });

  it('answers the families of DESIGN §18 in the text format', async () => {
    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    for (const family of [
      'http_request_duration_seconds',
      'paydesk_orders_total',
      'paydesk_order_settle_seconds',
      'paydesk_webhook_deliveries_total',
      'paydesk_webhook_pending',
      'paydesk_jobs_waiting',
      'paydesk_jobs_running',
      'paydesk_jobs_failed',
      'paydesk_jobs_oldest_due_seconds',
      'paydesk_ledger_transfers_total',
      'paydesk_bank_messages_total',
      'paydesk_terminal_longest_silence_seconds',
      'paydesk_ready',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, family).toContain(`# TYPE ${family} `);
    }
    // The connection pool is PostgreSQL's; the embedded database has none.
    expect(response.body.includes('# TYPE paydesk_db_pool_connections gauge')).toBe(ctx.database.kind === 'postgres');
    const all = samplesOf(response.body);
    expect(sumOf(all, 'paydesk_ready')).toBe(1);
    // Every kind of job the process runs has its series, even with none waiting.
    expect(
      all.some((sample) => sample.name === 'paydesk_jobs_waiting' && sample.labels.kind === 'webhooks.deliver'),
    ).toBe(true);
  });

  it('moves as orders are created and paid, transfers posted and webhooks delivered', async () => {
    const before = await samples();
    const created = await world.merchant.api.post('/api/v1/orders', payIn('1500'));
    expect(created.statusCode, created.body).toBe(201);
    const guid = created.json().data.guid as string;
    const paid = await world.trader.browser.post(`/api/inner/order/${guid}/set-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [delivery] = await ctx.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.orderId, guid))
      .limit(1);
    // The test merchant has no notification URL: the attempt is recorded as skipped.
    await webhookDelivery(ctx.app.deps, ctx.app.log).run({
      payload: { deliveryId: delivery?.id },
      attempt: 1,
      signal: new AbortController().signal,
    });
    const after = await samples();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);

    expect(moved('paydesk_orders_total', { type: 'pay_in', status: 'new' })).toBe(1);
    expect(moved('paydesk_orders_total', { type: 'pay_in', status: 'paid' })).toBe(1);
    expect(moved('paydesk_ledger_transfers_total', { code: 'order_hold' })).toBe(1);
    expect(moved('paydesk_ledger_transfers_total', { code: 'order_settle' })).toBe(1);
    expect(moved('paydesk_order_settle_seconds_count')).toBe(1);
    expect(moved('paydesk_webhook_deliveries_total', { outcome: 'skipped' })).toBe(1);
    expect(
      moved('http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/orders', status_code: '201' }),
    ).toBe(1);
    expect(
      moved('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/inner/order/:id/set-paid',
        status_code: '200',
      }),
    ).toBe(1);
  });

  it('reads the database for its gauges at most once per 15 s, however often it is scraped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const execute = vi.spyOn(ctx.app.db, 'execute');
    try {
      vi.setSystemTime(Date.now() + databaseGaugesMaxAgeMs + 1);
      await samples();
      const oneRead = execute.mock.calls.length;
      expect(oneRead).toBeGreaterThan(0);
      for (let scrape = 0; scrape < 5; scrape += 1) await samples();
      expect(execute.mock.calls.length).toBe(oneRead);
      vi.setSystemTime(Date.now() + databaseGaugesMaxAgeMs + 1);
      await samples();
      expect(execute.mock.calls.length).toBe(2 * oneRead);
    } finally {
      execute.mockRestore();
      vi.useRealTimers();
    }
  });

  it('labels by route pattern and fixed lists, never by an id, a user, a URL or a secret', async () => {
    await world.merchant.browser.get('/api/inner/order/0193c9a0-0000-7000-8000-000000000000?secret=1');
    await world.merchant.browser.get(`/nowhere/${world.merchant.username}`);
    const all = await samples();
    const values = all.flatMap((sample) => Object.values(sample.labels));
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const value of values) {
      expect(value).not.toMatch(uuid);
      expect(value).not.toContain('?');
      expect(value).not.toContain(world.merchant.username);
      expect(value).not.toContain(world.trader.username);
      expect(value).not.toContain(token);
    }
    const routes = new Set(
      all.filter((s) => s.name === 'http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    expect(routes.has('/api/inner/order/:id')).toBe(true);
  });
});
