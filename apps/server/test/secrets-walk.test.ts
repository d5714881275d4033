import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/users/users.table';
import { smsGateRequest } from './forwarding-payloads';
import { ApiClient, Client, createTestApp, createUser, type TestContext, testSecretsKey } from './harness';
import { readyTrader } from './orders-fixture';
import { type RoleSpec, roleClients } from './role-clients';

/**
 * Issue 31 F2 and DESIGN §3 "support reads; it never sees a secret": every read route is called by every role that
 * does not own the seeded secrets (a support admin first, but also a full admin, another trader, a merchant, an agent
 * and a partner), on every seeded object, and no answer holds any of the secrets' actual values.
 */
let ctx: TestContext;
/** Each secret by what it is, as the owner received it. */
const secrets = new Map<string, string>();
/** Object ids to put in the routes' path parameters. */
const ids: string[] = [];
let terminalGuid: string;
const metricsToken = 'metrics-token-0123456789abcdef';

beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: metricsToken, API_RATE_LIMIT_PER_SECOND: '100000' });
  const root = await new Client(ctx.app).signIn(
    (await createUser(ctx.database, { type: 'admin', isRoot: true })).username,
  );

  // A trader's terminal with a forwarding link its app has already used, and a second terminal waiting for pairing.
  const trader = await readyTrader(ctx);
  ids.push(trader.id, trader.requisiteId);
  const terminal = await trader.browser.post('/api/inner/terminal', {
    name: 'Pixel',
    requisites: [trader.requisiteId],
  });
  terminalGuid = terminal.json().data.terminal.guid;
  secrets.set('pairing code', terminal.json().data.pairing_code);
  const link = (await trader.browser.post(`/api/inner/terminal/${terminalGuid}/forwarding`)).json().data;
  secrets.set('forwarding token', new URL(link.url).pathname.split('/').pop() ?? '');
  secrets.set('forwarding signing key', link.signing_key);
  expect((await root.post(`/api/inner/terminal/${terminalGuid}/enable/`)).statusCode).toBe(200);
  const sms = smsGateRequest(link.signing_key, { sender: '900', text: 'Зачисление 1 234р', receivedAt: new Date() });
  const forwarded = await ctx.app.inject({
    method: 'POST',
    url: new URL(link.url).pathname,
    headers: sms.headers,
    payload: sms.body,
  });
  expect(forwarded.statusCode, forwarded.body).toBe(200);
  ids.push(terminalGuid);
  const trader2 = await trader.browser.post('/api/inner/terminal', { name: 'Redmi', requisites: [trader.requisiteId] });
  ids.push(trader2.json().data.terminal.guid);
  secrets.set('second pairing code', trader2.json().data.pairing_code.replace('-', ''));
  const traderKeys = (await trader.browser.post('/api/inner/user/secret_key')).json().data;
  secrets.set('trader API secret', traderKeys.secret_key);
  const current = (await trader.browser.get('/api/inner/user/current')).json().data;
  secrets.set("trader's socket token", current.data.ws_token);
  secrets.set("trader's session cookie", trader.browser.cookie(ctx.config.SESSION_COOKIE_NAME) ?? '');

  // A merchant's API secret, notification key and two-factor secret.
  const merchant = await createUser(ctx.database, { type: 'merchant' });
  ids.push(merchant.id);
  const merchantApi = await ApiClient.of(ctx.app, merchant.username);
  secrets.set('merchant API secret', (merchantApi as unknown as { secret: string }).secret);
  const merchantBrowser = await new Client(ctx.app).signIn(merchant.username);
  const key = 'merchant-notification-key-7f3a9c';
  const saved = await merchantBrowser.request('PATCH', '/api/inner/user/notification_key', { notification_key: key });
  expect(saved.statusCode, saved.body).toBe(200);
  secrets.set('notification key', key);
  secrets.set('two-factor secret', (await merchantBrowser.post('/api/inner/secretGoogleAuth')).json().data.secret);

  // An invited user's code, and every stored password hash.
  const invited = await root.post('/api/inner/user', { type: 'trader', username: 'invited', create_invite_link: true });
  expect(invited.statusCode, invited.body).toBe(200);
  ids.push(invited.json().data.uuid);
  secrets.set('invite code', invited.json().data.invite_code);
  const [hashed] = await ctx.database.db.select().from(users).where(eq(users.id, merchant.id));
  secrets.set('password hash', hashed?.passwordHash ?? '');
  secrets.set('secrets key', testSecretsKey);
  secrets.set('metrics token', metricsToken);
  expect([...secrets].filter(([, value]) => !(value?.length >= 8)).map(([name]) => name)).toEqual([]);
});
afterAll(() => ctx.close());

/** Every read route, each path parameter filled with every seeded id in turn. */
function readUrls(): string[] {
  const urls = new Set<string>();
  for (const route of ctx.app.guardedRoutes) {
    if (route.method !== 'GET' || route.signed) continue;
    if (!route.url.includes(':')) urls.add(route.url);
    else for (const id of ids) urls.add(route.url.replace(/:[A-Za-z_]+/g, id));
  }
  return [...urls];
}

/** Calls every read route as `client`; the names of the secrets found in any answer, with the route. */
async function leaks(client: Client, allowed: string[] = []) {
  const found: string[] = [];
  const served: string[] = [];
  for (const url of readUrls()) {
    const answer = await client.get(url);
    if (answer.statusCode === 200) served.push(url);
    for (const [name, value] of secrets) {
      if (!allowed.includes(name) && answer.body.includes(value)) found.push(`${name} in GET ${url}`);
    }
  }
  return { found, served };
}

const walked: RoleSpec[] = [
  ['support', 'admin', ['support']],
  ['admin', 'admin', []],
  ['another trader', 'trader', []],
  ['merchant', 'merchant', []],
  ['agent', 'agent', []],
  ['partner', 'partner', []],
];

describe('no read route hands a secret to anyone who does not own it', () => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(ctx, walked);
  });

  it("support reads the terminal's forwarding link without its URL or key, and every other route without a secret", async () => {
    const { found, served } = await leaks(as('support'));
    expect(found).toEqual([]);
    expect(served).toContain(`/api/inner/terminal/${terminalGuid}/forwarding`);
    const link = (await as('support').get(`/api/inner/terminal/${terminalGuid}/forwarding`)).json().data;
    expect(link).toEqual({
      restricted: true,
      app: { slug: 'smsgate', title: 'SMSGate' },
      created_at: expect.any(String),
      last_message_at: expect.any(String),
    });
  });

  it('an admin who manages terminals sees the forwarding link, and no other secret anywhere', async () => {
    const { found, served } = await leaks(as('admin'), ['forwarding token', 'forwarding signing key']);
    expect(found).toEqual([]);
    expect(served.length).toBeGreaterThan(40);
    const link = (await as('admin').get(`/api/inner/terminal/${terminalGuid}/forwarding`)).json().data;
    expect(link.signing_key).toBe(secrets.get('forwarding signing key'));
  });

  for (const [name] of walked.slice(2)) {
    it(`a ${name} reads no secret of others on any route`, async () => {
      const { found, served } = await leaks(as(name));
      expect(found).toEqual([]);
      expect(served).toContain('/api/inner/user/current');
    });
  }
});
