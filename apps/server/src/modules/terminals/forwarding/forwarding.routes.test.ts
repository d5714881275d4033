import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forwardingSuite } from '../../../../test/forwarding-links';
import {
  type AppRequest,
  type Sms,
  smsForwarderFormRequest,
  smsForwarderJsonRequest,
  smsGateRequest,
  smsGatewayWebhookRequest,
} from '../../../../test/forwarding-payloads';
import { Client } from '../../../../test/harness';
import { readyTrader } from '../../../../test/orders-fixture';
import { auditEvents as auditLog } from '../../audit/audit.table';
import { reconcileLedger } from '../../ledger/ledger.reconcile';
import { terminalForwarding, terminals } from '../terminals.table';

const { suite, createTerminal, enabledLink, post, payment, statusOf, messagesOf } = forwardingSuite(5100);

const hourAgo = (ms: number) => new Date(Date.now() - ms);

type Build = (key: string, sms: Sms, options: { now?: Date }) => AppRequest;

const apps: { app: string; build: Build; staleBy: number; weak: boolean }[] = [
  { app: 'smsgate', build: smsGateRequest, staleBy: 301_000, weak: false },
  { app: 'smsforwarder', build: smsForwarderJsonRequest, staleBy: 3_601_000, weak: true },
  { app: 'sms-gateway-webhook', build: smsGatewayWebhookRequest, staleBy: 86_401_000, weak: false },
];

describe.each(apps)('messages from $app (DESIGN §19)', ({ app, build, staleBy, weak }) => {
  it('settles the one open pay-in of its amount (a weak app: asks its trader), once, and lists the message', async () => {
    const target = await enabledLink();
    const { order, sms, amount } = await payment();
    const request = build(target.key, sms, {});
    const response = await post(target.path, request);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = weak ? 'to_confirm' : 'matched';
    expect(response.json().data).toMatchObject({ app, results: [{ state: 'new', outcome }] });
    expect(await statusOf(order)).toBe(weak ? 'new' : 'paid');
    const listed = await suite.world.trader.browser.get(`/api/inner/terminal/${target.guid}/notification/`);
    expect(listed.json().data.items[0]).toMatchObject({
      orderGuid: order,
      title: '900',
      app: { slug: app },
      weakly_authenticated: weak,
      payload: { amount, currency: { code: 'RUB' } },
    });
    expect(listed.json().data.items[0].body).toBe(sms.text);
    const forwarding = await suite.world.trader.browser.get(`/api/inner/terminal/${target.guid}/forwarding`);
    expect(forwarding.json().data.last_message_at).not.toBeNull();
    expect(await reconcileLedger(suite.ctx.app.db)).toMatchObject({ ok: true });
  });

  it('refuses another key, a stale signature and a revoked link with 401, storing nothing', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    const wrongKey = await post(target.path, build('not-the-key', sms, {}));
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().error.code).toBe('forwarding_signature_invalid');
    const stale = await post(target.path, build(target.key, sms, { now: hourAgo(staleBy) }));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('forwarding_timestamp_invalid');
    const valid = build(target.key, sms, {});
    const revoked = await suite.world.trader.browser.request('DELETE', `/api/inner/terminal/${target.guid}/forwarding`);
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await post(target.path, valid);
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().error.code).toBe('forwarding_token_invalid');
    expect(await messagesOf(target.guid)).toHaveLength(0);
    expect(await statusOf(order)).toBe('new');
  });

  it('answers a replayed request and the same SMS sent again as duplicates, settling once', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    const request = build(target.key, sms, {});
    expect((await post(target.path, request)).json().data.results[0].state).toBe('new');
    // The very same request again (a replay, or the app's retry after a lost answer).
    const replayed = await post(target.path, request);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().data.results[0]).toMatchObject({
      state: 'duplicate',
      outcome: weak ? 'to_confirm' : 'matched',
    });
    // The same SMS in a new request: a new event id, a new timestamp and signature.
    const again = await post(target.path, build(target.key, sms, { now: new Date(Date.now() + 1000) }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.results[0].state).toBe('duplicate');
    expect(await messagesOf(target.guid)).toHaveLength(1);
    expect(await statusOf(order)).toBe(weak ? 'new' : 'paid');
  });
});

