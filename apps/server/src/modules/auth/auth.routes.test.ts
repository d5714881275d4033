import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, fund, type TestContext, testPassword } from '../../../test/harness';
import { auditEvents } from '../audit/audit.table';
import { sweepAuthState } from './auth.maintenance';
import { loginThrottle, sessions } from './auth.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '60' });
});
afterAll(() => ctx.close());

const client = (headers: Record<string, string> = {}) => new Client(ctx.app, headers);

describe('CSRF (DESIGN §3)', () => {
  it('refuses a state-changing call without the echoed token with 419', async () => {
    const response = await client().post('/api/inner/login', { username: 'x', password: 'y' });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'csrf_mismatch' } });
  });

  it('refuses a wrong token with 419', async () => {
    const browser = await client().csrf();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inner/login',
      headers: { cookie: browser.cookieHeader, 'x-xsrf-token': 'forged' },
      payload: { username: 'x', password: 'y' },
    });
    expect(response.statusCode).toBe(419);
  });

  it('sets a readable XSRF-TOKEN cookie', async () => {
    const response = await client().get('/api/inner/csrf-cookie');
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax session cookie and returns the current user', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await client().csrf();
    const response = await browser.post('/api/inner/login', { username: user.username, password: testPassword });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'paydesk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.json().data.user).toMatchObject({ username: user.username, role: 'merchant', userId: user.id });

    const current = await browser.get('/api/inner/user/current');
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(current.json().data.data).toMatchObject({ username: user.username, role: 'merchant', isOnline: true });
  });

  it('stores only a hash of the session token', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await client().signIn(user.username);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(browser.cookie('paydesk_session'));
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a new session id on every sign-in and ends the previous one', async () => {
    const user = await createUser(ctx.database, { type: 'trader' });
    const browser = await client().signIn(user.username);
    const first = browser.cookie('paydesk_session');
    const stolen = new Client(ctx.app);
    await stolen.request('GET', '/api/inner/csrf-cookie');
    await browser.post('/api/inner/login', { username: user.username, password: testPassword });
    expect(browser.cookie('paydesk_session')).not.toBe(first);
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/inner/user/current',
      headers: { cookie: `paydesk_session=${first}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers an unknown user and a wrong password the same way, in the chosen language', async () => {
    const user = await createUser(ctx.database, { type: 'partner' });
    const wrong = await (await client({ 'x-language': 'ru' }).csrf()).post('/api/inner/login', {
      username: user.username,
      password: 'not-the-password',
    });
    const unknown = await (await client({ 'x-language': 'ru' }).csrf()).post('/api/inner/login', {
      username: 'nobody-here',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().localized_message).toBe('Неверный логин или пароль.');
  });

  it('refuses blocked and inactive users', async () => {
    const blocked = await createUser(ctx.database, { type: 'merchant', isBlocked: true });
    const inactive = await createUser(ctx.database, { type: 'merchant', isActive: false });
    const one = await (await client().csrf()).post('/api/inner/login', {
      username: blocked.username,
      password: testPassword,
    });
    const two = await (await client().csrf()).post('/api/inner/login', {
      username: inactive.username,
      password: testPassword,
    });
    expect(one.statusCode).toBe(403);
    expect(one.json().error.code).toBe('account_blocked');
    expect(two.statusCode).toBe(403);
    expect(two.json().error.code).toBe('account_inactive');
  });

  it('validates the body with field messages and 422', async () => {
    const response = await (await client({ 'x-language': 'ru' }).csrf()).post('/api/inner/login', { username: '' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.errors.username).toEqual(['Поле обязательно для заполнения.']);
    expect(body.errors.password).toEqual(['Поле обязательно для заполнения.']);
  });

  it('refuses a body that is not JSON with 422, not 500', async () => {
    const browser = await client().csrf();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inner/login',
      headers: {
        cookie: browser.cookieHeader,
        'x-xsrf-token': browser.cookie('XSRF-TOKEN') ?? '',
        'content-type': 'application/json',
      },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 after rapid failures, without locking out the owner elsewhere', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const attacker = await client({ 'x-forwarded-for': '203.0.113.9' }).csrf();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await attacker.post('/api/inner/login', { username: user.username, password: 'guess' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const throttled = await attacker.post('/api/inner/login', { username: user.username, password: testPassword });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().localized_message).toMatch(/Too many attempts/);

    // The owner signs in from another address, where nothing was attempted.
    const owner = ctx.app.inject({
      method: 'GET',
      url: '/api/inner/csrf-cookie',
      remoteAddress: '198.51.100.7',
    });
    const xsrf = (await owner).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inner/login',
      remoteAddress: '198.51.100.7',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { username: user.username, password: testPassword },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('sign-out and sessions', () => {
  it('after sign-out the current user is 401', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await client().signIn(user.username);
    const logout = await browser.post('/api/inner/logout');
    expect(logout.statusCode).toBe(200);
    const current = await browser.get('/api/inner/user/current');
    expect(current.statusCode).toBe(401);
    expect(current.json().error.code).toBe('unauthenticated');
  });

  it('ends a session that has been idle too long', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await client().signIn(user.username);
    const longAgo = new Date(Date.now() - (ctx.config.SESSION_IDLE_MINUTES + 1) * 60_000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await client().signIn(user.username);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(401);
  });

  it('refuses a session of a user blocked after signing in', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await client().signIn(user.username);
    const { users } = await import('../users/users.table');
    await ctx.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, user.id));
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(401);
  });
});

describe('password change (SPEC §5)', () => {
  it('validates each field: trimmed at least 6 characters, new equals confirm', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await client().signIn(user.username);
    const short = await browser.post('/api/inner/user/password', {
      current_password: testPassword,
      new_password: '  abc  ',
      confirm_password: '  abc  ',
    });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['new_password', 'confirm_password']);
    const mismatch = await browser.post('/api/inner/user/password', {
      current_password: testPassword,
      new_password: 'new-password-1',
      confirm_password: 'new-password-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.confirm_password).toEqual(['The passwords do not match.']);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await client({ 'x-language': 'ru' }).signIn(user.username);
    const response = await browser.post('/api/inner/user/password', {
      current_password: 'wrong-one',
      new_password: 'new-password',
      confirm_password: 'new-password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().localized_message).toBe('Текущий пароль указан неверно.');
    await client().signIn(user.username, testPassword);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const here = await client().signIn(user.username);
    const elsewhere = await client().signIn(user.username);
    const response = await here.post('/api/inner/user/password', {
      current_password: testPassword,
      new_password: ' brand-new-secret ',
      confirm_password: ' brand-new-secret ',
    });
    expect(response.statusCode).toBe(200);
    expect((await here.get('/api/inner/user/current')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/inner/user/current')).statusCode).toBe(401);
    await client().signIn(user.username, 'brand-new-secret');
    const trail = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.targetUserId, user.id));
    expect(trail.map((event) => event.action)).toEqual(['user.password_changed']);
  });
});

describe('languages', () => {
  it('lists en and ru', async () => {
    const response = await client().get('/api/inner/language');
    expect(response.json().data.map((l: { code: string }) => l.code)).toEqual(['en', 'ru']);
  });
});

describe('maintenance sweep', () => {
  it('removes idle sessions and ended throttling windows, keeps live ones', async () => {
    const idle = await createUser(ctx.database, { type: 'agent' });
    const live = await createUser(ctx.database, { type: 'agent' });
    await client().signIn(idle.username);
    const browser = await client().signIn(live.username);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(sessions.userId, idle.id));
    await ctx.database.db
      .insert(loginThrottle)
      .values({ key: 'login:ended', failures: 9, resetAt: new Date(Date.now() - 1000) });

    await sweepAuthState(ctx.app.db, ctx.config.SESSION_IDLE_MINUTES);

    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, idle.id))).toEqual([]);
    expect(await ctx.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'login:ended'))).toEqual([]);
    expect((await browser.get('/api/inner/user/current')).statusCode).toBe(200);
  });
});

describe('throttling of every secret check (DESIGN §3)', () => {
  it('throttles wrong current passwords per account and address, not the owner elsewhere', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const attacker = await client({ 'x-forwarded-for': '203.0.113.20' }).signIn(user.username);
    const change = (browser: Client, current: string) =>
      browser.post('/api/inner/user/password', {
        current_password: current,
        new_password: 'brand-new-1',
        confirm_password: 'brand-new-1',
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await change(attacker, 'guess-guess')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    // Throttled, even the right password is not checked from there.
    const throttled = await change(attacker, testPassword);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, changes it.
    const csrf = await ctx.app.inject({ method: 'GET', url: '/api/inner/csrf-cookie', remoteAddress: '198.51.100.30' });
    const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/inner/login',
      remoteAddress: '198.51.100.30',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { username: user.username, password: testPassword },
    });
    const session = login.cookies.find((c) => c.name === 'paydesk_session')?.value ?? '';
    const owner = await ctx.app.inject({
      method: 'POST',
      url: '/api/inner/user/password',
      remoteAddress: '198.51.100.30',
      headers: { cookie: `XSRF-TOKEN=${xsrf}; paydesk_session=${session}`, 'x-xsrf-token': xsrf },
      payload: { current_password: testPassword, new_password: 'brand-new-1', confirm_password: 'brand-new-1' },
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('the current user, kept a moment by each process', () => {
  it('shows the user its own change at once and money that moved as soon as the event arrives', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await client().signIn(user.username);
    const current = async () => (await browser.get('/api/inner/user/current')).json().data.data;
    const virtual = async () =>
      (await current()).wallets.find((w: { type: { slug: string } }) => w.type.slug === 'virtual');
    expect((await virtual()).amount.amount).toBe('0');
    // Its own change: the very next call shows it.
    await browser.request('PATCH', '/api/inner/user/notification_key', { notification_key: 'fresh-key-123' });
    expect((await current()).apiKeys.notification).toBe('fresh-key-123');
    // Money moved by someone else (a deposit): its event reaches every process, which forget what they kept.
    await fund(ctx.app, user.id, '12.5');
    await expect.poll(async () => (await virtual()).amount.amount, { interval: 20 }).toBe('12.5');
    expect((await browser.get('/api/inner/user/wallet/')).json().data.items[0].amount.amount).toBe('12.5');
  });

  it('answers with the same JSON whether serialized once per read or built for the session', async () => {
    const user = await createUser(ctx.database, { type: 'trader' });
    await fund(ctx.app, user.id, '3.25');
    const answer = await ctx.app.currentUsers.answerFor(user.id, 'socket-token-"quoted"');
    expect(JSON.parse(answer.json)).toEqual(answer.body);
    expect(answer.body.data.data).toMatchObject({ userId: user.id, ws_token: 'socket-token-"quoted"' });
  });

  it('shows a change an admin made to the user on the next call', async () => {
    const admin = await createUser(ctx.database, { type: 'admin' });
    const adminBrowser = await client().signIn(admin.username);
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await client().signIn(user.username);
    expect((await browser.get('/api/inner/user/current')).json().data.data.manualWithdrawal).toBe(false);
    await adminBrowser.post(`/api/inner/user/${user.id}`, { manual_withdrawal: true, comment: 'watch' });
    const after = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(after).toMatchObject({ manualWithdrawal: true, comment: 'watch' });
  });
});
