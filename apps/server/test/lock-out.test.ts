import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents } from '../src/app-events';
import { timeStep, totpAt } from '../src/lib/totp';
import { auditEvents } from '../src/modules/audit/audit.module';
import { Client, createTestApp, createUser, type TestContext, testPassword } from './harness';

/**
 * No lock-out from elsewhere (issue 31, F3, F4, F5; DESIGN §3): whatever an attacker does from other addresses, the
 * owner's correct credentials still sign in. The defaults are those of production: 5 failures per account and
 * address, 50 per address, in 60 s; 5 wrong two-factor codes per account in 15 minutes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A browser at `address`, with the XSRF cookie. */
const browserAt = (address: string) => new Client(ctx.app, {}, address).csrf();
const signIn = (browser: Client, username: string, password: string, code?: string) =>
  browser.post('/api/inner/login', { username, password, ...(code === undefined ? {} : { code }) });
const codeOf = (response: { json(): unknown }) => (response.json() as { error?: { code: string } }).error?.code;

/** Five wrong passwords for `username` from each address. */
async function guessFrom(addresses: string[], username: string) {
  for (const address of addresses) {
    const attacker = await browserAt(address);
    for (let guess = 0; guess < 5; guess++)
      expect(codeOf(await signIn(attacker, username, `guess-${guess}`))).toBe('invalid_credentials');
  }
}