describe('what each app really sends (DESIGN §19)', () => {
  it("takes SmsForwarder's default form body with its doubly encoded sign, marked weakly authenticated", async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    const request = smsForwarderFormRequest(target.key, sms);
    expect(request.body).toMatch(/sign=[^&]*%25/);
    const response = await post(target.path, request);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ app: 'smsforwarder', results: [{ outcome: 'to_confirm' }] });
    expect(await statusOf(order)).toBe('new');
    const [stored] = await messagesOf(target.guid);
    expect(stored).toMatchObject({ app: 'smsforwarder', weaklyAuthenticated: true, title: '900' });
  });

  it("reads SmsForwarder's bank-app notification by its package, and SMS Gateway webhook's \\u escapes", async () => {
    const target = await enabledLink();
    const push = smsForwarderJsonRequest(target.key, {
      sender: 'com.idamob.tinkoff.android',
      title: 'Пополнение',
      text: 'Пополнение, счет RUB. 1 000 ₽. Анна К. Доступно 48 210,50 ₽',
      receivedAt: new Date(),
    });
    expect((await post(target.path, push)).statusCode).toBe(200);
    const escaped = smsGatewayWebhookRequest(target.key, {
      sender: '900',
      text: 'Покупка 350р SBERMARKET/ONLINE',
      receivedAt: new Date(),
    });
    expect(escaped.body).toContain('\\u041F\\u043E\\u043A');
    expect(escaped.body).toContain('SBERMARKET\\/ONLINE');
    expect((await post(target.path, escaped)).statusCode).toBe(200);
    const stored = await messagesOf(target.guid);
    expect(stored.find((row) => row.package === 'com.idamob.tinkoff.android')).toMatchObject({
      title: 'Пополнение',
      bank: 'tbank',
      operation: 'income',
    });
    expect(stored.find((row) => row.app === 'sms-gateway-webhook')?.body).toBe('Покупка 350р SBERMARKET/ONLINE');
  });

  it("acknowledges SMSGate's own events (a ping) without storing anything", async () => {
    const target = await enabledLink();
    const ping = smsGateRequest(target.key, { sender: '', text: '', receivedAt: new Date() }, { event: 'system:ping' });
    const response = await post(target.path, ping);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ app: 'smsgate', results: [] });
    expect(await messagesOf(target.guid)).toHaveLength(0);
  });

  it('refuses a body no app sends, unsigned, or signed for another body', async () => {
    const target = await enabledLink();
    const { sms } = await payment();
    const signed = smsGateRequest(target.key, sms);
    for (const request of [
      { headers: { 'content-type': 'application/json' }, body: '{"text":"Зачисление 5 000р"}' },
      { headers: { 'content-type': 'text/plain' }, body: 'Зачисление 5 000р' },
      { headers: signed.headers, body: signed.body.replace('Зачисление', 'Зачислено') },
    ]) {
      const response = await post(target.path, request);
      expect(response.statusCode).toBe(401);
    }
    expect(await messagesOf(target.guid)).toHaveLength(0);
  });
});

