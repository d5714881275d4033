import { xsrfCookie } from '@paydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strictTransportSecurity } from '../src/http/transport';
import { createTestApp, createUser, type TestContext, testPassword } from './harness';

/**
 * Issue 31 F9: over https (the server's own TLS, or a trusted proxy's X-Forwarded-Proto) every cookie is Secure and
 * every answer carries HSTS; over plain http (the demo on http://localhost) neither, or the browser would drop them.
 */
const tlsMark = 'x-test-tls';

async function appWith(env: Record<string, string>) {
  return createTestApp(env, (app) => {
    // light-my-request's socket is never a TLS socket: this test's requests marked so stand for one that is.
    app.addHook('onRequest', async (request) => {
      if (request.headers[tlsMark]) (request.raw.socket as { encrypted?: boolean }).encrypted = true;
    });
  });
}

/** Signs in over the given headers; the answers of the XSRF cookie, the sign-in and the sign-out. */
async function journey(ctx: TestContext, headers: Record<string, string>) {
  const user = await createUser(ctx.database, { type: 'merchant' });
  const csrf = await ctx.app.inject({ method: 'GET', url: '/api/inner/csrf-cookie', headers });
  const xsrf = csrf.cookies.find((cookie) => cookie.name === xsrfCookie)?.value ?? '';
  const cookie = `${xsrfCookie}=${xsrf}`;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/inner/login',
    headers: { ...headers, cookie, 'x-xsrf-token': xsrf },
    payload: { username: user.username, password: testPassword },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = login.cookies.find((c) => c.name === ctx.config.SESSION_COOKIE_NAME);
  const logout = await ctx.app.inject({
    method: 'POST',
    url: '/api/inner/logout',
    headers: { ...headers, cookie: `${cookie}; ${session?.name}=${session?.value}`, 'x-xsrf-token': xsrf },
  });
  expect(logout.statusCode, logout.body).toBe(200);
  return { csrf, login, logout };
}

const secureFlags = (answers: Awaited<ReturnType<typeof journey>>) =>
  [answers.csrf, answers.login, answers.logout].flatMap((answer) =>
    answer.cookies.map((cookie) => [cookie.name, cookie.secure === true]),
  );

describe('Secure cookies and HSTS follow the scheme the request came over', () => {
  let plain: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    plain = await appWith({});
    proxied = await appWith({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('over plain http: no HSTS, no Secure cookie (the demo on http://localhost keeps working)', async () => {
    const answers = await journey(plain, {});
    expect(secureFlags(answers).length).toBeGreaterThanOrEqual(3);
    expect(secureFlags(answers).every(([, secure]) => secure === false)).toBe(true);
    for (const answer of [answers.csrf, answers.login, answers.logout]) {
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("over the server's own TLS: HSTS and Secure cookies", async () => {
    const answers = await journey(plain, { [tlsMark]: '1' });
    expect(secureFlags(answers).every(([, secure]) => secure === true)).toBe(true);
    for (const answer of [answers.csrf, answers.login, answers.logout]) {
      expect(answer.headers['strict-transport-security']).toBe(strictTransportSecurity);
    }
    const missing = await plain.app.inject({ method: 'GET', url: '/api/inner/nowhere', headers: { [tlsMark]: '1' } });
    expect(missing.headers['strict-transport-security']).toBe(strictTransportSecurity);
  });

  it('behind a trusted TLS proxy (X-Forwarded-Proto: https): HSTS and Secure cookies', async () => {
    const answers = await journey(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(secureFlags(answers).every(([, secure]) => secure === true)).toBe(true);
    expect(answers.login.headers['strict-transport-security']).toBe(strictTransportSecurity);
    // The same proxy forwarding plain http: neither.
    const overHttp = await journey(proxied, { 'x-forwarded-proto': 'http' });
    expect(secureFlags(overHttp).some(([, secure]) => secure)).toBe(false);
    expect(overHttp.login.headers['strict-transport-security']).toBeUndefined();
  });

  it("the router's own refusals (400, 414) carry HSTS over https too, and not over http", async () => {
    for (const url of ['/api/%c0%afinner/x', `/api/inner/user/${'a'.repeat(3000)}`]) {
      const overHttps = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.statusCode, url.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(overHttps.headers['strict-transport-security'], url.slice(0, 30)).toBe(strictTransportSecurity);
      const overHttp = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security'], url.slice(0, 30)).toBeUndefined();
    }
  });

  it('a client claiming https itself, with no trusted proxy, is not believed', async () => {
    const answers = await journey(plain, { 'x-forwarded-proto': 'https' });
    expect(secureFlags(answers).some(([, secure]) => secure)).toBe(false);
    expect(answers.login.headers['strict-transport-security']).toBeUndefined();
  });

  it('COOKIE_SECURE=true marks cookies Secure whatever the scheme', async () => {
    const forced = await appWith({ COOKIE_SECURE: 'true' });
    try {
      const answers = await journey(forced, {});
      expect(secureFlags(answers).every(([, secure]) => secure === true)).toBe(true);
    } finally {
      await forced.close();
    }
  });
});
