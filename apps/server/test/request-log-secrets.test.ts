import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretPaths } from '../src/plugins/request-log';
import { smsGateRequest } from './forwarding-payloads';
import { Client, createTestApp, createUser, type TestContext } from './harness';
import { readyTrader } from './orders-fixture';

/**
 * Issue 31 F7: secrets that travel in a URL (a forwarding link's token, an invite code in the invite link) never reach
 * the request log, at any level: the 4xx lines at `info`, every request at `debug`, the `trace` line of its arrival,
 * and whatever the logger's own `req` serializer writes.
 */
const lines: string[] = [];
let ctx: TestContext;
let token: string;
let key: string;
let guid: string;
let inviteCode: string;

beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, undefined, {}, { write: (line: string) => lines.push(line) });
  const trader = await readyTrader(ctx);
  const made = await trader.browser.post('/api/inner/terminal', { name: 'Pixel', requisites: [trader.requisiteId] });
  guid = made.json().data.terminal.guid;
  const linked = (await trader.browser.post(`/api/inner/terminal/${guid}/forwarding`)).json().data;
  token = new URL(linked.url).pathname.split('/').pop() ?? '';
  key = linked.signing_key;
  expect(token.length).toBeGreaterThanOrEqual(20);
  const admin = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'admin' })).username);
  const invited = await admin.post('/api/inner/user', {
    type: 'merchant',
    username: 'invited',
    create_invite_link: true,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  inviteCode = invited.json().data.invite_code;
  expect(inviteCode.length).toBeGreaterThanOrEqual(20);
});
afterAll(() => ctx.close());

const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; path?: string });

describe('secrets in request paths are redacted from the log', () => {
  it('never writes a forwarding token, whatever the answer, the level or the spelling of the path', async () => {
    const path = `/api/device/v1/forward/${token}`;
    const sms = { sender: '900', text: 'Зачисление 100р', receivedAt: new Date() };
    const good = smsGateRequest(key, sms);
    const bad = smsGateRequest('wrong-key', sms);
    const answers = [
      // Signed with its key: 200, logged at debug.
      await ctx.app.inject({ method: 'POST', url: path, headers: good.headers, payload: good.body }),
      // A wrong signature: 401, logged at info.
      await ctx.app.inject({ method: 'POST', url: `${path}?x=1`, headers: bad.headers, payload: bad.body }),
      // Unknown routes that start like it: 404s.
      await ctx.app.inject({ method: 'POST', url: `${path}/more`, payload: '{}' }),
      await ctx.app.inject({ method: 'GET', url: path }),
      await ctx.app.inject({ method: 'POST', url: `/api/device/v1/%66orward/${token}`, payload: '{}' }),
      await ctx.app.inject({ method: 'POST', url: `//api//device/v1/forward/${token}`, payload: '{}' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 404, 401, 404]);
    const text = lines.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain(key);
    const completed = logged().filter((line) => `${line.msg} ${line.path}`.includes('/forward/'));
    expect(completed.some((line) => line.level === 20 && line.msg.endsWith(' ms') && line.msg.includes(' 200 '))).toBe(
      true,
    );
    expect(completed.some((line) => line.level === 30 && line.msg.includes(' 401 '))).toBe(true);
    expect(completed.some((line) => line.level === 10)).toBe(true);
    expect(completed.every((line) => (line.path ?? line.msg).includes('/forward/[redacted]'))).toBe(true);
  });

  it('never writes an invite code: the invite link, the password setup and a failed one', async () => {
    await ctx.app.inject({ method: 'GET', url: `/invite_code?code=${inviteCode}` });
    const browser = await new Client(ctx.app).csrf();
    const wrong = await browser.post('/api/inner/password/setup', {
      code: `${inviteCode}x`,
      new_password: 'invited-pass',
      confirm_password: 'invited-pass',
    });
    expect(wrong.statusCode).toBe(422);
    const right = await browser.post('/api/inner/password/setup', {
      code: inviteCode,
      new_password: 'invited-pass',
      confirm_password: 'invited-pass',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(lines.join('')).not.toContain(inviteCode);
  });

  it("redacts the logger's own request serializer too (the lines Fastify writes itself)", () => {
    const before = lines.length;
    ctx.app.log.error({ req: { method: 'POST', url: `/api/device/v1/forward/${token}?a=b` } }, 'a failure');
    const [line] = lines.slice(before).map((text) => JSON.parse(text));
    expect(line.req).toEqual({ method: 'POST', path: '/api/device/v1/forward/[redacted]' });
  });
});

describe('SecretPaths', () => {
  it('redacts by the shape of every declared pattern and nothing else', () => {
    const paths = new SecretPaths();
    paths.add('/api/device/v1/forward/:token', ['token']);
    paths.add('/pay/:token/status', ['token']);
    paths.add('/api/inner/terminal/:guid', undefined);
    expect(paths.redact('/api/device/v1/forward/abc')).toBe('/api/device/v1/forward/[redacted]');
    expect(paths.redact('/API/Device/v1/forward/abc/x/y')).toBe('/API/Device/v1/forward/[redacted]/x/y');
    expect(paths.redact('/pay/abc')).toBe('/pay/[redacted]');
    expect(paths.redact('/pay/abc/receipt')).toBe('/pay/[redacted]/receipt');
    expect(paths.redact('/payer/abc')).toBe('/payer/abc');
    expect(paths.redact('/api/inner/terminal/abc')).toBe('/api/inner/terminal/abc');
    expect(paths.redact('/api/device/v1/forwarding/abc')).toBe('/api/device/v1/forwarding/abc');
    expect(() => paths.add('/api/inner/user/:uuid', ['token'])).toThrow(/does not have/);
  });
});
