import { expect, type Locator, type Page, test } from '@playwright/test';
import { createPayIn, freshAmount, merchantApiClient } from './orderSupport';
import { afterPageTasks, expectNoAxeViolations, expectRed, recordCalls, saveShot, setTheme, signIn } from './support';

/** SPEC §2.11 settings cards per role: API key and secret, notifications, webhooks, own fees; §5 and §8 rules. */

/** The form of one notification setting (each has its own Save). */
function settingForm(region: Locator, label: string): Locator {
  return region.locator('form').filter({ has: region.page().getByRole('textbox', { name: label }) });
}

test('merchant issues an API secret that is shown once, then a new one after confirming', async ({ page }) => {
  await signIn(page, 'merchant');
  const card = page.getByRole('region', { name: 'API key and secret' });
  await expect(card).toBeVisible();
  // A fresh demo merchant has no key yet; after an earlier issue the button asks before replacing the secret.
  const first = card.getByRole('button', { name: /^Generate (key and secret|new secret)$/ });
  const needsConfirm = (await first.textContent()) === 'Generate new secret';

  const issued = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/secret_key'));
  await first.click();
  if (needsConfirm)
    await page.getByRole('dialog', { name: 'Generate a new secret?' }).getByRole('button').last().click();
  const answer = await issued;
  expect(answer.status()).toBe(200);
  const { api_key: apiKey, secret_key: secret } = (await answer.json()).data as { api_key: string; secret_key: string };
  expect(secret.length).toBeGreaterThan(16);

  const once = card.getByRole('region', { name: 'Copy your secret now' });
  await expect(once).toBeVisible();
  await expect(once).toContainText(
    'This secret is shown only once and will not be shown again. Store it somewhere safe before you leave this page.',
  );
  await expect(once.getByText(secret, { exact: true })).toBeVisible();
  await expect(once.getByText(apiKey, { exact: true })).toBeVisible();

  // A reload loses the secret on purpose; the key stays.
  await page.reload();
  await expect(card.getByText(apiKey, { exact: true })).toBeVisible();
  await expect(once).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // With a key in place a new secret needs a confirmation; Cancel sends nothing.
  const calls = recordCalls(page, 'POST', '/user/secret_key');
  await card.getByRole('button', { name: 'Generate new secret' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate a new secret?' });
  await expect(confirm).toContainText('The current secret stops working at once.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(calls).toEqual([]);

  await card.getByRole('button', { name: 'Generate new secret' }).click();
  const reissued = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/secret_key'));
  await confirm.getByRole('button', { name: 'Generate new secret' }).click();
  const second = (await (await reissued).json()).data as { api_key: string; secret_key: string };
  expect(second.api_key).toBe(apiKey);
  expect(second.secret_key).not.toBe(secret);
  await expect(once.getByText(second.secret_key, { exact: true })).toBeVisible();
  await once.getByRole('button', { name: 'I have saved it' }).click();
  await expect(once).toHaveCount(0);
  await expect(card.getByText(apiKey, { exact: true })).toBeVisible();
});

/** The status of the merchant's latest webhook delivery, as Settings reads it. */
async function latestDeliveryStatus(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/api/inner/user/webhook/deliveries?count=1');
  expect(response.status()).toBe(200);
  return ((await response.json()).data as { status: string }[])[0]?.status;
}

test('webhooks never fail silently: a skipped one is warned of, and the first URL comes with a key shown once', async ({
  page,
}) => {
  await signIn(page, 'merchant');
  // A pay-in's webhook while the demo merchant has no URL yet: the delivery is skipped, and says why.
  await createPayIn(await merchantApiClient(page), freshAmount());
  await expect.poll(() => latestDeliveryStatus(page)).toBe('skipped');

  await page.goto('/settings');
  const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
  const latest = deliveries.getByRole('list', { name: 'Latest webhook deliveries' }).getByRole('listitem').first();
  await expect(latest).toContainText('Not sent');
  await expect(latest).toContainText('Order created');
  await expect(latest).toContainText('No notification URL set');
  const warning = deliveries.getByRole('alert');
  await expect(warning).toContainText('Webhooks are not reaching your server');
  await expect(warning).toContainText('no notification URL is set');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(warning).toBeVisible();
    await expectNoAxeViolations(page, `/settings, a webhook skipped (${theme})`);
    await saveShot(deliveries, `settings-deliveries-warning-${theme}`);
  }
  await setTheme(page, 'light');

  // Saving the URL without a key makes the key: shown once to copy, and in the key's field from then on.
  const card = page.getByRole('region', { name: 'Notifications' });
  const keyField = card.getByRole('textbox', { name: 'Notification key' });
  await expect(keyField).toHaveValue('');
  const url = card.getByRole('textbox', { name: 'Notification URL' });
  await url.fill('https://hooks.shop.example/paydesk');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/notification_url'));
  await settingForm(card, 'Notification URL').getByRole('button', { name: 'Save' }).click();
  const answer = (await (await saved).json()).data as { notification_key: string; key_created: boolean };
  expect(answer.key_created).toBe(true);
  expect(answer.notification_key).toMatch(/^whsec_/);
  const created = card.getByRole('alert').filter({ hasText: 'Notification key created' });
  await expect(created).toContainText('a notification key was made for this URL');
  await expect(created.getByText(answer.notification_key, { exact: true })).toBeVisible();
  await expect(keyField).toHaveValue(answer.notification_key);
  // The URL is set now: the skipped webhook's warning has nothing left to ask for.
  await expect(warning).toHaveCount(0);
  await expectNoAxeViolations(page, '/settings, the key just made');
  await saveShot(card, 'settings-key-created');
  await created.getByRole('button', { name: 'I have copied it' }).click();
  await expect(created).toHaveCount(0);

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('textbox', { name: 'Notification key' }),
  ).toHaveValue(answer.notification_key);
  await expect(page.getByText('Notification key created')).toHaveCount(0);
});

test('merchant sets the notification URL; a bad URL is refused in red and a blank one sends nothing', async ({
  page,
}) => {
  await signIn(page, 'merchant');
  const card = page.getByRole('region', { name: 'Notifications' });
  const form = settingForm(card, 'Notification URL');
  const url = form.getByRole('textbox', { name: 'Notification URL' });
  const calls = recordCalls(page, 'PATCH', '/user/notification_url');

  await url.fill('https://shop.example/hook');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/notification_url'));
  await form.getByRole('button', { name: 'Save' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ notification_url: 'https://shop.example/hook' });
  await expect(page.getByText('Notification URL saved.')).toBeVisible();
  await expect(url).toHaveValue('https://shop.example/hook');

  // Not an http(s) address: the field says so in red, and nothing is sent.
  await url.fill('ftp://x');
  await form.getByRole('button', { name: 'Save' }).click();
  const error = form.getByText('Enter an http:// or https:// address.');
  await expect(error).toBeVisible();
  await expectRed(error);
  await expect(url).toHaveAttribute('aria-invalid', 'true');

  // A blank value is ignored (SPEC §5): no call and no error.
  await url.fill('   ');
  await expect(error).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await afterPageTasks(page);
  await expect(error).toHaveCount(0);
  expect(calls).toHaveLength(1);

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('textbox', { name: 'Notification URL' }),
  ).toHaveValue('https://shop.example/hook');
});

