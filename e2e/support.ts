import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/** Password of every demo user the server seeds into the fresh database of a run (apps/server/src/db/seed.ts). */
export const demoPassword = 'paydesk-demo';

export type DemoUser = 'root' | 'support' | 'merchant' | 'trader' | 'trader2' | 'agent' | 'partner';

export const loginApi = '/api/inner/login';

/** Fills the sign-in form and sends it, without waiting for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form in English and waits for the landing page of SPEC §2.1 (/settings). */
export async function signIn(page: Page, username: DemoUser | string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** The side menu of SPEC §2.2. */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The error line under the sign-in form. */
export function loginError(page: Page): Locator {
  return page.locator('form').getByRole('alert');
}

/** Computed CSS colour of an element as [r, g, b]. */
export async function rgbOf(locator: Locator): Promise<[number, number, number]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}

/** Where the people-and-access journeys save screenshots for a person to look at. */
export const peopleShotsDir = process.env.E2E_PEOPLE_SHOTS_DIR ?? '/tmp/shots-e2e-people';

/**
 * Saves a screenshot of the page (or of one element) as `<name>.png` in {@link peopleShotsDir}. An element taller
 * than the window (a long modal scrolls inside itself) is taken with the window grown to fit it, then put back.
 */
export async function saveShot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(peopleShotsDir, { recursive: true });
  const path = join(peopleShotsDir, `${name}.png`);
  if ('goto' in target) {
    await target.screenshot({ path, animations: 'disabled' });
    return;
  }
  const page = target.page();
  const viewport = page.viewportSize();
  const height = await target.evaluate((element) => element.scrollHeight);
  const grow = viewport !== null && height > viewport.height - 120;
  if (grow) await page.setViewportSize({ width: viewport.width, height: height + 160 });
  try {
    await target.screenshot({ path, animations: 'disabled' });
  } finally {
    if (grow) await page.setViewportSize(viewport);
  }
}

/** A username no earlier run used: `prefix_<time><random>`, within the 3–50 characters of a username. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Headers for a state-changing `page.request` call: the XSRF-TOKEN cookie echoed (fetched first if missing). */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const tokenOf = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  if ((await tokenOf()) === '') await page.request.get('/api/inner/csrf-cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(await tokenOf()) };
}

/** `POST /api/inner<path>` with the page's cookies and the XSRF header; returns the parsed body and status. */
export async function apiPost(
  page: Page,
  path: string,
  data?: unknown,
): Promise<{ status: number; body: { data?: unknown; error?: { code: string } } }> {
  const response = await page.request.post(`/api/inner${path}`, { data, headers: await xsrfHeaders(page) });
  return { status: response.status(), body: await response.json() };
}

/** The managed user of SPEC §3 as `GET /user` returns it, with the fields the journeys read. */
export interface ManagedUser {
  uuid: string;
  username: string;
  comment: string | null;
  is_blocked: boolean;
  invite_code: string | null;
  /** A pending invite link: the code's first characters (the code is kept hashed and shown once). */
  invite: { hint: string; expires_at: string | null } | null;
  profile?: {
    deposit_open?: boolean;
    fees: { direction: string; min_amount: string; max_amount: string | null; percentage: string }[];
    teamleads?: {
      user: { username: string };
      is_main: boolean;
      pay_in_percentage: string;
      pay_out_percentage: string;
    }[];
  } | null;
}

/** The user of `type` named exactly `username`, looked up as an admin through `GET /user`. */
export async function findUser(page: Page, type: string, username: string): Promise<ManagedUser | undefined> {
  const query = new URLSearchParams({ 'filter[type]': type, 'filter[username]': username });
  const response = await page.request.get(`/api/inner/user?${query}`);
  expect(response.status()).toBe(200);
  const items: ManagedUser[] = (await response.json()).data.items;
  return items.find((user) => user.username === username);
}

/** Signs out from the header and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Asserts that an element's text is drawn in red (an error colour). */
export async function expectRed(locator: Locator): Promise<void> {
  const [red, green, blue] = await rgbOf(locator);
  expect(red, 'red channel').toBeGreaterThan(150);
  expect(red).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);
}

/** URLs of the API calls a page sends with `method` to a path ending in `pathEnd`, recorded from now on. */
export function recordCalls(page: Page, method: string, pathEnd: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === method && pathname.startsWith('/api/inner/') && pathname.endsWith(pathEnd)) {
      calls.push(pathname);
    }
  });
  return calls;
}

