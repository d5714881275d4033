import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext, testPassword } from '../../../test/harness';
import { timeStep, totpAt } from '../../lib/totp';
import { auditEvents } from '../audit/audit.table';
import { users } from '../users/users.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn(type: 'merchant' | 'trader' | 'agent' | 'admin' | 'partner', language = 'en') {
  const user = await createUser(ctx.database, { type });
  const browser = await new Client(ctx.app, { 'x-language': language }).signIn(user.username);
  return { user, browser };
}

describe('API key and secret', () => {
  it('issues a secret shown once; the key stays, the secret changes, the trail has no secret', async () => {
    const { user, browser } = await signedIn('merchant');
    const first = (await browser.post('/api/inner/user/secret_key')).json().data;
    expect(first.api_key).toMatch(/^pk_/);
    expect(first.secret_key).toMatch(/^sk_/);
    const second = (await browser.post('/api/inner/user/secret_key')).json().data;
    expect(second.api_key).toBe(first.api_key);
    expect(second.secret_key).not.toBe(first.secret_key);
    const current = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(current.apiKeys).toMatchObject({ key: first.api_key, secret: null });
    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, user.id))
      .orderBy(auditEvents.id);
    expect(trail.map((e) => e.action)).toEqual(['user.api_secret_issued', 'user.api_secret_issued']);
    expect(JSON.stringify(trail)).not.toContain(second.secret_key);
  });

  it('is refused to a trader behind the insurance gate (issue 20)', async () => {
    const trader = await createUser(ctx.database, { type: 'trader', insurancePaid: false });
    const browser = await new Client(ctx.app).signIn(trader.username);
    const response = await browser.post('/api/inner/user/secret_key');
    expect(response.statusCode).toBe(403);
    const row = await ctx.database.db.select().from(users).where(eq(users.id, trader.id));
    expect(row[0]?.apiSecret ?? null).toBeNull();
  });

  it('is for traders and merchants only', async () => {
    expect((await (await signedIn('trader')).browser.post('/api/inner/user/secret_key')).statusCode).toBe(200);
    expect((await (await signedIn('agent')).browser.post('/api/inner/user/secret_key')).statusCode).toBe(403);
  });
});

