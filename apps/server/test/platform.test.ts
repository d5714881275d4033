import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { demoPassword, seedDemo } from '../src/db/seed';
import { createFirstAdmin } from '../src/modules/users/first-admin';
import { Client, createTestApp, type TestContext } from './harness';

let webRoot: string;
let ctx: TestContext;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'paydesk-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Paydesk</title>');
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ WEB_DIST_DIR: webRoot }, undefined, { demo: true });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('serving the web app', () => {
  it('answers history-mode routes with index.html, revalidated', async () => {
    for (const path of ['/', '/settings', '/agent/traders', '/login?next=x']) {
      const response = await ctx.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Paydesk</title>');
    }
  });

  it('answers HEAD for a page like GET', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with the JSON envelope, localized', async () => {
    const response = await ctx.app.inject({ url: '/api/inner/nothing-here', headers: { 'x-language': 'ru' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'not_found', message: 'Not found.' },
      localized_message: 'Не найдено.',
    });
  });
});

describe('demo seed (DESIGN §7)', () => {
  it('seeds the demo accounts once, who can then sign in', async () => {
    const created = await seedDemo(ctx.database.db, ctx.app.money);
    expect(created).toEqual(['root', 'support', 'merchant', 'trader', 'trader2', 'agent', 'partner']);
    expect(await seedDemo(ctx.database.db, ctx.app.money)).toEqual([]);

    const trader2 = await new Client(ctx.app).signIn('trader2', demoPassword);
    const user = (await trader2.get('/api/inner/user/current')).json().data.data;
    expect(user.profile).toEqual({
      insurance_paid: false,
      insurance_payment_amount: { amount: '100', currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 } },
    });
    const support = await new Client(ctx.app).signIn('support', demoPassword);
    expect((await support.get('/api/inner/user/current')).json().data.data).toMatchObject({
      role: 'admin',
      roles: ['support'],
    });
  });

  it('links the demo agent to its traders with fee tiers in place', async () => {
    const agent = await new Client(ctx.app).signIn('agent', demoPassword);
    const traders = (await agent.get('/api/inner/agent/trader/')).json().data.items;
    expect(traders.map((t: { username: string }) => t.username)).toEqual(['trader', 'trader2']);
    const trader = await new Client(ctx.app).signIn('trader', demoPassword);
    expect((await trader.get('/api/inner/user/fees')).json().data).toHaveLength(3);
  });

  it('refuses to create a first admin once users exist', async () => {
    await expect(createFirstAdmin(ctx.database.db, 'owner')).rejects.toThrow(/already exist/);
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', SESSION_COOKIE_NAME: 'paydesk_session' });
    expect(config.demo).toBe(true);
  });

  it('never runs demo mode on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/paydesk', DEMO: 'true' }).demo).toBe(false);
  });

  it('stops with a readable message on a wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration:\n {2}PORT/);
  });
});
