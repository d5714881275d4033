import { expect, type Request, test } from '@playwright/test';
import { afterPageTasks, demoPassword, loginApi, loginError, submitLogin } from './support';

/** SPEC §2.4 Login, §5 Login validation, §8 login errors. */

test('the sign-in page is in English by default', async ({ page }) => {
  await page.goto('/login');

  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByText('Paydesk back office')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Sign in · Paydesk');
  // Nobody is signed in: no side menu and no sign-out button in the header.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

type Box = { x: number; y: number; width: number; height: number };

test("the sign-in card is on screen before the app's code has run, at the place and size of the form", async ({
  browser,
}) => {
  // The server's first HTML alone (no script): the card's heading and its boxes, nothing to type into.
  const withoutCode = await browser.newContext({ javaScriptEnabled: false });
  const first = await withoutCode.newPage();
  await first.goto('/login');
  await expect(first.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(first.getByText('Paydesk back office')).toBeVisible();
  await expect(first.locator('input, button, form')).toHaveCount(0);
  await expect(first.locator('#root > [inert]')).toHaveCount(1);
  const frame = await first.locator('#root section').boundingBox();
  const frameTitle = await first.locator('h1').boundingBox();
  await withoutCode.close();
  // The app's form takes the card's place exactly, so nothing moves when it comes.
  const started = await browser.newContext();
  const page = await started.newPage();
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  const same = (box: Box | null, frameBox: Box | null) => {
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs((box?.[side] ?? Number.NaN) - (frameBox?.[side] ?? Number.NaN)), side).toBeLessThan(0.5);
    }
  };
  same(await page.locator('section[aria-labelledby="login-title"]').boundingBox(), frame);
  same(await page.getByRole('heading', { name: 'Sign in', level: 1 }).boundingBox(), frameTitle);
  await started.close();
});

test('switching to Russian translates the page, and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU', { exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Вход', level: 1 })).toBeVisible();
  await expect(page.getByText('Бэк-офис Paydesk')).toBeVisible();
  await expect(page.getByLabel('Логин')).toBeVisible();
  await expect(page.getByLabel('Пароль', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Язык' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page).toHaveTitle('Вход · Paydesk');

  await page.reload();

  await expect(page.getByRole('heading', { name: 'Вход', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('an empty form says both fields are required and sends nothing', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/inner/')) apiCalls.push(request.url());
  });
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign in' });

  await submit.click();
  await expect(loginError(page)).toHaveText('Both fields are required.');

  // A username alone (or blanks only) is still refused on the client.
  await page.getByLabel('Username').fill('   ');
  await page.getByLabel('Password', { exact: true }).fill('');
  await submit.click();
  await page.getByLabel('Username').fill('root');
  await submit.click();
  await expect(loginError(page)).toHaveText('Both fields are required.');

  // The message sits under the form's button.
  const buttonBox = await submit.boundingBox();
  const errorBox = await loginError(page).boundingBox();
  expect(errorBox?.y ?? 0).toBeGreaterThan((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0) - 1);

  // Everything the click set going has run: no stray request (no CSRF fetch, no login).
  await afterPageTasks(page);
  expect(apiCalls.filter((url) => url.includes(loginApi) || url.includes('/csrf-cookie'))).toEqual([]);
});

test('a wrong password shows the server message under the form, in English and in Russian', async ({ page }) => {
  await page.goto('/login');

  const english = page.waitForResponse((response) => response.url().endsWith(loginApi));
  await submitLogin(page, 'agent', 'definitely-wrong');
  expect((await english).status()).toBe(401);
  await expect(loginError(page)).toHaveText('Wrong username or password.');
  await expect(page).toHaveURL(/\/login$/);
  // The submit button is usable again once the answer is in.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU', { exact: true }).click();
  const russian = page.waitForResponse((response) => response.url().endsWith(loginApi));
  await page.getByLabel('Пароль', { exact: true }).fill('still-wrong');
  await page.getByRole('button', { name: 'Войти' }).click();
  const answer = await russian;
  expect(answer.status()).toBe(401);
  expect(answer.request().headers()['x-language']).toBe('ru');
  await expect(loginError(page)).toHaveText('Неверный логин или пароль.');
});

test('repeated failures for one account are throttled with a 429 whose message shows under the form', async ({
  page,
}) => {
  // A name no demo user has, so the lock (LOGIN_MAX_FAILURES=5 per account and address for 60 s) hits nobody else.
  const username = 'ghost-e2e';
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('nope-nope');
  const submit = page.getByRole('button', { name: 'Sign in' });

  const statuses: number[] = [];
  for (let attempt = 0; attempt < 10 && !statuses.includes(429); attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith(loginApi));
    await submit.click();
    statuses.push((await answer).status());
    await expect(submit).toBeEnabled();
  }

  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  await expect(loginError(page)).toHaveText(/^Too many attempts\. Try again in \d+ s\.$/);
});

test('a correct sign-in shows the submitting label and lands on /settings', async ({ page }) => {
  await page.goto('/login');
  // Hold the sign-in call so the busy state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${loginApi}`, async (route) => {
    await held;
    await route.continue();
  });

  await submitLogin(page, 'merchant', demoPassword);

  const busy = page.getByRole('button', { name: 'Signing in…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText('merchant', { exact: true })).toBeVisible();
});
