import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiPost,
  demoPassword,
  expectRed,
  freshTotp,
  loginApi,
  loginError,
  saveShot,
  signIn,
  signOut,
  submitLogin,
  totpCode,
  totpStep,
  xsrfHeaders,
} from './support';

/**
 * SPEC §2.11 two-factor enable (6-box code entry, current password), §4 session, §9 six-digit codes. The codes
 * are computed here from the secret the server hands out (RFC 6238), as an authenticator app would.
 */

/** Types a six-digit code into the six boxes of a code entry, the way a person does: first box, then type. */
async function typeCode(card: Locator, code: string): Promise<void> {
  const first = card.getByRole('textbox', { name: 'Digit 1 of 6' });
  await first.click();
  await card.page().keyboard.type(code);
  for (const [index, digit] of [...code].entries()) {
    await expect(card.getByRole('textbox', { name: `Digit ${index + 1} of 6` })).toHaveValue(digit);
  }
}

/** A six-digit code that none of the steps the server would accept right now produces. */
function wrongCode(secret: string): string {
  const now = totpStep();
  const valid = [now - 1, now, now + 1, now + 2].map((step) => totpCode(secret, step));
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code)) ?? '333333';
}

/**
 * Puts the partner back to sign-in without two-factor if the journey stopped half-way, through the API: signs in
 * with a fresh code when the page has no session, then turns two-factor off with the next fresh code.
 */
async function disableByApi(page: Page, secret: string, lastUsedStep: number): Promise<void> {
  let last = lastUsedStep;
  const current = await page.request.get('/api/inner/user/current');
  if (current.status() !== 200) {
    const login = await freshTotp(page, secret, last);
    const answer = await page.request.post(loginApi, {
      data: { username: 'partner', password: demoPassword, code: login.code },
      headers: await xsrfHeaders(page),
    });
    expect(answer.status(), 'sign-in for the clean-up').toBe(200);
    last = login.step;
  }
  const off = await freshTotp(page, secret, last);
  const disabled = await apiPost(page, '/user/2fa/disable', { password: demoPassword, code: off.code });
  expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
}

test('partner turns two-factor on, signs in with a code from the next step, and turns it off again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'partner');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();

  const started = page.waitForResponse((response) => response.url().endsWith('/api/inner/secretGoogleAuth'));
  await card.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = ((await (await started).json()).data as { secret: string }).secret;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // The QR code and the secret in blocks of four, as typed into an app by hand.
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const grouped = secret.replace(/(.{4})(?=.)/g, '$1 ');
  await expect(card.getByText(grouped, { exact: true })).toBeVisible();
  const shownSecret = (await card.getByText(grouped, { exact: true }).textContent()) ?? '';
  expect(shownSecret.replaceAll(' ', '')).toBe(secret);
  await saveShot(card, 'two-factor-qr-step');

  let enabled = false;
  let lastUsedStep = 0;
  try {
    // A wrong code is refused in red and the boxes are emptied for another try.
    await typeCode(card, wrongCode(secret));
    await card.getByLabel('Current password').fill(demoPassword);
    await card.getByRole('button', { name: 'Turn on' }).click();
    const refused = card.getByRole('alert');
    await expect(refused).toHaveText('The code is not valid. Enter the current code from your authenticator app.');
    await expectRed(refused);
    await expect(card.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');

    // The current code, with the current password.
    const step = totpStep();
    await typeCode(card, totpCode(secret, step));
    const enabling = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/2fa/enable'));
    await card.getByRole('button', { name: 'Turn on' }).click();
    expect((await enabling).status()).toBe(200);
    enabled = true;
    lastUsedStep = step;
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Disable two-factor' })).toBeVisible();

    // Signing in now asks for the code after the password, without calling that an error.
    await signOut(page);
    await submitLogin(page, 'partner', demoPassword);
    const codeField = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    await expect(loginError(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);

    // The code already spent on turning it on is not taken twice.
    await codeField.fill(totpCode(secret, lastUsedStep));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginError(page)).toHaveText(
      'The code is not valid. Enter the current code from your authenticator app.',
    );

    // The next step's code (within the one-step drift the server allows) opens the session.
    const next = await freshTotp(page, secret, lastUsedStep);
    expect(next.step).toBeGreaterThan(lastUsedStep);
    await codeField.fill(next.code);
    const signedIn = page.waitForResponse((response) => response.url().endsWith(loginApi));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await signedIn).status()).toBe(200);
    lastUsedStep = next.step;
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();

    // Turning it off takes the password and yet another fresh code (a later step than the one just used).
    await card.getByRole('button', { name: 'Disable two-factor' }).click();
    const off = await freshTotp(page, secret, lastUsedStep);
    await typeCode(card, off.code);
    await card.getByLabel('Current password').fill(demoPassword);
    const disabling = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/2fa/disable'));
    await card.getByRole('button', { name: 'Turn off' }).click();
    expect((await disabling).status()).toBe(200);
    enabled = false;
    await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
    await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Enable two-factor' })).toBeVisible();
  } finally {
    if (enabled) await disableByApi(page, secret, lastUsedStep);
  }

  // Without two-factor, the password alone signs in again.
  await signOut(page);
  await signIn(page, 'partner');
});
