import { expect, type Page, test } from '@playwright/test';
import { afterPageTasks, demoPassword, loginApi, rgbOf, signIn, submitLogin } from './support';

/** SPEC §4/§7 session calls (sign-out, CSRF double submit), §2.11 and §8 password change. */

/** Status of `GET /api/inner/user/current` sent by the page itself, with the browser's cookies. */
function currentUserStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/inner/user/current', { credentials: 'include' });
    return response.status;
  });
}

test('signing out from the header ends the session', async ({ page }) => {
  await signIn(page, 'root');
  expect(await currentUserStatus(page)).toBe(200);

  const logout = page.waitForResponse((response) => response.url().endsWith('/api/inner/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await logout).status()).toBe(200);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect(await currentUserStatus(page)).toBe(401);

  // Going back to a guarded screen does not bring the session back.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('a state-changing call without the X-XSRF-TOKEN header is refused with 419', async ({ page }) => {
  await page.goto('/login');
  const credentials = { username: 'support', password: demoPassword };

  // No XSRF cookie and no header.
  const bare = await page.request.post(loginApi, { data: credentials });
  expect(bare.status()).toBe(419);
  expect((await bare.json()).error.code).toBe('csrf_mismatch');

  // The cookie alone is not enough: the header must echo it.
  expect((await page.request.get('/api/inner/csrf-cookie')).status()).toBe(204);
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token).toBeTruthy();
  const cookieOnly = await page.request.post(loginApi, { data: credentials });
  expect(cookieOnly.status()).toBe(419);

  // A header that does not match the cookie is refused as well.
  const forged = await page.request.post(loginApi, { data: credentials, headers: { 'X-XSRF-TOKEN': 'forged' } });
  expect(forged.status()).toBe(419);

  // With the header echoing the cookie the same call goes through.
  const echoed = await page.request.post(loginApi, {
    data: credentials,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') },
  });
  expect(echoed.status()).toBe(200);
});

/** Fills the password change form on /settings and sends it. */
async function changePassword(page: Page, current: string, next: string, confirm = next): Promise<void> {
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(confirm);
  await form.getByRole('button', { name: 'Change password' }).click();
}

test('partner changes the password: a wrong current one is refused in red, a valid change is confirmed', async ({
  page,
}) => {
  const newPassword = 'partner-e2e-pass';
  await signIn(page, 'partner');
  const form = page.getByRole('region', { name: 'Change password' });

  // Wrong current password: the server's message in red under the form, no success alert.
  await changePassword(page, 'not-my-password', newPassword);
  const failure = form.getByRole('alert');
  await expect(failure).toHaveText('The current password is incorrect.');
  const [red, green, blue] = await rgbOf(failure);
  expect(red).toBeGreaterThan(150);
  expect(red).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);
  await expect(form.getByRole('status')).toHaveCount(0);

  let changed = false;
  try {
    await changePassword(page, demoPassword, newPassword);
    await expect(form.getByRole('status')).toHaveText('Your password has been changed.');
    changed = true;
    await expect(failure).toHaveCount(0);
    // The form is emptied after success.
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // The old password no longer opens the account; the new one does.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'partner', demoPassword);
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    // Back to the demo password, so the demo user stays usable.
    await changePassword(page, newPassword, demoPassword);
    await expect(form.getByRole('status')).toHaveText('Your password has been changed.');
    changed = false;
  } finally {
    if (changed) await restorePassword(page, newPassword);
  }

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, 'partner', demoPassword);
});

test('the password change form checks lengths and the confirmation before sending', async ({ page }) => {
  await signIn(page, 'partner');
  const form = page.getByRole('region', { name: 'Change password' });
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/inner/user/password')) sent += 1;
  });

  const newField = form.getByLabel('New password', { exact: true });
  const confirmField = form.getByLabel('Confirm new password');

  await changePassword(page, demoPassword, 'short');
  await expect(newField).toHaveAccessibleDescription('The password must have at least 6 characters.');
  await expect(confirmField).toHaveAccessibleDescription('The password must have at least 6 characters.');

  await changePassword(page, demoPassword, 'long-enough-1', 'long-enough-2');
  await expect(newField).toHaveAccessibleDescription('');
  await expect(confirmField).toHaveAccessibleDescription('The passwords do not match.');

  await afterPageTasks(page);
  expect(sent).toBe(0);
});

test('in Russian the password change failure comes back in Russian', async ({ page }) => {
  await signIn(page, 'merchant');
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU', { exact: true }).click();
  const form = page.getByRole('region', { name: 'Смена пароля' });

  await form.getByLabel('Текущий пароль').fill('not-my-password');
  await form.getByLabel('Новый пароль', { exact: true }).fill('whatever-new');
  await form.getByLabel('Подтверждение нового пароля').fill('whatever-new');
  await form.getByRole('button', { name: 'Сменить пароль' }).click();

  await expect(form.getByRole('alert')).toHaveText('Текущий пароль указан неверно.');
  await expect(
    page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Баланс' }),
  ).toBeVisible();
});

/** Puts the demo password back through the API if the journey stopped half-way. */
async function restorePassword(page: Page, current: string): Promise<void> {
  await page.request.get('/api/inner/csrf-cookie');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(token) };
  await page.request.post(loginApi, { data: { username: 'partner', password: current }, headers });
  await page.request.post('/api/inner/user/password', {
    data: { current_password: current, new_password: demoPassword, confirm_password: demoPassword },
    headers,
  });
}