describe('the link and its terminal (DESIGN §19)', () => {
  it('moves an unpaired terminal to moderation; its messages are kept waiting and count only once enabled', async () => {
    const guid = await createTerminal();
    const created = await suite.world.trader.browser.post(`/api/inner/terminal/${guid}/forwarding`);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      url: expect.stringMatching(/\/api\/device\/v1\/forward\/[A-Za-z0-9_-]{22}$/),
      url_qr: expect.stringMatching(/^data:image\/png;base64,/),
      apps: [
        { app: 'smsgate', weak_authentication: false },
        { app: 'smsforwarder', weak_authentication: true, template: expect.stringContaining('[sign]') },
        { app: 'sms-gateway-webhook', template: expect.stringContaining('%receivedStamp%') },
      ],
      last_message_at: null,
    });
    const key = created.json().data.signing_key as string;
    const path = new URL(created.json().data.url).pathname;
    const [row] = await suite.ctx.app.db.select().from(terminals).where(eq(terminals.id, guid));
    expect(row?.status).toBe('moderation');
    const [stored] = await suite.ctx.app.db
      .select()
      .from(terminalForwarding)
      .where(eq(terminalForwarding.terminalId, guid));
    expect(stored?.tokenHash).not.toContain(path.split('/').at(-1));
    expect(stored?.signingKeySealed).not.toContain(key);

    const { order, sms } = await payment();
    const waiting = await post(path, smsGateRequest(key, sms));
    expect(waiting.json().data.results[0]).toMatchObject({ state: 'new', outcome: 'waiting' });
    expect(await statusOf(order)).toBe('new');
    await suite.world.admin.browser.post(`/api/inner/terminal/${guid}/enable/`);
    const next = await payment();
    const counted = await post(path, smsGateRequest(key, next.sms));
    expect(counted.json().data.results[0].outcome).toBe('matched');
    await suite.world.admin.browser.post(`/api/inner/terminal/${guid}/disable/`);
    const third = await payment();
    const paused = await post(path, smsGateRequest(key, third.sms));
    expect(paused.json().data.results[0].outcome).toBe('ignored');
    expect(await statusOf(third.order)).toBe('new');
    // Played again, it waits for the admin: it has a source of messages, its link.
    const played = await suite.world.admin.browser.post(`/api/inner/terminal/${guid}/moderate/`);
    expect(played.json().data.status.slug).toBe('moderation');
  });

  it('replaces the link with 200: the old URL and key stop working; revoking unpairs a deviceless terminal', async () => {
    const first = await enabledLink();
    const replaced = await suite.world.trader.browser.post(`/api/inner/terminal/${first.guid}/forwarding`);
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data as { url: string; signing_key: string };
    expect(second.url).not.toBe(first.url);
    const { sms } = await payment();
    expect((await post(first.path, smsGateRequest(first.key, sms))).statusCode).toBe(401);
    expect((await post(new URL(second.url).pathname, smsGateRequest(first.key, sms))).statusCode).toBe(401);
    const shown = await suite.world.trader.browser.get(`/api/inner/terminal/${first.guid}/forwarding`);
    expect(shown.json().data).toMatchObject({ url: second.url, signing_key: second.signing_key });
    expect(
      (await suite.world.trader.browser.request('DELETE', `/api/inner/terminal/${first.guid}/forwarding`)).statusCode,
    ).toBe(200);
    const gone = await suite.world.trader.browser.get(`/api/inner/terminal/${first.guid}/forwarding`);
    expect(gone.json().data).toBeNull();
    const [row] = await suite.ctx.app.db.select().from(terminals).where(eq(terminals.id, first.guid));
    expect(row?.status).toBe('unassigned');
    const again = await suite.world.trader.browser.request('DELETE', `/api/inner/terminal/${first.guid}/forwarding`);
    expect(again.statusCode).toBe(404);
    const trail = await suite.ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, suite.world.trader.id));
    const actions = trail.map((entry) => entry.action);
    for (const action of [
      'terminal.forwarding_created',
      'terminal.forwarding_replaced',
      'terminal.forwarding_revoked',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it("lets admins make one, support only read it, and hides another trader's (404); other roles are refused", async () => {
    const guid = await createTerminal();
    const byAdmin = await suite.world.admin.browser.post(`/api/inner/terminal/${guid}/forwarding`);
    expect(byAdmin.statusCode).toBe(201);
    const url = `/api/inner/terminal/${guid}/forwarding`;
    expect((await suite.as('support').get(url)).statusCode).toBe(200);
    expect((await suite.as('support').post(url)).statusCode).toBe(403);
    expect((await suite.as('support').request('DELETE', url)).statusCode).toBe(403);
    for (const name of ['merchant', 'agent', 'partner']) {
      expect((await suite.as(name).get(url)).statusCode).toBe(403);
      expect((await suite.as(name).post(url)).statusCode).toBe(403);
      expect((await suite.as(name).request('DELETE', url)).statusCode).toBe(403);
    }
    const stranger = await readyTrader(suite.ctx);
    for (const response of [
      await stranger.browser.get(url),
      await stranger.browser.post(url),
      await stranger.browser.request('DELETE', url),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await new Client(suite.ctx.app).csrf().then((client) => client.get(url))).statusCode).toBe(401);
  });
});

// Last: it leaves this file's address throttled for forwarding.
describe('guessing links and keys (DESIGN §3)', () => {
  it('throttles wrong signatures on a link, and wrong links from one address', async () => {
    const target = await enabledLink();
    const { sms } = await payment();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= suite.ctx.config.LOGIN_MAX_FAILURES; attempt += 1) {
      statuses.push((await post(target.path, smsGateRequest('wrong', sms))).statusCode);
    }
    expect(statuses.at(0)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    let last = 0;
    for (let attempt = 0; attempt <= suite.ctx.config.LOGIN_MAX_FAILURES_PER_IP; attempt += 1) {
      const guessed = `/api/device/v1/forward/${String(attempt).padStart(22, 'x')}`;
      last = (await post(guessed, smsGateRequest('wrong', sms))).statusCode;
    }
    expect(last).toBe(429);
  });
});
