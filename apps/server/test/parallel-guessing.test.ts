import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpAt } from '../src/lib/totp';
import { Client, createTestApp, createUser, type TestContext, testPassword } from './harness';

/**
 * Guesses sent all at once (issue 20, M1): each is counted before its secret is checked, so however many arrive
 * together, no more than the limit is ever checked; the rest are 429.
 */
let ctx: TestContext;
const perAccountAndAddress = 5;
const perAccount = 20;
const perAddress = 50;

beforeAll(async () => {
  ctx = await createTestApp({
    LOGIN_MAX_FAILURES: String(perAccountAndAddress),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(perAccount),
    LOGIN_MAX_FAILURES_PER_IP: String(perAddress),
    LOGIN_WINDOW_SECONDS: '600',
  });
});
afterAll(() => ctx.close());

const xsrf = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };

/** Sends `count` requests at once and tallies the error codes of the answers (429s as `throttled`). */
async function inParallel(count: number, send: (index: number) => Promise<{ statusCode: number; json(): unknown }>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const tally: Record<string, number> = {};
  for (const response of responses) {
    const body = response.json() as { error?: { code?: string } };
    const code = body.error?.code ?? String(response.statusCode);
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
}

const login = (body: object, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/inner/login', remoteAddress, headers: xsrf, payload: body });

describe('parallel guesses are held to the limit (issue 20, M1)', () => {
  it('checks at most the limit of 200 wrong passwords sent at once from one address', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const tally = await inParallel(200, () => login({ username: user.username, password: 'guess' }, '203.0.113.61'));
    expect(tally).toEqual({ invalid_credentials: perAccountAndAddress, throttled: 200 - perAccountAndAddress });
  });

  it('holds the per-address limit of 200 guesses at many accounts sent at once from one address', async () => {
    // Four guesses per account, under its limit of five: only the address's window binds.
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.database, { type: 'merchant' })));
    const tally = await inParallel(200, (index) =>
      login({ username: users[index % users.length]?.username, password: 'guess' }, '203.0.113.65'),
    );
    expect(tally).toEqual({ invalid_credentials: perAddress, throttled: 200 - perAddress });
  });

  it('checks at most the limit of 200 wrong two-factor codes at sign-in', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(user.username);
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    const enabled = await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now())),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const wrong = totpAt(secret, timeStep(Date.now()) + 20);
    const tally = await inParallel(200, () =>
      login({ username: user.username, password: testPassword, code: wrong }, '203.0.113.62'),
    );
    // Five codes are checked; the fifth wrong one asks for the password again (issue 31, F4).
    expect(tally).toEqual({ two_factor_invalid: 4, two_factor_locked: 1, throttled: 195 });
  });

  it('checks at most 5 of 200 wrong two-factor codes sent at once from 200 addresses', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(user.username);
    const { secret } = (await browser.post('/api/inner/secretGoogleAuth')).json().data;
    await browser.post('/api/inner/user/2fa/enable', {
      password: testPassword,
      code: totpAt(secret, timeStep(Date.now())),
    });
    const wrong = totpAt(secret, timeStep(Date.now()) + 20);
    const tally = await inParallel(200, (index) =>
      login({ username: user.username, password: testPassword, code: wrong }, `198.18.0.${index}`),
    );
    expect(tally).toEqual({ two_factor_invalid: 4, two_factor_locked: 1, throttled: 195 });
  });

  it('checks at most the limit of 40 wrong current passwords sent at once', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(user.username);
    const tally = await inParallel(40, () =>
      browser.post('/api/inner/user/password', {
        current_password: 'wrong-one',
        new_password: 'new-password',
        confirm_password: 'new-password',
      }),
    );
    expect(tally).toEqual({ password_incorrect: perAccountAndAddress, throttled: 40 - perAccountAndAddress });
  });

  it('checks at most the limit of 200 wrong pairing codes sent at once', async () => {
    const device = { android_id: 'a1b2c3d4e5f60718', android_version: '14', app_version: '1.4.2', device_model: 'X' };
    const tally = await inParallel(200, (index) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/device/v1/pair',
        remoteAddress: '203.0.113.63',
        payload: { code: `WRNG-${String(index).padStart(4, 'A')}`, device },
      }),
    );
    expect(tally).toEqual({ pairing_code_invalid: perAccountAndAddress, throttled: 200 - perAccountAndAddress });
  });

  it('checks at most the per-address limit of 200 different invite codes sent at once', async () => {
    const tally = await inParallel(200, (index) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/inner/password/setup',
        remoteAddress: '203.0.113.64',
        headers: xsrf,
        payload: { code: `guess-${index}`, new_password: 'fresh-pass', confirm_password: 'fresh-pass' },
      }),
    );
    expect(tally).toEqual({ invite_invalid: perAddress, throttled: 200 - perAddress });
  });
});
