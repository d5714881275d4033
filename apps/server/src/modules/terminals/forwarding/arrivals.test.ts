import { describe, expect, it } from 'vitest';
import { forwardingSuite } from '../../../../test/forwarding-links';
import { smsForwarderFormRequest, smsForwarderJsonRequest, smsGateRequest } from '../../../../test/forwarding-payloads';
import { Client } from '../../../../test/harness';

const { suite, others, createTerminal, link, enabledLink, post, payment, statusOf, messagesOf, terminalOf, toConfirm } =
  forwardingSuite(8400);

describe('messages received while waiting for approval (DESIGN §19, issue 31)', () => {
  it('keeps them, lists them, and matches them when the admin says so, by the authenticity rule', async () => {
    const target = await link(await createTerminal());
    const strong = await payment();
    const weak = await payment();
    const signed = smsGateRequest(target.key, strong.sms);
    const first = await post(target.path, signed);
    expect(first.json().data.results[0]).toMatchObject({ state: 'new', outcome: 'waiting' });
    const unsigned = smsForwarderJsonRequest(target.key, weak.sms);
    expect((await post(target.path, unsigned)).json().data.results[0].outcome).toBe('waiting');
    expect(await terminalOf(target.guid)).toMatchObject({ waiting_messages: 2 });
    const listed = await suite.world.trader.browser.get(`/api/inner/terminal/${target.guid}/notification/`);
    expect(listed.json().data.items[0].outcome).toEqual({
      slug: 'waiting',
      title: 'Received while waiting for approval',
    });

    const url = `/api/inner/terminal/${target.guid}/notification/match-waiting/`;
    expect((await suite.world.admin.browser.post(url)).statusCode).toBe(409);
    await suite.world.admin.browser.post(`/api/inner/terminal/${target.guid}/enable/`);
    for (const client of others(suite.world.trader.browser)) {
      expect((await client.post(url)).statusCode).toBe(403);
    }
    // The app's retry of a message it sent while waiting is the message already kept, not a new one.
    expect((await post(target.path, signed)).json().data.results[0]).toMatchObject({ state: 'duplicate' });
    expect(await statusOf(strong.order)).toBe('new');

    const matched = await suite.world.admin.browser.post(url);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().data).toEqual({ matched: 1, to_confirm: 1, unmatched: 0, total: 2 });
    expect(await statusOf(strong.order)).toBe('paid');
    expect(await statusOf(weak.order)).toBe('new');
    const asked = await toConfirm();
    expect(asked.json().data.map((item: { order_guid: string }) => item.order_guid)).toContain(weak.order);
    expect(await terminalOf(target.guid)).toMatchObject({ waiting_messages: 0 });
    expect((await suite.world.admin.browser.post(url)).json().data).toEqual({
      matched: 0,
      to_confirm: 0,
      unmatched: 0,
      total: 0,
    });
  });
});

describe('text PostgreSQL cannot hold (issue 31, F6)', () => {
  it('stores a forwarded message with a NUL as received and reads it without', async () => {
    const target = await enabledLink();
    const { order, sms } = await payment();
    const text = sms.text.replace(' ', '\u0000 ');
    const response = await post(target.path, smsGateRequest(target.key, { ...sms, text, sender: '9\u000000' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.results[0].outcome).toBe('matched');
    expect(await statusOf(order)).toBe('paid');
    const [stored] = await messagesOf(target.guid);
    expect(stored?.body).toBe(sms.text);
    expect(JSON.parse(stored?.received ?? '{}')).toMatchObject({ body: text, title: '9\u000000' });
  });

  it('stores lone surrogates as the replacement character, and reads a form body with a NUL', async () => {
    const target = await enabledLink();
    const lone = await post(
      target.path,
      smsForwarderJsonRequest(target.key, {
        sender: '900',
        text: 'Код \ud800 для входа',
        receivedAt: new Date(),
      }),
    );
    expect(lone.statusCode, lone.body).toBe(200);
    const [stored] = await messagesOf(target.guid);
    expect(stored?.body).toBe('Код \ufffd для входа');
    expect(stored?.received).toContain('\\ud800');
    // A form body's %00 is a NUL too.
    const { sms } = await payment();
    const form = smsForwarderFormRequest(target.key, sms);
    const withNul = { ...form, body: form.body.replace('content=', 'content=%00') };
    const response = await post(target.path, withNul);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.results[0].outcome).toBe('to_confirm');
  });
});

describe('the link an app is given (DESIGN §19, issue 31)', () => {
  it('is not shown as plain http outside the machine itself: the trader is told what to set instead', async () => {
    const target = await link(await createTerminal());
    for (const [language, words] of [
      ['en', 'Set PUBLIC_URL'],
      ['ru', 'Задайте PUBLIC_URL'],
    ] as const) {
      const remote = await new Client(suite.ctx.app, { host: 'pay.example.com', 'accept-language': language }).signIn(
        suite.world.trader.username,
      );
      const shown = (await remote.get(`/api/inner/terminal/${target.guid}/forwarding`)).json().data;
      expect(shown).toMatchObject({ url: '', url_qr: '', url_refused: expect.stringContaining(words) });
      expect(shown.url_refused).toContain('http://pay.example.com');
      expect(JSON.stringify(shown.apps)).not.toContain('http://pay.example.com');
    }
    const local = (await suite.world.trader.browser.get(`/api/inner/terminal/${target.guid}/forwarding`)).json().data;
    expect(local).toMatchObject({ url: target.url, url_refused: null });
    expect(local.apps[0].how[0]).toContain('1.33.0');
  });
});