describe('sign-in: failures per account and address, never per account alone (F3)', () => {
  it('four addresses guessing the password do not refuse the owner at a fifth, root included', async () => {
    for (const options of [{ type: 'merchant' as const }, { type: 'admin' as const, isRoot: true }]) {
      const user = await createUser(ctx.database, options);
      const net = user.isRoot ? '198.51.100' : '203.0.113';
      await guessFrom([`${net}.1`, `${net}.2`, `${net}.3`, `${net}.4`], user.username);
      // Each attacker's own window is full…
      const attacker = await browserAt(`${net}.1`);
      expect((await signIn(attacker, user.username, testPassword)).statusCode).toBe(429);
      // …the owner's is not.
      const owner = await browserAt(`${net}.5`);
      const response = await signIn(owner, user.username, testPassword);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('a browser the owner signed in from keeps a window of its own, even at the attacker’s address', async () => {
    const user = await createUser(ctx.database, { type: 'trader' });
    const address = '192.0.2.10';
    const owner = await browserAt(address);
    expect((await signIn(owner, user.username, testPassword)).statusCode).toBe(200);
    expect(owner.cookie('paydesk_device')).toMatch(new RegExp(`^${user.id}\\.`));
    await owner.post('/api/inner/logout');
    // The attacker shares the owner's address (one office, one NAT) and fills that address's windows.
    await guessFrom([address], user.username);
    const stranger = await browserAt(address);
    expect((await signIn(stranger, user.username, testPassword)).statusCode).toBe(429);
    // The owner's browser signs in all the same.
    const response = await signIn(owner, user.username, testPassword);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('only the device cookie that failed too often is held; a forged or another account’s cookie is no device', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const other = await createUser(ctx.database, { type: 'agent' });
    const owner = await browserAt('192.0.2.20');
    expect((await signIn(owner, user.username, testPassword)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess++) statuses.push((await signIn(owner, user.username, 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The same address without that cookie has a window of its own, untouched.
    expect((await signIn(await browserAt('192.0.2.20'), user.username, testPassword)).statusCode).toBe(200);

    const cookie = owner.cookie('paydesk_device') ?? '';
    const [id, issued, nonce] = cookie.split('.');
    const forged = `${id}.${issued}.${nonce}.${'0'.repeat(64)}`;
    const elsewhere = { method: 'POST' as const, url: '/api/inner/login', remoteAddress: '192.0.2.21' };
    const withCookie = (value: string, username: string, password: string) =>
      ctx.app.inject({
        ...elsewhere,
        headers: { cookie: `XSRF-TOKEN=t; paydesk_device=${value}`, 'x-xsrf-token': 't' },
        payload: { username, password },
      });
    // A forged cookie counts like no cookie: per account and address.
    for (let guess = 0; guess < 5; guess++)
      expect((await withCookie(forged, user.username, 'wrong')).statusCode).toBe(401);
    expect((await withCookie(forged, user.username, testPassword)).statusCode).toBe(429);
    // The owner's genuine cookie names this account only.
    for (let guess = 0; guess < 5; guess++)
      expect((await withCookie(cookie, other.username, 'wrong')).statusCode).toBe(401);
    expect((await withCookie(cookie, other.username, testPassword)).statusCode).toBe(429);
  });
});

describe('two-factor at sign-in: 5 wrong codes per account in 15 minutes, then the password again (F4)', () => {
  async function withTwoFactor() {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app, {}, '192.0.2.30').signIn(user.username);
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    const enabled = await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now())),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await browser.post('/api/inner/logout');
    return { user, secret: secret as string, ownersBrowser: browser };
  }

  it('six wrong codes from six addresses: the fifth asks for the password again, the owner is told', async () => {
    const { user, secret, ownersBrowser } = await withTwoFactor();
    const told: string[] = [];
    appEvents.on('auth.sign_in_alert', 'test', async (_tx, alert) => {
      if (alert.userId === user.id) told.push(alert.kind);
    });
    const wrong = totpAt(secret, timeStep(Date.now()) + 20);
    const answers: (string | undefined)[] = [];
    for (let index = 0; index < 6; index++) {
      const attacker = await browserAt(`203.0.113.${100 + index}`);
      answers.push(codeOf(await signIn(attacker, user.username, testPassword, wrong)));
    }
    expect(answers).toEqual([
      'two_factor_invalid',
      'two_factor_invalid',
      'two_factor_invalid',
      'two_factor_invalid',
      'two_factor_locked',
      'throttled',
    ]);
    const locked = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, user.id), eq(auditEvents.action, 'user.two_factor_locked')));
    expect(locked).toHaveLength(1);
    // The owner's open sessions hear of it (the events module puts it on their sockets).
    expect(told).toEqual(['two_factor_locked']);
    // A browser without the owner's device cookie gets no more codes checked for 15 minutes, even the right one…
    const right = totpAt(secret, timeStep(Date.now()) + 1);
    const stranger = await browserAt('203.0.113.120');
    expect((await signIn(stranger, user.username, testPassword, right)).statusCode).toBe(429);
    // …the owner's browser signs in with it.
    const response = await signIn(ownersBrowser, user.username, testPassword, right);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('says so in both languages', async () => {
    const { user, secret } = await withTwoFactor();
    const wrong = totpAt(secret, timeStep(Date.now()) + 20);
    const messages: string[] = [];
    for (let index = 0; index < 5; index++) {
      const answer = await signIn(await browserAt(`203.0.113.${130 + index}`), user.username, testPassword, wrong);
      messages.push(answer.json().localized_message);
    }
    expect(messages.at(-1)).toMatch(/password again/);
    const russian = await new Client(ctx.app, { 'accept-language': 'ru' }, '203.0.113.140').csrf();
    const answer = await signIn(russian, user.username, testPassword, wrong);
    expect(answer.statusCode).toBe(429);
    expect(answer.json().localized_message).toMatch(/Слишком много попыток/);
  });
});

describe('usernames are compared in one canonical form (F5)', () => {
  it('a Unicode spelling of a username is no account, and adds no guesses', async () => {
    const user = await createUser(ctx.database, { type: 'merchant', username: 'invited1' });
    const owner = await browserAt('192.0.2.40');
    // `İ` (U+0130) lowers to `i` in PostgreSQL: once, `İnvİted1` signed in as `invited1`.
    for (const spelling of ['İnvİted1', 'INVİTED1', 'ｉｎｖｉｔｅｄ1', 'invited\u0131']) {
      expect(codeOf(await signIn(owner, spelling, testPassword)), spelling).toBe('invalid_credentials');
    }
    // Case is one window: five guesses in any case, then even the owner's own spelling waits at this address.
    const attacker = await browserAt('192.0.2.41');
    for (const spelling of ['invited1', 'INVITED1', 'Invited1', 'inVited1', 'INVited1']) {
      expect(codeOf(await signIn(attacker, spelling, 'wrong'))).toBe('invalid_credentials');
    }
    expect(codeOf(await signIn(attacker, 'invited1', testPassword))).toBe('throttled');
    expect((await signIn(owner, user.username.toUpperCase(), testPassword)).statusCode).toBe(200);
  });

  it('uniqueness uses the same form: another case is taken, a Unicode look-alike is no username', async () => {
    await createUser(ctx.database, { type: 'merchant', username: 'invited2' });
    const manager = await createUser(ctx.database, { type: 'admin' });
    const admin = await new Client(ctx.app, {}, '192.0.2.50').signIn(manager.username);
    const create = (username: string) =>
      admin.post('/api/inner/user', { type: 'merchant', username, password: 'merchant-pass' });
    const taken = await create('INVITED2');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.username).toEqual(['This username is already taken.']);
    const lookalike = await create('İnvited2');
    expect(lookalike.statusCode).toBe(422);
    expect(lookalike.json().errors.username).toHaveLength(1);
  });
});
