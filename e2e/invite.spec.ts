import { expect, test } from '@playwright/test';
import { afterPageTasks, expectRed, findUser, recordCalls, saveShot, signIn, submitLogin, uniqueName } from './support';

/** SPEC §2.5 invite page, §2.8 invite link in Details, §5 invite password rules, §8 invite failure in red. */

test('an invited merchant sets a password from the link once, then signs in with it', async ({ page, browser }) => {
  const username = uniqueName('e2e_merchant');
  const password = 'invited-e2e-pass';

  // Root creates a merchant with an invite link: the password field goes away and Details opens at once.
  await signIn(page, 'root');
  await page.goto('/merchants');
  await page.getByRole('button', { name: 'Create merchant' }).click();
  const form = page.getByRole('dialog', { name: 'Create merchant' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill('typed-before');
  await form.getByRole('switch', { name: 'Create invite link' }).check();
  await expect(form.getByLabel('Password', { exact: true })).toHaveCount(0);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/inner/user',
  );
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const created = await answered;
  const body = created.request().postDataJSON();
  expect(body).toMatchObject({ type: 'merchant', username, create_invite_link: true });
  expect(body).not.toHaveProperty('password');

  const details = page.getByRole('dialog', { name: `User ${username}` });
  await expect(details).toBeVisible();
  // The code is answered once, to the admin who made the user; the list keeps only its first characters.
  const code: string = (await created.json()).data.invite_code ?? '';
  expect(code).not.toBe('');
  const stored = await findUser(page, 'merchant', username);
  expect(stored?.invite_code).toBeNull();
  expect(stored?.invite?.hint).toBe(code.slice(0, 4));
  const origin = new URL(page.url()).origin;
  const link = `${origin}/invite_code?code=${encodeURIComponent(code)}`;
  const linkRow = details.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Invite link' }) });
  await expect(linkRow.getByRole('cell')).toContainText(link);
  await expect(linkRow.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(
    details.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Invite code' }) }),
  ).toContainText(code);
  await expect(details.getByText('Copy the link now: it is shown only this once.')).toBeVisible();

  // The invited merchant opens the link signed out, in a browser of their own.
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  const setupCalls = recordCalls(invited, 'POST', '/password/setup');
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Set your password', level: 1 })).toBeVisible();
  await expect(invited.getByRole('navigation')).toHaveCount(0);
  const newPassword = invited.getByLabel('New password', { exact: true });
  const confirmPassword = invited.getByLabel('Confirm password', { exact: true });
  const save = invited.getByRole('button', { name: 'Save' });

  // Too short (after trimming) for both fields, then a mismatch: messages under the fields, nothing sent.
  await newPassword.fill('abc');
  await confirmPassword.fill('      ');
  await save.click();
  await expect(newPassword).toHaveAccessibleDescription('Password should be fill');
  await expect(confirmPassword).toHaveAccessibleDescription('Password should be fill');
  await expectRed(invited.getByText('Password should be fill').first());
  await saveShot(invited, 'invite-page-error');
  await newPassword.fill(password);
  await confirmPassword.fill(`${password}-other`);
  await save.click();
  await expect(confirmPassword).toHaveAccessibleDescription('Password should be equal');
  await expect(newPassword).toHaveAccessibleDescription('');
  await expectRed(invited.getByText('Password should be equal'));
  await afterPageTasks(invited);
  expect(setupCalls).toEqual([]);

  // Generate fills both fields with one strong password and shows it to copy.
  await invited.getByRole('button', { name: 'Generate' }).click();
  const generated = await newPassword.inputValue();
  expect(generated).toHaveLength(16);
  await expect(confirmPassword).toHaveValue(generated);
  await expect(invited.getByText(generated, { exact: true })).toBeVisible();

  // A password of one's own is saved, and the page goes to sign-in.
  await newPassword.fill(password);
  await confirmPassword.fill(password);
  // A first visit has no XSRF cookie yet: the client takes the 419, fetches the cookie and sends again (lib/http).
  const setup = invited.waitForResponse(
    (response) => response.url().endsWith('/api/inner/password/setup') && response.status() !== 419,
  );
  await save.click();
  const answer = await setup;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ code, new_password: password, confirm_password: password });
  await expect(invited).toHaveURL(/\/login$/);
  await expect(invited.getByText('Your password is set. Sign in with it.')).toBeVisible();

  await submitLogin(invited, username, password);
  await expect(invited).toHaveURL(/\/settings$/);
  await expect(invited.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(invited.getByRole('region', { name: 'Profile' }).getByText(username, { exact: true })).toBeVisible();
  await invitedContext.close();

  // The link works once: opened again, saving shows the server's refusal in red and stays on the page.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto(link);
  await again.getByLabel('New password', { exact: true }).fill('another-pass');
  await again.getByLabel('Confirm password', { exact: true }).fill('another-pass');
  const refused = again.waitForResponse(
    (response) => response.url().endsWith('/api/inner/password/setup') && response.status() !== 419,
  );
  await again.getByRole('button', { name: 'Save' }).click();
  expect((await refused).status()).toBe(422);
  const failure = again.getByRole('alert').filter({ hasText: 'invite link' });
  await expect(failure).toHaveText(
    'This invite link is not valid: it was used already, has expired or does not exist.',
  );
  await expectRed(failure);
  await expect(again).toHaveURL(/\/invite_code\?code=/);
  await saveShot(again, 'invite-page-used-link');
  await againContext.close();

  // The details of the merchant no longer offer the spent link.
  const after = await findUser(page, 'merchant', username);
  expect(after?.invite).toBeNull();
});

test('the invite page without a code says so instead of sending', async ({ page }) => {
  const setupCalls = recordCalls(page, 'POST', '/password/setup');
  await page.goto('/invite_code');
  await page.getByLabel('New password', { exact: true }).fill('some-password');
  await page.getByLabel('Confirm password', { exact: true }).fill('some-password');
  await page.getByRole('button', { name: 'Save' }).click();
  const failure = page.getByText('This link has no invite code. Open the link from your invitation again.');
  await expect(failure).toBeVisible();
  await expectRed(failure);
  await afterPageTasks(page);
  expect(setupCalls).toEqual([]);
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
