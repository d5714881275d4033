import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/modules/users/users.table';
import { contentSecurityPolicy } from '../src/plugins/security-headers';
import { Client, createTestApp, createUser, externalAddress, type TestContext, testPassword } from './harness';

/**
 * The defects a probe of the running platform found (issue "Hardening and groundwork"), each refused the way a
 * user's mistake or an attack must be: a localized 4xx, nothing changed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = async (type: 'admin' | 'merchant' | 'trader' | 'agent') => {
  const user = await createUser(ctx.database, { type });
  return { user, browser: await new Client(ctx.app, { 'x-language': 'ru' }).signIn(user.username) };
};

describe('guards decide on the matched route, never on the URL text', () => {
  it('refuses POST /api/%69nner/user/secret_key without the XSRF header, as the plain path', async () => {
    const { user, browser } = await signedIn('merchant');
    for (const url of [
      '/api/inner/user/secret_key',
      '/api/%69nner/user/secret_key',
      '/%61pi/inner/user/secret%5Fkey',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: browser.cookieHeader, 'x-language': 'ru' },
      });
      expect(response.statusCode, url).toBe(419);
      expect(response.json().localized_message).toMatch(/токен/);
    }
    const [row] = await ctx.database.db.select({ apiSecret: users.apiSecret }).from(users).where(eq(users.id, user.id));
    expect(row?.apiSecret).toBeNull();
  });

  it('refuses logout, accept and the notification key on an encoded path without the token', async () => {
    const { browser } = await signedIn('merchant');
    for (const url of [
      '/api/%69nner/logout',
      '/api/inner/%74ransaction/01900000-0000-7000-8000-000000000000/accept',
      '/api/inner/user/notification%5Fkey',
    ]) {
      const response = await ctx.app.inject({
        method: url.includes('notification') ? 'PATCH' : 'POST',
        url,
        headers: { cookie: browser.cookieHeader },
        payload: { notification_key: 'abcdefghijk' },
      });
      expect(response.statusCode, url).toBe(419);
    }
    // The session survived: the encoded logout did nothing.
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(200);
  });

  it('reads the session for an encoded path exactly as for the plain one', async () => {
    const { browser } = await signedIn('merchant');
    const plain = await browser.get('/api/inner/user/current');
    const encoded = await browser.get('/%61pi/inner/user/%63urrent');
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().data.data.userId).toBe(plain.json().data.data.userId);
  });

  it('answers a malformed percent-encoded X-XSRF-TOKEN with 419, not a server error', async () => {
    const { browser } = await signedIn('merchant');
    for (const token of ['%E0%A4%A', '%', '%zz']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/inner/logout',
        headers: { cookie: browser.cookieHeader, 'x-xsrf-token': token },
      });
      expect(response.statusCode, token).toBe(419);
    }
  });
});

describe("the router's own refusals (issue 20, L5)", () => {
  const expectGuarded = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
  };

  it('answers a URL that does not decode with 400 and a path parameter too long with 414, as the envelope', async () => {
    for (const [url, status, code] of [
      ['/api/%c0%afinner/x', 400, 'bad_request'],
      [`/api/inner/user/${'a'.repeat(3000)}`, 414, 'uri_too_long'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-language': 'ru' } });
      expect(response.statusCode, url.slice(0, 30)).toBe(status);
      expectGuarded(response.headers);
      expect(response.json()).toMatchObject({ success: false, error: { code } });
      expect(response.json().localized_message).toMatch(/[а-я]/i);
      expect(response.body).not.toContain('%c0');
      expect(response.body).not.toContain('aaaaaaaa');
    }
  });

  it('answers headers too large to read with 431, the security headers and the envelope', async () => {
    const { connect } = await import('node:net');
    const listening = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(`GET /api/inner/user/current HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      const headers = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      expectGuarded(headers);
      expect(JSON.parse(body)).toMatchObject({ success: false, error: { code: 'headers_too_large' } });
    } finally {
      await listening.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, no framing and a referrer policy on every answer', async () => {
    const { browser } = await signedIn('agent');
    for (const response of [
      await ctx.app.inject('/api/inner/csrf-cookie'),
      await browser.get('/api/inner/user/current'),
      await ctx.app.inject('/api/inner/nowhere'),
      await ctx.app.inject('/healthz'),
    ]) {
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy).toMatch(/script-src 'self'(;|$)/);
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('marks API answers no-store: the current user carries the socket token and the API key', async () => {
    const { browser } = await signedIn('merchant');
    expect((await browser.get('/api/inner/user/current')).headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject('/api/inner/nowhere')).headers['cache-control']).toBe('no-store');
    expect((await browser.post('/api/inner/user/secret_key')).headers['cache-control']).toBe('no-store');
  });
});

describe("a user's mistake is never a 500", () => {
  it('refuses a lone UTF-16 surrogate in any string or key as invalid text (issue 20, R3), keeps a real pair', async () => {
    const admin = await signedIn('admin');
    const merchant = await signedIn('merchant');
    const target = await createUser(ctx.database, { type: 'merchant', username: `surrogate-${Date.now()}` });
    for (const [attempt, field] of [
      [() => admin.browser.post(`/api/inner/user/${target.id}`, { comment: 'A\ud800' }), 'comment'],
      [() => admin.browser.post(`/api/inner/user/${target.id}`, { comment: '\udc00B' }), 'comment'],
      [() => admin.browser.post('/api/inner/user/block', { uuid: target.id, comment: 'x\udbffy' }), 'comment'],
      [
        () =>
          merchant.browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'abcdefgh\ud800' }),
        'notification_key',
      ],
      [() => admin.browser.post(`/api/inner/user/${target.id}`, { 'k\ud800': 'v' }), '_'],
    ] as const) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual(['Значение содержит недопустимый символ.']);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.isBlocked).toBe(false);
    expect(row?.comment ?? null).toBeNull();
    const pair = await admin.browser.post(`/api/inner/user/${target.id}`, { comment: 'ok \ud83d\ude00' });
    expect(pair.statusCode, pair.body).toBe(200);
  });

  it('refuses a NUL byte in any string with a localized 422 and changes nothing', async () => {
    const admin = await signedIn('admin');
    const merchant = await signedIn('merchant');
    const target = await createUser(ctx.database, { type: 'merchant' });
    const anonymous = await new Client(ctx.app, { 'x-language': 'ru' }).csrf();
    const attempts = [
      () => anonymous.post('/api/inner/login', { username: 'ro\u0000ot', password: 'x' }),
      () =>
        anonymous.post('/api/inner/password/setup', {
          code: 'a\u0000',
          new_password: 'secret1',
          confirm_password: 'secret1',
        }),
      () => admin.browser.post(`/api/inner/user/${target.id}`, { comment: 'x\u0000y' }),
      () =>
        admin.browser.post('/api/inner/user', {
          type: 'agent',
          username: 'agent-nul',
          password: 'secret-1',
          comment: '\u0000',
        }),
      () => admin.browser.post('/api/inner/user/block', { uuid: target.id, comment: 'x\u0000y' }),
      () => admin.browser.get('/api/inner/user?filter%5Busername%5D=a%00b'),
      () => admin.browser.get('/api/inner/transaction?filter%5Busername%5D=a%00b'),
      () => admin.browser.get('/api/inner/wallet?filter%5Baddress%5D=T%00'),
      () =>
        merchant.browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'abcdefgh\u0000' }),
      () =>
        merchant.browser.request('PATCH', '/api/inner/user/notification_url', {
          notification_url: 'https://shop.example/\u0000',
        }),
      () =>
        merchant.browser.post('/api/inner/wallet/withdrawals', {
          address: `${externalAddress}\u0000`,
          currency: 'USDT',
          amount: '5',
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().localized_message).toBe('Значение содержит недопустимый символ.');
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ comment: null, isBlocked: false });
    const created = await ctx.database.db.select().from(users).where(eq(users.username, 'agent-nul'));
    expect(created).toEqual([]);
  });

  it('refuses dates far outside the range of the date filters with 422', async () => {
    const admin = await signedIn('admin');
    const merchant = await signedIn('merchant');
    for (const [browser, url] of [
      [admin.browser, '/api/inner/transaction?filter%5Bdate_from%5D=9999-12-31&filter%5Bdate_to%5D=9999-12-31'],
      [admin.browser, '/api/inner/transaction?filter%5Bdate_from%5D=0000-01-01'],
      [admin.browser, '/api/inner/transaction?filter%5Bdate_to%5D=2023-02-30'],
      [merchant.browser, '/api/inner/my/transaction?filter%5Bdate_to%5D=99999-01-01'],
      [merchant.browser, '/api/inner/my/transaction?filter%5Bdate_from%5D=2023-13-45'],
    ] as const) {
      const response = await browser.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await admin.browser.get('/api/inner/transaction?filter%5Bdate_from%5D=2999-12-31')).statusCode).toBe(200);
  });

  it('refuses a JSON number or a decimal text of a million digits with 422, before converting it', async () => {
    const { browser } = await signedIn('merchant');
    const digits = '9'.repeat(1_000_000);
    for (const amount of [digits, `0.${digits}`]) {
      for (const payload of [
        `{"address":"${externalAddress}","currency":"USDT","amount":${amount}}`,
        `{"address":"${externalAddress}","currency":"USDT","amount":"${amount}"}`,
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/inner/wallet/withdrawals',
          headers: {
            cookie: browser.cookieHeader,
            'x-xsrf-token': browser.cookie('XSRF-TOKEN') ?? '',
            'content-type': 'application/json',
          },
          payload,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.amount).toBeDefined();
      }
    }
    const admin = await signedIn('admin');
    expect((await admin.browser.get(`/api/inner/user?page=${'9'.repeat(5000)}`)).statusCode).toBe(422);
  });
});

describe('logs', () => {
  it('never keep the parameters of a failed query: no password hash, no secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { level: 'error', stream },
    });
    await app.ready();
    try {
      // A database rule refuses the insert, so the query fails with the new user's argon2 hash among its values.
      await ctx.database.db.execute(sql`
        create or replace function refuse_probe_user() returns trigger language plpgsql as $$
        begin
          if new.comment = 'refuse me' then raise exception 'refused by the probe'; end if;
          return new;
        end $$`);
      await ctx.database.db.execute(sql`
        create trigger refuse_probe_user before insert on users for each row execute function refuse_probe_user()`);
      const admin = await createUser(ctx.database, { type: 'admin' });
      const browser = await new Client(app).signIn(admin.username);
      const response = await browser.post('/api/inner/user', {
        type: 'agent',
        username: 'logged-agent',
        password: 'a-secret-password',
        comment: 'refuse me',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().localized_message).toBe('Something went wrong on our side. Please try again.');
      const log = lines.join('\n');
      expect(log).toContain('request failed');
      expect(log).toContain('refused by the probe');
      expect(log).not.toMatch(/\$argon2id\$/);
      expect(log).not.toContain('a-secret-password');
      expect(log).not.toContain('logged-agent');
    } finally {
      await ctx.database.db.execute(sql`drop trigger if exists refuse_probe_user on users`);
      await app.close();
    }
  });
});

describe('sign-in state', () => {
  it('ends the sessions of a user switched off (is_active false), as blocking does', async () => {
    const admin = await signedIn('admin');
    const { user, browser } = await signedIn('merchant');
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(200);
    const response = await admin.browser.post(`/api/inner/user/${user.id}`, { is_active: false });
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(401);
    const again = await (await new Client(ctx.app).csrf()).post('/api/inner/login', {
      username: user.username,
      password: testPassword,
    });
    expect(again.json().error.code).toBe('account_inactive');
  });
});
