import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageShellOf, readPageShell } from '../src/plugins/page-shell';
import { Client, createTestApp, createUser, type TestContext } from './harness';

/** Issue 21: a screen's first HTML in the user's language and theme, and a signed-in user's screen with its frame. */

const index =
  '<!doctype html><html lang="en"><head><title>Paydesk</title></head><body><div id="root"></div></body></html>';
const shell = {
  titles: {
    en: { '/active': 'Active orders', '/users': 'Users', '/settings': 'Settings' },
    ru: { '/active': 'Активные заказы', '/users': 'Пользователи', '/settings': 'Настройки' },
  },
  appName: { en: 'Paydesk', ru: 'Paydesk' },
};

let ctx: TestContext;
let trader: Client;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'paydesk-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), index);
  writeFileSync(join(webRoot, 'page-preloads.json'), JSON.stringify({ '/active': ['/assets/OrdersPage-z3.js'] }));
  writeFileSync(join(webRoot, 'page-shell.json'), JSON.stringify(shell));
  ctx = await createTestApp({ WEB_DIST_DIR: webRoot });
  const user = await createUser(ctx.database, { type: 'trader' });
  trader = await new Client(ctx.app).signIn(user.username);
});
afterAll(() => ctx.close());

const page = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
const frameTitle = (html: string) => /<h1 class="pd-shell-title">([^<]*)<\/h1>/.exec(html)?.[1] ?? null;

describe("a screen's first HTML (page shell)", () => {
  it("frames a signed-in user's screen: the header, the menu's place and the screen's title", async () => {
    const response = await page('/active', trader.cookieHeader);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('cookie');
    expect(frameTitle(response.body)).toBe('Active orders');
    expect(response.body).toContain('<span class="pd-shell-brand">Paydesk</span>');
    expect(response.body).toContain('<div class="pd-shell-nav"></div>');
    // The screen's preloads are still there, and the query string does not matter.
    expect(response.body).toContain('href="/assets/OrdersPage-z3.js"');
    expect(frameTitle((await page('/active?tab=pay_out', trader.cookieHeader)).body)).toBe('Active orders');
  });

  it('answers in the language and theme the app mirrored in its cookies, and only in values it knows', async () => {
    const russianDark = await page('/active', `${trader.cookieHeader}; paydesk.language=ru; paydesk.color-scheme=dark`);
    expect(russianDark.body).toContain('<html lang="ru" data-mantine-color-scheme="dark">');
    expect(frameTitle(russianDark.body)).toBe('Активные заказы');
    // "auto" leaves the scheme to the system; unknown values are the defaults, never written back.
    const auto = await page('/active', `${trader.cookieHeader}; paydesk.color-scheme=auto`);
    expect(auto.body).toContain('<html lang="en">');
    const forged = await page(
      '/active',
      `${trader.cookieHeader}; paydesk.language="><script>; paydesk.color-scheme=x"`,
    );
    expect(forged.body).toContain('<html lang="en">');
    expect(forged.body).not.toContain('<script>');
    // Without a session too: the sign-in page in the user's language and theme.
    const login = await page('/login', 'paydesk.language=ru; paydesk.color-scheme=light');
    expect(login.body).toContain('<html lang="ru" data-mantine-color-scheme="light">');
  });

  it('frames nothing without a live session, on a screen the role may not see, or on a public screen', async () => {
    expect(frameTitle((await page('/active')).body)).toBeNull();
    expect(frameTitle((await page('/active', 'paydesk_session=forged')).body)).toBeNull();
    // A trader has no /users: the app shows "not found" there, so no title of it first.
    expect(frameTitle((await page('/users', trader.cookieHeader)).body)).toBeNull();
    expect(frameTitle((await page('/login', trader.cookieHeader)).body)).toBeNull();
    expect(frameTitle((await page('/no-such-screen', trader.cookieHeader)).body)).toBeNull();
    // Encoded, the path is not the screen's: no frame (the app shows "not found" for it too).
    expect(frameTitle((await page('/%61ctive', trader.cookieHeader)).body)).toBeNull();
    // A signed-out session is not a session.
    const leaving = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'trader' })).username);
    const cookie = leaving.cookieHeader;
    expect(frameTitle((await page('/active', cookie)).body)).toBe('Active orders');
    await leaving.post('/api/inner/logout');
    expect(frameTitle((await page('/active', cookie)).body)).toBeNull();
  });

  it('reads the session only for a signed-in screen, never for an unknown path or a public screen', async () => {
    const identify = vi.spyOn(ctx.app.sessions, 'identify');
    try {
      for (const path of ['/no-such-screen', '/login', '/favicon.ico', '/constructor', '/__proto__']) {
        const response = await page(path, trader.cookieHeader);
        expect(response.statusCode, path).toBe(200);
        expect(frameTitle(response.body), path).toBeNull();
      }
      expect(identify).not.toHaveBeenCalled();
      await page('/active', trader.cookieHeader);
      expect(identify).toHaveBeenCalledTimes(1);
    } finally {
      identify.mockRestore();
    }
  });

  it("writes the build's titles as text, never as markup", () => {
    const user = { type: 'merchant', roles: [], insurancePaid: false, isRoot: false } as const;
    const escaped = pageShellOf(
      { ...shell, titles: { ...shell.titles, en: { ...shell.titles.en, '/settings': '<b>Settings</b> & "more"' } } },
      index,
      { path: '/settings', user, cookies: {} },
    );
    expect(frameTitle(escaped)).toBe('&lt;b&gt;Settings&lt;/b&gt; &amp; &quot;more&quot;');
  });
});

