import type { BankMessageToConfirm } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forwardingSuite, type Link } from '../../../../test/forwarding-links';
import {
  type AppRequest,
  type Sms,
  smsForwarderFormRequest,
  smsForwarderJsonRequest,
  smsGateRequest,
  smsGatewayWebhookRequest,
} from '../../../../test/forwarding-payloads';
import { readyTrader } from '../../../../test/orders-fixture';
import { antiFraudCases } from '../../anti-fraud/anti-fraud.table';
import { reconcileLedger } from '../../ledger/ledger.reconcile';
import { requisites } from '../../requisites/requisites.table';

const { suite, others, enabledLink, post, payment, statusOf, messagesOf, toConfirm, confirmUrl } =
  forwardingSuite(7300);

/** Where the forger posts from: not the trader's phone. */
const elsewhere = '198.51.100.23';

/**
 * Forgeries made from one genuine request each app sent (what anyone on the path, or with the app's logs, holds):
 * the captured sign or token is kept, the text is the forger's. Each answers how to forge `sms` from `captured`.
 */
const forgeries: {
  name: string;
  capture: (link: Link, sms: Sms) => AppRequest;
  forge: (captured: AppRequest, sms: Sms) => AppRequest;
}[] = [
  {
    name: "SmsForwarder's JSON template, its captured timestamp and sign",
    capture: (link, sms) => smsForwarderJsonRequest(link.key, sms),
    forge: (captured, sms) => {
      const { timestamp, sign } = JSON.parse(captured.body) as { timestamp: number; sign: string };
      return smsForwarderJsonRequest('', sms, { now: new Date(timestamp), sign });
    },
  },
  {
    name: "SmsForwarder's form body, its captured timestamp and sign",
    capture: (link, sms) => smsForwarderFormRequest(link.key, sms),
    forge: (captured, sms) => {
      const fields = new URLSearchParams(captured.body);
      fields.set('content', `${sms.sender}\n${sms.text}\nSIM1_MTS`);
      return { headers: captured.headers, body: fields.toString() };
    },
  },
  {
    name: 'the released SMS Gateway webhook, the URL alone',
    capture: (link, sms) => smsGatewayWebhookRequest(link.key, sms, { released: true }),
    forge: (captured, sms) => {
      const body = JSON.parse(captured.body) as Record<string, unknown>;
      return { headers: captured.headers, body: JSON.stringify({ ...body, text: sms.text, from: sms.sender }) };
    },
  },
];

/** A genuine message of an unrelated amount: what the forger captured. */
const genuine = (): Sms => ({ sender: '900', text: 'Покупка 350р SBERMARKET', receivedAt: new Date() });

describe.each(forgeries)('a forged message: $name (issue 31, F1)', ({ capture, forge }) => {
  it("settles nothing by itself: the trader is asked, and the trader's confirmation settles it", async () => {
    const target = await enabledLink();
    const captured = capture(target, genuine());
    expect((await post(target.path, captured)).statusCode).toBe(200);
    const { order, sms, amount } = await payment();
    const forged = await post(target.path, forge(captured, sms), elsewhere);
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json().data.results[0]).toMatchObject({ state: 'new', outcome: 'to_confirm' });
    expect(await statusOf(order)).toBe('new');
    const stored = (await messagesOf(target.guid)).find((row) => row.orderId === order);
    expect(stored).toMatchObject({ outcome: 'to_confirm', weaklyAuthenticated: true });

    const asked = (await toConfirm()).json().data as BankMessageToConfirm[];
    const item = asked.find((entry) => entry.order_guid === order);
    expect(item).toMatchObject({ amount: expect.stringContaining(amount), currency: 'RUB' });
    expect(item?.body).toContain(sms.text);
    const confirmed = await suite.world.trader.browser.post(confirmUrl(item?.id ?? ''));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ order_guid: order });
    expect(await statusOf(order)).toBe('paid');
    // Once: the second tap changes nothing.
    expect((await suite.world.trader.browser.post(confirmUrl(item?.id ?? ''))).statusCode).toBe(409);
    expect((await toConfirm()).json().data.map((entry: { order_guid: string }) => entry.order_guid)).not.toContain(
      order,
    );
    expect(await reconcileLedger(suite.ctx.app.db)).toMatchObject({ ok: true });
  });
});