/**
 * Waits until the page has run everything the last action set going: every task queued before now (two animation
 * frames, then a timer turn). A check that something did *not* happen (a request a form must not send) comes after it:
 * it waits on the page's own work, however slow the machine, never on a number of milliseconds.
 */
export async function afterPageTasks(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(), 0))),
      ),
  );
}

/* Two-factor codes (RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits, base32 secrets). */

export const totpStepSeconds = 30;

/** The TOTP time step of a moment: floor(unix seconds / 30). */
export function totpStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / totpStepSeconds);
}

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The six-digit code of `secret` (base32, spaces allowed) for time step `step`. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code the server will take after `lastUsedStep` was spent: it accepts the steps now-1..now+1 but never one at
 * or before the last used, so this picks the earliest step after it that is not behind the clock, waiting for
 * the clock when that step is still two or more steps ahead.
 */
export async function freshTotp(
  page: Page,
  secret: string,
  lastUsedStep: number,
): Promise<{ code: string; step: number }> {
  let now = totpStep();
  while (lastUsedStep + 1 > now + 1) {
    await page.waitForTimeout((totpStepSeconds - ((Date.now() / 1000) % totpStepSeconds)) * 1000 + 200);
    now = totpStep();
  }
  const step = Math.max(lastUsedStep + 1, now);
  return { code: totpCode(secret, step), step };
}

/* Accessibility (axe-core, WCAG 2.0 and 2.1, levels A and AA). */

/** Where the app keeps the colour scheme a user picked (SPEC §2.3): light, dark or auto. */
export const colorSchemeStorageKey = 'paydesk.color-scheme';

export type ColorScheme = 'light' | 'dark' | 'auto';

/**
 * Picks the app's colour scheme as if the user had chosen it earlier: stored in localStorage, then the page is
 * reloaded (or /login opened when the page has not been anywhere yet) and the scheme waited for. For light and dark
 * the device preference is emulated to match, so nothing else on the page can disagree; "auto" keeps the device's.
 */
export async function setTheme(page: Page, scheme: ColorScheme): Promise<void> {
  if (scheme !== 'auto') await page.emulateMedia({ colorScheme: scheme });
  if (!page.url().startsWith('http')) await page.goto('/login');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: colorSchemeStorageKey,
    value: scheme,
  });
  await page.reload();
  if (scheme !== 'auto') await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** The WCAG rule sets the journeys hold every screen to. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's landmark rules (its best practices, outside the WCAG tags), held too: one banner and one main, each at the top
 * level, and landmarks a screen reader can tell apart. A modal's title bar once read as a second banner, the API
 * reference as a second main, and the statistics' sections had the names of their own tables.
 */
export const landmarkRules = [
  'landmark-banner-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
];

/**
 * Waits until the screen stands still: no request in flight, no table or overlay still loading, and no transition
 * (a modal fading in, a tab underline moving) still running, so that axe measures the colours a user ends up seeing.
 * Endless animations (spinners) are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .mantine-LoadingOverlay-root')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per element that breaks a rule: rule id, impact, target, and what axe says is wrong with it. */
export function describeViolations(violations: AxeViolation[]): string {
  const lines: string[] = [];
  for (const violation of violations) {
    lines.push(`${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '');
      const html = node.html.length > 140 ? `${node.html.slice(0, 140)}…` : node.html;
      lines.push(`  ${node.target.join(' ')}  ${html}\n    ${summary}`);
    }
  }
  return lines.join('\n');
}

/**
 * Runs axe on the settled page (or only inside `within`, such as an open dialog, whose page behind is checked on
 * its own) and fails softly, so one run lists every screen's violations, with a readable list of rule, element and
 * reason under `label`.
 */
export async function expectNoAxeViolations(page: Page, label: string, within?: string): Promise<void> {
  await settle(page);
  const builder = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(landmarkRules.map((rule) => [rule, { enabled: true }])) })
    .withTags(axeTags);
  if (within !== undefined) builder.include(within);
  const { violations } = await builder.analyze();
  const nodes = violations.reduce((count, violation) => count + violation.nodes.length, 0);
  test.info().annotations.push({ type: 'axe', description: `${label}: ${nodes}` });
  expect.soft(nodes, `${label}: ${nodes} element(s) break WCAG rules\n${describeViolations(violations)}`).toBe(0);
}
