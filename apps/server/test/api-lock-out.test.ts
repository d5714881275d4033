import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, createUser, type TestContext } from './harness';

/**
 * No lock-out from elsewhere for machines (issue 31, F0, F8; DESIGN §3): wrong API signatures and wrong metrics tokens
 * are throttled per address only; a key's correctly signed requests are never refused for others' failures, and the
 * failures naming a key are measured instead.
 */
let ctx: TestContext;
const metricsToken = 'metrics-token-of-the-lock-out-test-0123';
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: metricsToken });
});
afterAll(() => ctx.close());

const balance = (headers: Record<string, string>, remoteAddress: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/balance', headers, remoteAddress });
const scrape = (token: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` }, remoteAddress });
const sample = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe('API signatures (F0)', () => {
  it('fifty wrong signatures naming a merchant’s key refuse neither the merchant nor anyone else’s correct call', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const api = await ApiClient.of(ctx.app, merchant.username);
    const before = await scrape(metricsToken, '127.0.0.1');
    const wrong = api.signedHeaders('GET', '/api/v1/balance', '', { secret: 'sk_not_the_secret' });
    // From one address, then from fifty.
    const oneAddress: number[] = [];
    for (let attempt = 0; attempt < 52; attempt++) oneAddress.push((await balance(wrong, '203.0.113.150')).statusCode);
    expect(oneAddress.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(oneAddress.slice(50)).toEqual([429, 429]);
    for (let attempt = 0; attempt < 50; attempt++) {
      expect((await balance(wrong, `198.18.1.${attempt}`)).statusCode).toBe(401);
    }
    // The merchant's correctly signed call goes through, from its own address and from a guesser's.
    const own = await balance(api.signedHeaders('GET', '/api/v1/balance'), '192.0.2.150');
    expect(own.statusCode, own.body).toBe(200);
    expect((await balance(api.signedHeaders('GET', '/api/v1/balance'), '198.18.1.0')).statusCode).toBe(200);
    // The failures are measured instead: the most one key got in its window, and every failure by reason.
    const after = (await scrape(metricsToken, '127.0.0.1')).body;
    expect(sample(after, 'paydesk_api_key_failures_max')).toBeGreaterThanOrEqual(100);
    const reason = 'paydesk_api_signature_failures_total{reason="signature_invalid"}';
    expect(sample(after, reason) - sample(before.body, reason)).toBeGreaterThanOrEqual(100);
  });

  it('an unknown key is counted per address too, not per key', async () => {
    const unknown = new ApiClient(ctx.app, 'pk_nobody_at_all', 'sk_nothing').signedHeaders('GET', '/api/v1/balance');
    for (let attempt = 0; attempt < 60; attempt++) {
      expect((await balance(unknown, `198.18.2.${attempt}`)).statusCode).toBe(401);
    }
  });
});

describe('GET /metrics tokens (F8)', () => {
  it('throttles wrong tokens per address; the scraper elsewhere is served', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      statuses.push((await scrape(`wrong-${attempt}`, '203.0.113.160')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const held = await scrape(metricsToken, '203.0.113.160');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await scrape(metricsToken, '192.0.2.160')).statusCode).toBe(200);
  });
});