describe('notification key and URL (merchant)', () => {
  it('saves both, ignores blank values', async () => {
    const { browser } = await signedIn('merchant');
    await browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'key-123456' });
    const url = await browser.request('PATCH', '/api/inner/user/notification_url', {
      notification_url: ' https://shop.example/hooks ',
    });
    expect(url.json().data).toEqual({ notification_key: 'key-123456', notification_url: 'https://shop.example/hooks' });
    const blank = await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().data.notification_url).toBe('https://shop.example/hooks');
    const current = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(current).toMatchObject({
      notificationURL: 'https://shop.example/hooks',
      apiKeys: { notification: 'key-123456' },
    });
  });

  it('makes a key with the first URL when none is set, says so once, and keeps a key already set', async () => {
    const { user, browser } = await signedIn('merchant');
    const first = await browser.request('PATCH', '/api/inner/user/notification_url', {
      notification_url: 'https://shop.example/first',
    });
    expect(first.statusCode).toBe(200);
    const made = first.json().data;
    expect(made.key_created).toBe(true);
    expect(made.notification_key).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // It signs from now on: the current user and the settings carry it.
    expect((await browser.get('/api/inner/user/notification')).json().data).toEqual({
      notification_key: made.notification_key,
      notification_url: 'https://shop.example/first',
    });
    // The next URL keeps the key and says nothing of one.
    const second = (
      await browser.request('PATCH', '/api/inner/user/notification_url', {
        notification_url: 'https://shop.example/second',
      })
    ).json().data;
    expect(second).toEqual({
      notification_key: made.notification_key,
      notification_url: 'https://shop.example/second',
    });
    // The trail says a key was made with the URL, never the key itself.
    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, user.id))
      .orderBy(auditEvents.id);
    expect(trail.map((event) => event.action)).toEqual([
      'user.notification_key_changed',
      'user.notification_url_changed',
      'user.notification_url_changed',
    ]);
    expect(trail[0]?.after).toEqual({ notification_key_set: true, created_with_url: true });
    expect(JSON.stringify(trail)).not.toContain(made.notification_key);
  });

  it('keeps a key the merchant set before the URL, and makes none with a refused URL', async () => {
    const { browser } = await signedIn('merchant');
    const refused = await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: 'ftp://x' });
    expect(refused.statusCode).toBe(422);
    expect((await browser.get('/api/inner/user/notification')).json().data.notification_key).toBeNull();
    await browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'my-own-key-1' });
    const saved = (
      await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: 'https://shop.example/h' })
    ).json().data;
    expect(saved).toEqual({ notification_key: 'my-own-key-1', notification_url: 'https://shop.example/h' });
  });

  it('refuses a URL that is not http(s), in the chosen language', async () => {
    const { browser } = await signedIn('merchant', 'ru');
    for (const bad of ['ftp://shop.example', 'javascript:alert(1)', 'not a url']) {
      const response = await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.notification_url).toEqual(['Введите адрес, начинающийся с http:// или https://.']);
    }
  });

  it('is refused to a trader', async () => {
    const { browser } = await signedIn('trader');
    const response = await browser.request('PATCH', '/api/inner/user/notification_key', {
      notification_key: 'key-123456',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('webhooks', () => {
  it('lists every webhook enabled, saves switches and lists them localized', async () => {
    const { browser } = await signedIn('merchant', 'ru');
    const initial = (await browser.get('/api/inner/user/webhook')).json().data;
    expect(initial).toHaveLength(5);
    expect(initial.every((w: { is_disabled: boolean }) => !w.is_disabled)).toBe(true);
    expect(initial[1]).toEqual({ webhook: { slug: 'order.paid', title: 'Заказ оплачен' }, is_disabled: false });
    const saved = await browser.request('PUT', '/api/inner/user/webhook', {
      webhooks: [{ slug: 'order.created', is_disabled: true }],
    });
    expect(saved.json().data[0]).toMatchObject({ webhook: { slug: 'order.created' }, is_disabled: true });
    // Only the disabled ones are sent while any is disabled: switching one back on means leaving it out.
    const swapped = await browser.request('PUT', '/api/inner/user/webhook', {
      webhooks: [{ slug: 'order.paid', is_disabled: true }],
    });
    expect(
      swapped
        .json()
        .data.filter((w: { is_disabled: boolean }) => w.is_disabled)
        .map((w: { webhook: { slug: string } }) => w.webhook.slug),
    ).toEqual(['order.paid']);
    const bad = await browser.request('PUT', '/api/inner/user/webhook', {
      webhooks: [{ slug: 'nope', is_disabled: true }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('trader fee table', () => {
  it('shows a trader its own fees only', async () => {
    const { browser } = await signedIn('trader');
    expect((await browser.get('/api/inner/user/fees')).json().data).toEqual([]);
    expect((await (await signedIn('merchant')).browser.get('/api/inner/user/fees')).statusCode).toBe(403);
  });
});

describe('two-factor authentication', () => {
  it('enables with the password and a code, then sign-in asks for a single-use code', async () => {
    const { user, browser } = await signedIn('partner');
    const started = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.qr_code).toMatch(/^data:image\/png;base64,/);
    const code = totpAt(started.secret, timeStep(Date.now()));

    const wrongPassword = await browser.post('/api/inner/user/2fa/enable', { password: 'nope', code });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().error.code).toBe('password_incorrect');
    const wrongCode = await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.json().error.code).toBe('two_factor_invalid');
    expect((await browser.post('/api/inner/user/2fa/enable', { password: testPassword, code })).statusCode).toBe(200);
    expect((await browser.get('/api/inner/user/current')).json().data.data.is2FAEnabled).toBe(true);

    // The code used to enable is spent; the next step's code signs in, once.
    const visitor = await new Client(ctx.app).csrf();
    const asked = await visitor.post('/api/inner/login', { username: user.username, password: testPassword });
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error.code).toBe('two_factor_required');
    const replay = await visitor.post('/api/inner/login', { username: user.username, password: testPassword, code });
    expect(replay.json().error.code).toBe('two_factor_invalid');
    const next = totpAt(started.secret, timeStep(Date.now()) + 1);
    const signIn = await visitor.post('/api/inner/login', {
      username: user.username,
      password: testPassword,
      code: next,
    });
    expect(signIn.statusCode).toBe(200);
    const again = await (await new Client(ctx.app).csrf()).post('/api/inner/login', {
      username: user.username,
      password: testPassword,
      code: next,
    });
    expect(again.json().error.code).toBe('two_factor_invalid');
  });

  it('disables only with the current password and a valid code', async () => {
    const { user, browser } = await signedIn('merchant');
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    const step = timeStep(Date.now());
    await browser.post('/api/inner/user/2fa/enable', { password: testPassword, code: totpAt(secret, step - 1) });
    const disable = (body: Record<string, string>) => browser.post('/api/inner/user/2fa/disable', body);
    expect((await disable({ password: testPassword, code: 'abc' })).statusCode).toBe(422);
    // A code alone (a stolen session with the phone at hand) is not enough, nor is a wrong password.
    const codeOnly = await disable({ code: totpAt(secret, step) });
    expect(codeOnly.statusCode).toBe(422);
    expect(codeOnly.json().errors.password).toBeDefined();
    const wrongPassword = await disable({ password: 'not-it', code: totpAt(secret, step) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().error.code).toBe('password_incorrect');
    expect((await disable({ password: testPassword, code: totpAt(secret, step) })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    const actions = await ctx.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, user.id))
      .orderBy(auditEvents.id);
    expect(actions.map((a) => a.action)).toEqual(['user.two_factor_enabled', 'user.two_factor_disabled']);
  });
});

describe('two-factor throttling (DESIGN §3)', () => {
  it('throttles wrong passwords and codes on enable and disable like sign-in', async () => {
    const { browser } = await signedIn('merchant');
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const wrongPassword = await browser.post('/api/inner/user/2fa/enable', {
        password: 'not-the-password',
        code: totpAt(secret, timeStep(Date.now())),
      });
      statuses.push(wrongPassword.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const right = await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now())),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('throttled');
    // Nothing was switched on while throttled.
    expect((await browser.get('/api/inner/user/current')).json().data.data.is2FAEnabled).toBe(false);
  });
});

describe('secrets at rest (DESIGN §9)', () => {
  it('keeps the API secret, the TOTP secret and the notification key sealed, and shows them as they were', async () => {
    const { user, browser } = await signedIn('merchant');
    const { secret_key: apiSecret } = (await browser.post('/api/inner/user/secret_key')).json().data;
    await browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'merchant-signing-key' });
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    const [pending] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(pending?.twoFactorPendingSecret).toMatch(/^v1\.[0-9a-f]{8}\./);
    await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now())),
    });

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    for (const [stored, plain] of [
      [row?.apiSecret, apiSecret],
      [row?.twoFactorSecret, secret],
      [row?.notificationKey, 'merchant-signing-key'],
    ]) {
      expect(stored).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(stored).not.toContain(plain);
    }
    expect((await browser.get('/api/inner/user/notification')).json().data.notification_key).toBe(
      'merchant-signing-key',
    );
    expect((await browser.get('/api/inner/user/current')).json().data.data.apiKeys.notification).toBe(
      'merchant-signing-key',
    );
    // Sign-in still checks codes against the sealed secret.
    const signIn = await (await new Client(ctx.app).csrf()).post('/api/inner/login', {
      username: user.username,
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now()) + 1),
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('webhook destinations (DESIGN §10)', () => {
  it('refuses loopback, private, link-local and metadata addresses, keeps public ones', async () => {
    const { user, browser } = await signedIn('merchant', 'ru');
    for (const url of [
      'http://127.0.0.1/hook',
      'http://localhost:8080/hook',
      'http://api.localhost/hook',
      'http://10.1.2.3/hook',
      'http://172.16.5.4/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://2130706433/hook',
      'http://0x7f.1/hook',
    ]) {
      const response = await browser.request('PATCH', '/api/inner/user/notification_url', { notification_url: url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.notification_url, url).toEqual([
        'Вебхуки нельзя отправлять на этот адрес: это локальный или частный сетевой адрес.',
      ]);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.notificationUrl).toBeNull();
    const publicUrl = await browser.request('PATCH', '/api/inner/user/notification_url', {
      notification_url: 'https://93.184.215.14/paydesk',
    });
    expect(publicUrl.statusCode).toBe(200);
  });

  it('lets them through when private networks are allowed (demo mode)', async () => {
    const local = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    try {
      const merchant = await createUser(local.database, { type: 'merchant' });
      const browser = await new Client(local.app).signIn(merchant.username);
      const response = await browser.request('PATCH', '/api/inner/user/notification_url', {
        notification_url: 'http://127.0.0.1:9000/hook',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
