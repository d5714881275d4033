import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { Client, createTestApp } from './harness';
import { readyTrader } from './orders-fixture';

/** PUBLIC_URL: the origin of every link Paydesk hands out (forwarding URLs, pairing QRs, payer pages). */
describe('PUBLIC_URL', () => {
  it('reads an http or https origin, without a trailing slash, and refuses anything else', () => {
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://pay.example.com/' }).PUBLIC_URL).toBe('https://pay.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://Pay.Example.com:443' }).PUBLIC_URL).toBe('https://pay.example.com');
    for (const wrong of ['pay.example.com', 'ftp://pay.example.com', 'https://pay.example.com/app', 'https://a@b.c']) {
      expect(() => loadConfig({ PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL: must be an origin/);
    }
  });

  it("starts a terminal's forwarding link with it, whatever host the request named", async () => {
    const ctx = await createTestApp({ PUBLIC_URL: 'https://pay.example.com' });
    try {
      const trader = await readyTrader(ctx);
      // The browser names another host: the link still starts with the configured origin.
      const browser = await new Client(ctx.app, { host: 'elsewhere.example' }).signIn(trader.username);
      const terminal = await browser.post('/api/inner/terminal', { name: 'Pixel', requisites: [trader.requisiteId] });
      expect(terminal.statusCode, terminal.body).toBe(201);
      const guid = terminal.json().data.terminal.guid as string;
      const link = await browser.post(`/api/inner/terminal/${guid}/forwarding`);
      expect(link.statusCode, link.body).toBe(201);
      expect(link.json().data.url).toMatch(/^https:\/\/pay\.example\.com\/api\/device\/v1\/forward\//);
    } finally {
      await ctx.close();
    }
  });
});