describe('what authenticates a message (DESIGN §19)', () => {
  it("refuses SMSGate's and a signed SMS Gateway build's captured signature on a forged text", async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    for (const captured of [smsGateRequest(target.key, genuine()), smsGatewayWebhookRequest(target.key, genuine())]) {
      const forged = captured.body.replace(/Покупка 350р SBERMARKET|\\u041F[^"]*/, sms.text);
      const response = await post(target.path, { headers: captured.headers, body: forged }, elsewhere);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('forwarding_signature_invalid');
    }
    expect(await statusOf(order)).toBe('new');
  });

  it('lets an authenticated message settle a pay-in a weak one waits on; the weak one is no longer asked', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    const weak = await post(target.path, smsGatewayWebhookRequest(target.key, sms, { released: true }), elsewhere);
    expect(weak.json().data.results[0].outcome).toBe('to_confirm');
    const signed = smsGateRequest(target.key, { ...sms, text: `${sms.text} ` });
    expect((await post(target.path, signed)).json().data.results[0].outcome).toBe('matched');
    expect(await statusOf(order)).toBe('paid');
    const rows = await messagesOf(target.guid);
    expect(rows.map((row) => row.outcome).sort()).toEqual(['matched', 'unmatched']);
    expect((await toConfirm()).json().data.map((entry: { order_guid: string }) => entry.order_guid)).not.toContain(
      order,
    );
  });

  it('opens a case on a weak app\'s "card blocked" and leaves the requisite working', async () => {
    const target = await enabledLink();
    const [card] = await suite.ctx.app.db
      .select()
      .from(requisites)
      .where(eq(requisites.id, suite.world.trader.requisiteId));
    const tail = Object.values(card?.attributes ?? {})
      .join('')
      .replace(/\D/g, '')
      .slice(-4);
    const blocked: Sms = { sender: '900', text: `Карта MIR-${tail} заблокирована по 115-ФЗ.`, receivedAt: new Date() };
    const response = await post(target.path, smsGatewayWebhookRequest('', blocked, { released: true }), elsewhere);
    expect(response.json().data.results[0].outcome).toBe('blocked');
    const [after] = await suite.ctx.app.db
      .select()
      .from(requisites)
      .where(eq(requisites.id, suite.world.trader.requisiteId));
    expect(after?.isActive).toBe(true);
    const cases = await suite.ctx.app.db
      .select()
      .from(antiFraudCases)
      .where(eq(antiFraudCases.targetRequisiteId, suite.world.trader.requisiteId));
    expect(cases).toMatchObject([{ rule: 'requisite_blocked_unverified', approvedAt: null }]);
    // The requisite still takes pay-ins: the case told the admins and held nothing back.
    const { order } = await payment();
    expect(await statusOf(order)).toBe('new');
  });

  it('settles weak messages by themselves once an admin lets the terminal (and only an admin may)', async () => {
    const target = await enabledLink();
    const url = `/api/inner/terminal/${target.guid}/auto-settle/`;
    for (const client of others(suite.world.trader.browser)) {
      expect((await client.request('PATCH', url, { auto_settle_weak: true })).statusCode).toBe(403);
    }
    const bad = await suite.world.admin.browser.request('PATCH', url, { auto_settle_weak: 'yes' });
    expect(bad.statusCode).toBe(422);
    const allowed = await suite.world.admin.browser.request('PATCH', url, { auto_settle_weak: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.auto_settle_weak).toBe(true);
    const { order, sms } = await payment();
    const response = await post(target.path, smsForwarderJsonRequest(target.key, sms), elsewhere);
    expect(response.json().data.results[0].outcome).toBe('matched');
    expect(await statusOf(order)).toBe('paid');
  });

  it('lets only the trader confirm its own messages', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    await post(target.path, smsForwarderJsonRequest(target.key, sms));
    const [row] = (await messagesOf(target.guid)).filter((message) => message.orderId === order);
    const url = confirmUrl(row?.id ?? '');
    for (const client of others(suite.world.admin.browser)) {
      expect((await client.post(url)).statusCode).toBe(403);
      expect((await toConfirm(client)).statusCode).toBe(403);
    }
    const stranger = await readyTrader(suite.ctx);
    expect((await stranger.browser.post(url)).statusCode).toBe(404);
    expect((await toConfirm(stranger.browser)).json().data).toEqual([]);
    expect((await suite.world.trader.browser.post(confirmUrl('not-a-guid'))).statusCode).toBe(422);
    expect(await statusOf(order)).toBe('new');
  });
});