test('merchant switches a webhook off: the result shows for about 2 s and the choice survives a reload', async ({
  page,
}) => {
  await signIn(page, 'merchant');
  const card = page.getByRole('region', { name: 'Webhooks' });
  const paid = card.getByRole('switch', { name: 'Order paid' });
  await expect(paid).toBeChecked();
  const save = card.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await paid.uncheck();
  await expect(save).toBeEnabled();
  // When the result is shown and when it clears, as the page itself sees it (a timer never fires early, so the time
  // between them does not depend on how soon this test looks).
  const result = card.getByRole('status');
  await result.evaluate((status) => {
    const seen: { text: string; at: number }[] = [];
    (window as unknown as { statusTimes: typeof seen }).statusTimes = seen;
    new MutationObserver(() => seen.push({ text: status.textContent ?? '', at: performance.now() })).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inner/user/webhook'));
  await save.click();
  // When any webhook is off, only the ones that are off are sent (SPEC §4).
  expect((await sent).postDataJSON()).toEqual({ webhooks: [{ slug: 'order.paid', is_disabled: true }] });
  await expect(result).toHaveText('Webhooks saved.');
  await expect(result).toHaveText('');
  const times = await page.evaluate(
    () => (window as unknown as { statusTimes: { text: string; at: number }[] }).statusTimes,
  );
  const shown = times.find((change) => change.text === 'Webhooks saved.');
  const cleared = times.find((change) => change.text === '' && change.at > (shown?.at ?? 0));
  expect((cleared?.at ?? 0) - (shown?.at ?? 0)).toBeGreaterThan(1500);

  await page.reload();
  await expect(paid).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Order created' })).toBeChecked();

  // Back on, so the demo merchant keeps its defaults: with none off, all are sent.
  await paid.check();
  const restored = page.waitForRequest((request) => request.url().endsWith('/api/inner/user/webhook'));
  await save.click();
  const restoredBody = (await restored).postDataJSON() as { webhooks: { is_disabled: boolean }[] };
  expect(restoredBody.webhooks.length).toBeGreaterThan(1);
  expect(restoredBody.webhooks.every((webhook) => !webhook.is_disabled)).toBe(true);
  await expect(card.getByRole('status')).toHaveText('Webhooks saved.');
});

test('trader sees their own fee table with an unlimited tier, and no merchant notification settings', async ({
  page,
}) => {
  await signIn(page, 'trader');
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByRole('columnheader')).toHaveText(['Direction', 'From', 'To', 'Fee']);
  const rows = fees.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(/^Pay-in\s*0\s*1,000\s*2\.5%$/);
  await expect(rows.nth(1)).toHaveText(/^Pay-in\s*1,000\s*∞\s*No upper limit\s*2%$/);
  await expect(rows.nth(2)).toHaveText(/^Pay-out\s*0\s*∞\s*No upper limit\s*1\.5%$/);
  await expect(fees.getByTitle('No upper limit')).toHaveCount(2);

  await expect(page.getByRole('region', { name: 'API key and secret' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
  await expect(page.getByLabel('Notification URL')).toHaveCount(0);
});

test('merchant sees no fee table', async ({ page }) => {
  await signIn(page, 'merchant');
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fees' })).toHaveCount(0);
});