describe("/login's first HTML: the sign-in card as it first shows", () => {
  const signIn = {
    en: {
      title: 'Sign in',
      subtitle: 'Paydesk back office',
      username: 'Username',
      password: 'Password',
      submit: 'Sign in',
    },
    ru: { title: 'Вход', subtitle: 'Бэк-офис Paydesk', username: 'Логин', password: 'Пароль', submit: 'Войти' },
  };
  const withSignIn = { ...shell, signIn };
  const loginPage = index.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/LoginPage-a1.js"></head>',
  );
  const login = (cookies: Record<string, string> = {}, user: Parameters<typeof pageShellOf>[2]['user'] = null) =>
    pageShellOf(withSignIn, loginPage, { path: '/login', user, cookies });

  it('frames /login without a session: heading, subtitle, the labels and the button, in the language asked', () => {
    const english = login();
    expect(frameTitle(english)).toBe('Sign in');
    expect(english).toContain('<p class="pd-shell-subtitle">Paydesk back office</p>');
    expect(english).toContain('<span class="pd-shell-label">Username</span>');
    expect(english).toContain('<span class="pd-shell-button">Sign in</span>');
    const russian = login({ 'paydesk.language': 'ru' });
    expect(frameTitle(russian)).toBe('Вход');
    expect(russian).toContain('<span class="pd-shell-label">Пароль</span>');
    expect(russian).toContain('<span class="pd-shell-button">Войти</span>');
  });

  it('takes no typing before the app starts: inert, and no input, button or form in it', () => {
    const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(login())?.[1] ?? '';
    expect(root).toMatch(/^<div class="pd-shell" aria-busy="true" inert>/);
    expect(root).not.toMatch(/<(input|button|form|textarea|select|a)\b/);
  });

  it('holds the code back until the card is painted, as a signed-in frame does', () => {
    const html = login();
    expect(html.replace(/<template id="pd-preloads">[\s\S]*?<\/template>/, '')).not.toContain('modulepreload');
    expect(html).toContain(
      '<template id="pd-preloads"><link rel="modulepreload" crossorigin href="/assets/LoginPage-a1.js"></template>',
    );
  });

  it('frames no /login with a session (the app sends the user on), nor another public screen', () => {
    const user = { type: 'trader', roles: [], insurancePaid: true, isRoot: false } as const;
    expect(frameTitle(login({}, user))).toBeNull();
    expect(frameTitle(pageShellOf(withSignIn, index, { path: '/invite', user: null, cookies: {} }))).toBeNull();
  });

  it("writes the texts as text, and reads a build's shell without them as one that frames no /login", () => {
    const hostile = { ...signIn, en: { ...signIn.en, subtitle: '<img src=x onerror=alert(1)>' } };
    const html = pageShellOf({ ...shell, signIn: hostile }, index, { path: '/login', user: null, cookies: {} });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const root = mkdtempSync(join(tmpdir(), 'paydesk-shell-'));
    writeFileSync(join(root, 'page-shell.json'), JSON.stringify({ ...shell, signIn: { en: signIn.en } }));
    const partial = readPageShell(root);
    expect(partial?.signIn).toBeUndefined();
    expect(frameTitle(pageShellOf(partial ?? shell, index, { path: '/login', user: null, cookies: {} }))).toBeNull();
    writeFileSync(join(root, 'page-shell.json'), JSON.stringify(withSignIn));
    expect(readPageShell(root)?.signIn).toEqual(signIn);
  });
});
