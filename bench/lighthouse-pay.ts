// The payer's page for bench/lighthouse.ts (issue 30, item 7): a real pay-in of the demo merchant, made through the
// signed merchant API with the generated client, whose `payment_url` is the page measured, and the gzipped size of the
// scripts that page loads (served by the server, not from the web app's build).
import { gzipSync } from 'node:zlib';
import { createPaydeskClient } from '@paydesk/api-client';

/**
 * The path of a new pay-in's page on `origin`: the demo merchant (signed in, `cookie`) issues its API key as Settings
 * does, then creates a pay-in of 1,500 RUB with the payer's page in English. `scripts` holds each script the page
 * names with its size compressed by gzip -9.
 */
export async function payerPage(
  origin: string,
  cookie: string,
): Promise<{ path: string; scripts: Map<string, number> }> {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  const issued = await fetch(`${origin}/api/inner/user/secret_key`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': xsrf },
  });
  if (!issued.ok) throw new Error(`issuing the merchant's API key failed: ${issued.status} ${await issued.text()}`);
  const keys = ((await issued.json()) as { data: { api_key: string; secret_key: string } }).data;
  const api = createPaydeskClient({ baseUrl: origin, apiKey: keys.api_key, secret: keys.secret_key });
  const id = `lighthouse-${Date.now().toString(36)}`;
  const { response, data, error } = await api.POST('/api/v1/orders', {
    params: { header: { 'Idempotency-Key': id } },
    body: { type: 'pay_in', amount: '1500', currency: 'RUB', client_order_id: id, language: 'en' },
  });
  const url = data?.data.payment_url;
  if (response.status !== 201 || !url) {
    throw new Error(`creating the pay-in failed: ${response.status} ${JSON.stringify(error ?? data)}`);
  }
  const html = await (await fetch(url)).text();
  const scripts = new Map<string, number>();
  for (const [, src = ''] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    scripts.set(new URL(src, url).pathname, gzipSync(body, { level: 9 }).length);
  }
  return { path: new URL(url).pathname, scripts };
}
