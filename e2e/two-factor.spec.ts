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
async function disableByApi(page: Page, secret: string, lastUsedStep: number, username = 'partner'): Promise<void> {
  let last = lastUsedStep;
  const current = await page.request.get('/api/inner/user/current');
  if (current.status() !== 200) {
    const login = await freshTotp(page, secret, last);
    const answer = await page.request.post(loginApi, {
      data: { username, password: demoPassword, code: login.code },
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

test('five wrong codes send a sign-in elsewhere back to the password, tell the owner, and leave its browser able to sign in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The owner signs in from this browser (which keeps a device cookie) and turns two-factor on.
  await signIn(page, 'agent');
  const started = await apiPost(page, '/secretGoogleAuth');
  const secret = (started.body.data as { secret: string }).secret;
  let lastUsedStep = totpStep();
  const enabled = await apiPost(page, '/user/2fa/enable', {
    password: demoPassword,
    code: totpCode(secret, lastUsedStep),
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

  // Someone who knows the password, in another browser, guesses codes.
  const elsewhere = await browser.newContext();
  const attacker = await elsewhere.newPage();
  try {
    await attacker.goto('/login');
    await submitLogin(attacker, 'agent', demoPassword);
    const codeField = attacker.getByRole('textbox', { name: 'Authentication code' });
    const wrong = wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await codeField.fill(wrong);
      const answer = attacker.waitForResponse((response) => response.url().endsWith(loginApi));
      await attacker.getByRole('button', { name: 'Sign in' }).click();
      expect((await answer).status()).toBe(attempt < 5 ? 422 : 401);
    }
    // The fifth asks for the password again: the code field is gone and the password is empty.
    await expect(loginError(attacker)).toHaveText(
      'Too many wrong codes. Enter your password again; the account owner has been told of the attempts.',
    );
    await expect(codeField).toHaveCount(0);
    await expect(attacker.getByLabel('Password', { exact: true })).toHaveValue('');
    // The owner, signed in here, is told at once.
    await expect(page.getByText('Sign-in attempts')).toBeVisible();
    await expect(page.getByText(/five wrong two-factor codes/)).toBeVisible();

    // The password again from that browser waits: its wrong codes counted as failed sign-ins at its address.
    await attacker.getByLabel('Password', { exact: true }).fill(demoPassword);
    const held = attacker.waitForResponse((response) => response.url().endsWith(loginApi));
    await attacker.getByRole('button', { name: 'Sign in' }).click();
    expect((await held).status()).toBe(429);
    await expect(loginError(attacker)).toHaveText(/^Too many attempts\. Try again in \d+ s\.$/);

    // The owner's browser, at the same address, signs in with its password and a code all the same.
    const next = await freshTotp(page, secret, lastUsedStep);
    await signOut(page);
    await submitLogin(page, 'agent', demoPassword);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(next.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    lastUsedStep = next.step;
  } finally {
    await elsewhere.close();
    await disableByApi(page, secret, lastUsedStep, 'agent');
  }
});
