import { xsrfCookie } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { forwardingSuite } from '../../../../test/forwarding-links';
import { smsForwarderJsonRequest, smsGateRequest } from '../../../../test/forwarding-payloads';
import { Client, createUser } from '../../../../test/harness';
import { readyTrader } from '../../../../test/orders-fixture';
import { bankMessages, terminals } from '../terminals.table';

/**
 * A bad-input walk over the routes authenticity added (DESIGN §19, issue 31): the trader's confirmation, the admin's
 * auto-settle switch and the matching of messages received while waiting for approval. Wrong types, NUL bytes, huge
 * numbers, unknown ids and other users' ids each get a localized 4xx and change nothing; every wrong role is refused.
 */
const { suite, others, createTerminal, link, enabledLink, post, payment, statusOf, messagesOf, confirmUrl } =
  forwardingSuite(9600);

/** Cyrillic in the localized message: the answer speaks the asker's language. */
const russian = /[А-яЁё]/;

function refusedInRussian(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = response.json();
  expect(body.success, label).toBe(false);
  expect(body.localized_message, label).toMatch(russian);
}

/** A user of `type` signed in with Russian as its language. */
async function russianClient(type: 'admin' | 'trader', username?: string) {
  const name = username ?? (await createUser(suite.ctx.database, { type })).username;
  return new Client(suite.ctx.app, { 'x-language': 'ru' }).signIn(name);
}

/** Ids that are not a record's: wrong types, NUL bytes, huge numbers, markup. */
const badIds = [
  'not-a-guid',
  '%00',
  '0190a000-0000-7000-8000-00000000000%00',
  '9'.repeat(400),
  '-1',
  '1e309',
  '%3Cscript%3E',
  'null',
];
const unknownId = '0190a000-0000-7000-8000-000000000000';

/** Sends a raw body as the web app would, cookies and XSRF token included. */
function rawRequest(client: Client, method: 'PATCH' | 'POST', url: string, body: string, contentType: string) {
  return suite.ctx.app.inject({
    method,
    url,
    payload: body,
    headers: {
      cookie: client.cookieHeader,
      'x-xsrf-token': client.cookie(xsrfCookie) ?? '',
      'x-language': 'ru',
      'content-type': contentType,
    },
  });
}

describe('POST /trader/bank-message/{id}/confirm/ refuses what is not the trader’s own message to confirm', () => {
  it('answers bad and unknown ids, and other users’ messages, with a localized 4xx; the order stays unpaid', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    await post(target.path, smsForwarderJsonRequest(target.key, sms));
    const [row] = (await messagesOf(target.guid)).filter((message) => message.orderId === order);
    expect(row?.outcome).toBe('to_confirm');
    const trader = await russianClient('trader', suite.world.trader.username);

    for (const id of [...badIds, unknownId, target.guid, order]) {
      refusedInRussian(await trader.post(`/api/inner/trader/bank-message/${id}/confirm/`), id);
    }
    // A message of this terminal that matched nothing (a purchase): a conflict, not a payment.
    const stranger = await readyTrader(suite.ctx);
    const ignored = await post(target.path, smsGateRequest(target.key, { ...sms, text: 'Покупка 350р SBERMARKET' }));
    expect(ignored.json().data.results[0].outcome).toBe('ignored');
    const ignoredRow = (await messagesOf(target.guid)).find((message) => message.outcome === 'ignored');
    refusedInRussian(await trader.post(confirmUrl(ignoredRow?.id ?? '')), 'a message that settled nothing');
    // Another trader's request for this trader's message: not found, as if it did not exist.
    const theirs = await stranger.browser.post(confirmUrl(row?.id ?? ''));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().localized_message).toBeTruthy();
    for (const client of others(suite.world.admin.browser)) {
      expect((await client.post(confirmUrl(row?.id ?? ''))).statusCode).toBe(403);
    }
    expect(
      (await new Client(suite.ctx.app).csrf().then((client) => client.post(confirmUrl(row?.id ?? '')))).statusCode,
    ).toBe(401);

    expect(await statusOf(order)).toBe('new');
    const [still] = await suite.ctx.app.db
      .select()
      .from(bankMessages)
      .where(eq(bankMessages.id, row?.id ?? ''));
    expect(still?.outcome).toBe('to_confirm');
  });
});

