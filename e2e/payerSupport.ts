import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { serverEnv } from './serverEnv';
import { xsrfHeaders } from './support';

/**
 * What the payer's page journeys (DESIGN §20) need around the server: the shop a payer returns to and whose webhook
 * receiver hears the merchant's events, a server of their own whose pay-ins expire within a minute, and the merchant's
 * settings for both.
 */

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** A webhook the shop received, with whether its signature was the merchant's notification key's. */
export interface ReceivedWebhook {
  type: string;
  orderGuid: string;
  signed: boolean;
}

/**
 * The merchant's shop on the machine itself (http on loopback is allowed for a return URL): `/thanks` is the page a
 * payer returns to, `/hook` receives the merchant's webhooks and checks each one's signature under `key`.
 */
export async function startShop(key: string) {
  const webhooks: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/hook') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const [stamp, digest] = String(request.headers['paydesk-signature'] ?? '')
          .split(',')
          .map((part) => part.slice(part.indexOf('=') + 1));
        const event = JSON.parse(body) as { type: string; data: { guid: string } };
        const expected = createHmac('sha256', key).update(`${stamp}.${body}`).digest('hex');
        webhooks.push({ type: event.type, orderGuid: event.data.guid, signed: digest === expected });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html lang="en"><title>Shop</title><main><h1>Back at the shop</h1></main></html>');
  });
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    returnUrl: `${origin}/thanks`,
    hookUrl: `${origin}/hook`,
    /** The webhooks of `type` the shop got for the order `guid`. */
    received: (type: string, guid: string) => webhooks.filter((hook) => hook.type === type && hook.orderGuid === guid),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Shop = Awaited<ReturnType<typeof startShop>>;

/**
 * A server of the journey's own, started as playwright.config.ts starts the shared one (a fresh embedded database with
 * the demo platform) but with `overrides` (a pay-in's lifetime of 30 s, the shortest the server takes), on a free port.
 */
export async function startOwnServer(overrides: Record<string, string>) {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const main = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: { ...process.env, ...serverEnv(port, mkdtempSync(join(tmpdir(), 'paydesk-e2e-own-')), overrides) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const ready = () =>
    fetch(`${origin}/readyz`)
      .then((answer) => answer.status)
      .catch(() => 0);
  // Waits for the server as the shared one is waited for: until it answers, however slow the machine.
  await expect.poll(ready, { timeout: 600_000 }).toBe(200);
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `PUT`/`PATCH /api/inner<path>` as the user signed in on `page`; expects 200. */
async function send(page: Page, method: 'put' | 'patch', path: string, data: unknown): Promise<void> {
  const answer = await page.request[method](`/api/inner${path}`, { data, headers: await xsrfHeaders(page) });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * The merchant signed in on `page` sets up its payer's page: the shop's name and support shown to payers, and the
 * shop's host allowed for return URLs.
 */
export async function setUpPayerPage(page: Page): Promise<void> {
  await send(page, 'put', '/user/payer_page', {
    payer_display_name: 'Demo Shop',
    payer_support_contact: 'help@shop.example',
    payer_return_hosts: ['127.0.0.1'],
    payer_frame_origins: [],
  });
}

/** The merchant signed in on `page` sends its webhooks to the shop's receiver, signed with `key`. */
export async function setUpWebhooks(page: Page, shop: Shop, key: string): Promise<void> {
  await send(page, 'patch', '/user/notification_key', { notification_key: key });
  await send(page, 'patch', '/user/notification_url', { notification_url: shop.hookUrl });
}
