/**
 * The payer's page under load (issue 30, item 7; DESIGN §20): `GET /pay/{token}` per second of a real pay-in's page on
 * PostgreSQL, beside a bare Fastify serving an HTML page of the same size, both in this process and measured in the
 * same run, printed as a ratio of the bare figure (goal: at least 0.5). Absolute numbers on a shared machine are
 * noise; the ratio is not. Not a test.
 *
 *   npm run payer-page --workspace bench
 *
 * The world: one merchant, one trader with cards on its RUB/USDT flow (orders-world.ts), on a database of its own
 * (bench-app.ts). The pay-in is made through the signed merchant API with the generated client, and its `payment_url`
 * is the page measured. autocannon drives BENCH_CONNECTIONS connections for BENCH_SECONDS seconds after a warm-up,
 * bare and page in turns, twice; the table shows the better of the two of each.
 * Checked, and a failed check exits 1: the create answers 201 with a payment_url; the page answers 200 with HTML
 * showing the amount to send; every answer under load is a 2xx, with no error or timeout.
 *
 * Settings: BENCH_DATABASE_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_DATABASE_PREFIX
 * [paydesk_bench_], BENCH_CONNECTIONS [20], BENCH_SECONDS [10].
 */
import { cpus } from 'node:os';
import { createPaydeskClient } from '@paydesk/api-client';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { runAppBench } from './bench-app';
import { apiCredentials, seedWorld } from './orders-world';
import { check, numberSetting } from './support';

const connections = Math.floor(numberSetting('BENCH_CONNECTIONS', 20));
const seconds = numberSetting('BENCH_SECONDS', 10);

interface Figure {
  requests: number;
  p50: number;
  p99: number;
}

/** `duration` seconds of load on `url`; every answer a 2xx, and some answered unless it is the warm-up. */
async function load(url: string, duration: number, warmUp = false): Promise<Figure> {
  const result = await autocannon({ url, connections, duration, timeout: 30 });
  const failed = result.errors + result.timeouts + result.non2xx;
  check(
    failed === 0 && (warmUp || result.requests.total > 0),
    () =>
      `${url}: ${result.requests.total} requests, ${result.non2xx} not 2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  return { requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare Fastify answering `GET /` with `html` as the page does: the baseline. */
async function bareServer(html: string) {
  const bare = Fastify({ logger: false });
  bare.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html),
  );
  return { bare, url: await bare.listen({ port: 0, host: '127.0.0.1' }) };
}

await runAppBench('payer_page', async ({ app, database, version }) => {
  const world = await seedWorld(database, { traders: 1, requisites: 4, fundsUsdt: '10000' });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = createPaydeskClient({ baseUrl: origin, ...(await apiCredentials(app, world.merchant.id)) });
  const { response, data, error } = await api.POST('/api/v1/orders', {
    params: { header: { 'Idempotency-Key': 'bench-payer-page' } },
    body: { type: 'pay_in', amount: '1500', currency: 'RUB', client_order_id: 'bench-payer-page', language: 'en' },
  });
  const pageUrl = data?.data.payment_url;
  check(response.status === 201 && pageUrl, () => `create: ${response.status} ${JSON.stringify(error ?? data)}`);
  const page = await fetch(pageUrl);
  const html = await page.text();
  check(page.status === 200 && /1[, ]?500/.test(html), () => `${pageUrl}: ${page.status} ${html.slice(0, 300)}`);
  const { bare, url: bareUrl } = await bareServer(html);
  try {
    const best = { bare: { requests: 0, p50: 0, p99: 0 }, page: { requests: 0, p50: 0, p99: 0 } };
    await load(bareUrl, 3, true);
    await load(pageUrl, 3, true);
    for (let round = 0; round < 2; round += 1) {
      for (const [name, url] of [
        ['bare', bareUrl],
        ['page', pageUrl],
      ] as const) {
        const figure = await load(url, seconds);
        if (figure.requests > best[name].requests) best[name] = figure;
      }
    }
    const ratio = best.page.requests / best.bare.requests;
    console.log(
      `\n${connections} connections, ${seconds} s each (best of 2), ${cpus().length} cores, PostgreSQL ${version}; page ${html.length} bytes`,
    );
    console.log(
      `${'target'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× bare'.padStart(9)}`,
    );
    for (const [name, figure] of [
      ['bare Fastify, the same HTML', best.bare],
      ['GET /pay/{token} (PostgreSQL)', best.page],
    ] as const) {
      console.log(
        `${name.padEnd(44)}${figure.requests.toFixed(0).padStart(9)}${figure.p50.toFixed(0).padStart(9)}${figure.p99.toFixed(0).padStart(9)}${(figure.requests / best.bare.requests).toFixed(3).padStart(9)}`,
      );
    }
    console.log(
      ratio >= 0.5 ? `goal met: ${ratio.toFixed(2)} >= 0.5 of bare` : `goal missed: ${ratio.toFixed(2)} < 0.5 of bare`,
    );
  } finally {
    await bare.close();
  }
});