describe('PATCH /terminal/{guid}/auto-settle/ takes a boolean from an admin who manages terminals, nothing else', () => {
  it('refuses wrong types, NUL bytes, huge numbers and bad ids with a localized 4xx, the switch left off', async () => {
    const target = await enabledLink();
    const admin = await russianClient('admin');
    const url = `/api/inner/terminal/${target.guid}/auto-settle/`;
    for (const body of [
      { auto_settle_weak: 'yes' },
      { auto_settle_weak: 'true' },
      { auto_settle_weak: 1 },
      { auto_settle_weak: 1e308 },
      { auto_settle_weak: null },
      { auto_settle_weak: 'true\u0000' },
      { auto_settle_weak: [true] },
      { auto_settle_weak: { value: true } },
      {},
      { 'auto_settle_weak\u0000': true },
    ]) {
      refusedInRussian(await admin.request('PATCH', url, body), JSON.stringify(body));
    }
    for (const [body, type] of [
      [`{"auto_settle_weak": 1${'0'.repeat(400)}}`, 'application/json'],
      ['{"auto_settle_weak": tru', 'application/json'],
      ['[true]', 'application/json'],
      ['null', 'application/json'],
      ['auto_settle_weak=true', 'application/x-www-form-urlencoded'],
      ['true', 'text/plain'],
    ] as const) {
      refusedInRussian(await rawRequest(admin, 'PATCH', url, body, type), body.slice(0, 40));
    }
    for (const id of [...badIds, unknownId, suite.world.trader.id]) {
      refusedInRussian(
        await admin.request('PATCH', `/api/inner/terminal/${id}/auto-settle/`, { auto_settle_weak: true }),
        id,
      );
    }
    const [row] = await suite.ctx.app.db.select().from(terminals).where(eq(terminals.id, target.guid));
    expect(row?.autoSettleWeak).toBe(false);
  });

  it('refuses the terminal’s own trader, another trader, support and every other role; only the admin’s switch holds', async () => {
    const target = await enabledLink();
    const url = `/api/inner/terminal/${target.guid}/auto-settle/`;
    const stranger = await readyTrader(suite.ctx);
    for (const client of others(suite.world.trader.browser, stranger.browser)) {
      const refused = await client.request('PATCH', url, { auto_settle_weak: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().localized_message).toBeTruthy();
    }
    const [row] = await suite.ctx.app.db.select().from(terminals).where(eq(terminals.id, target.guid));
    expect(row?.autoSettleWeak).toBe(false);
    const allowed = await suite.world.admin.browser.request('PATCH', url, { auto_settle_weak: true });
    expect(allowed.json().data.auto_settle_weak).toBe(true);
    const off = await suite.world.admin.browser.request('PATCH', url, { auto_settle_weak: false });
    expect(off.json().data.auto_settle_weak).toBe(false);
  });
});

describe('POST /terminal/{guid}/notification/match-waiting/ and the list of waiting messages', () => {
  it('refuses bad ids, unknown terminals and every wrong role; the messages stay waiting', async () => {
    const target = await link(await createTerminal());
    const { order, sms } = await payment();
    expect((await post(target.path, smsGateRequest(target.key, sms))).json().data.results[0].outcome).toBe('waiting');
    const admin = await russianClient('admin');
    const url = `/api/inner/terminal/${target.guid}/notification/match-waiting/`;
    // Not enabled yet: a conflict, said in the admin's language.
    refusedInRussian(await admin.post(url), 'before the approval');
    for (const id of [...badIds, unknownId, order]) {
      refusedInRussian(await admin.post(`/api/inner/terminal/${id}/notification/match-waiting/`), id);
    }
    await suite.world.admin.browser.post(`/api/inner/terminal/${target.guid}/enable/`);
    const stranger = await readyTrader(suite.ctx);
    for (const client of others(suite.world.trader.browser, stranger.browser)) {
      expect((await client.post(url)).statusCode).toBe(403);
    }
    expect((await new Client(suite.ctx.app).csrf().then((client) => client.post(url))).statusCode).toBe(401);
    expect(await statusOf(order)).toBe('new');
    const rows = await messagesOf(target.guid);
    expect(rows.map((row) => row.outcome)).toEqual(['waiting']);
    // A NUL anywhere in a body is refused before the route: nothing is matched.
    refusedInRussian(await admin.post(url, { only: 'nothing\u0000', total: 1e308 }), 'a body with a NUL');
    expect((await messagesOf(target.guid)).map((row) => row.outcome)).toEqual(['waiting']);
    const matched = await suite.world.admin.browser.post(url);
    expect(matched.json().data).toEqual({ matched: 1, to_confirm: 0, unmatched: 0, total: 1 });
    expect(await statusOf(order)).toBe('paid');
  });

  it('lists only the waiting messages with filter[outcome]=waiting, to the trader and the admins; others refused', async () => {
    const target = await link(await createTerminal());
    const first = await payment();
    const second = await payment();
    await post(target.path, smsGateRequest(target.key, first.sms));
    await post(target.path, smsForwarderJsonRequest(target.key, second.sms));
    await suite.world.admin.browser.post(`/api/inner/terminal/${target.guid}/enable/`);
    const third = await payment();
    expect((await post(target.path, smsGateRequest(target.key, third.sms))).json().data.results[0].outcome).toBe(
      'matched',
    );
    const url = `/api/inner/terminal/${target.guid}/notification/?filter[outcome]=waiting`;
    for (const client of [suite.world.trader.browser, suite.world.admin.browser, suite.as('support')]) {
      const listed = await client.get(url);
      expect(listed.statusCode, listed.body).toBe(200);
      const items = listed.json().data.items as { outcome: { slug: string }; weakly_authenticated: boolean }[];
      expect(items.map((item) => item.outcome.slug)).toEqual(['waiting', 'waiting']);
      expect(items.map((item) => item.weakly_authenticated).sort()).toEqual([false, true]);
      expect(listed.json().data.context.pagination.total_count).toBe(2);
    }
    const all = await suite.world.trader.browser.get(`/api/inner/terminal/${target.guid}/notification/`);
    expect(all.json().data.items).toHaveLength(3);
    const stranger = await readyTrader(suite.ctx);
    expect((await stranger.browser.get(url)).statusCode).toBe(404);
    for (const name of ['merchant', 'agent', 'partner']) {
      expect((await suite.as(name).get(url)).statusCode).toBe(403);
    }
    const admin = await russianClient('admin');
    for (const value of ['paid', 'waiting%00', '1', 'WAITING', 'x'.repeat(5000)]) {
      refusedInRussian(
        await admin.get(`/api/inner/terminal/${target.guid}/notification/?filter[outcome]=${value}`),
        value,
      );
    }
  });
});
