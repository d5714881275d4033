import { expect, test } from '@playwright/test';
import { createPayIn, freshAmount, merchantApiClient, shortId } from './orderSupport';
import { setUpPayerPage } from './payerSupport';
import { expectNoAxeViolations, expectRed, recordCalls, saveShot, setTheme, signIn } from './support';

/**
 * Issue 30 item 5 at 375 px: the merchant sets up its payer's page in Settings (the shop's name and support contact,
 * return hosts, embedding origins), a wrong host is refused under its row, what is saved survives a reload, and a new
 * pay-in's details open the payer's page in a new tab under the shop's name.
 */
test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'light' });

test.afterEach(async ({ page }) => {
  // The other journeys expect the demo merchant's page as payerSupport sets it up.
  await setUpPayerPage(page);
});

test("merchant sets up its payer's page and opens it from a new pay-in's details", async ({ page }) => {
  const shopName = `Tea House ${Date.now().toString(36)}`;
  await signIn(page, 'merchant');
  const card = page.getByRole('region', { name: "Payer's page" });
  const name = card.getByRole('textbox', { name: 'Shop name shown to payers' });
  await expect(name).toBeVisible();
  await expect(card).toContainText('no site may show the page in a frame');

  // A host with a scheme and a path is no host name: refused under its own row, in red, and nothing is sent; in
  // both themes (a theme is set by reloading, so the form is filled again in each).
  const message = card.getByText('Enter a host name such as shop.example.com');
  const wrong = card.getByRole('textbox', { name: 'Return host 2' });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await name.fill(shopName);
    await card.getByRole('textbox', { name: 'Support contact' }).fill('help@tea.example');
    // Start the lists from nothing: remove whatever an earlier run left.
    for (const list of ['Return host', 'Embedding origin']) {
      const remove = card.getByRole('button', { name: new RegExp(`^Remove ${list} `) });
      while ((await remove.count()) > 0) await remove.first().click();
    }
    await card.getByRole('button', { name: 'Add host' }).click();
    await card.getByRole('textbox', { name: 'Return host 1' }).fill('127.0.0.1');
    await card.getByRole('button', { name: 'Add host' }).click();
    await wrong.fill('https://shop.example.com/thanks');

    const puts = recordCalls(page, 'PUT', '/user/payer_page');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(message).toBeVisible();
    await expectRed(message);
    await expect(wrong).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByRole('textbox', { name: 'Return host 1' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
    await expectNoAxeViolations(page, `/settings, payer's page with a wrong host (${theme}, 375 px)`);
    await saveShot(card, `settings-payer-page-error-${theme}`);
  }

  await wrong.fill('Shop.Example.com');
  await card.getByRole('button', { name: 'Add origin' }).click();
  await card.getByRole('textbox', { name: 'Embedding origin 1' }).fill('https://shop.example.com');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/inner/user/payer_page'));
  await card.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Payer's page settings saved.")).toBeVisible();
  // The server keeps host names in lower case; the field shows what was kept.
  await expect(card.getByRole('textbox', { name: 'Return host 2' })).toHaveValue('shop.example.com');

  await page.reload();
  await expect(name).toHaveValue(shopName);
  await expect(card.getByRole('textbox', { name: 'Support contact' })).toHaveValue('help@tea.example');
  await expect(card.getByRole('textbox', { name: 'Return host 1' })).toHaveValue('127.0.0.1');
  await expect(card.getByRole('textbox', { name: 'Return host 2' })).toHaveValue('shop.example.com');
  await expect(card.getByRole('textbox', { name: 'Embedding origin 1' })).toHaveValue('https://shop.example.com');

  // A pay-in from the shop's API: its details open the payer's page in a new tab, under the shop's name.
  const api = await merchantApiClient(page);
  const order = await createPayIn(api, freshAmount());
  await page.goto('/active');
  await expect(page.getByRole('heading', { name: 'Active orders', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Details of order ${shortId(order.guid)}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${shortId(order.guid)}` });
  const open = details.getByRole('link', { name: "Open the payer's page (opens in a new tab)" });
  await expect(open).toHaveAttribute('href', order.payment_url ?? '');
  await expectNoAxeViolations(page, "/active order details with Open the payer's page (375 px)", '[role="dialog"]');
  const [payer] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await payer.waitForLoadState();
  expect(payer.url()).toBe(order.payment_url);
  await expect(payer.getByText(`Payment to ${shopName}`)).toBeVisible();
  await expect(payer.getByText('help@tea.example')).toBeVisible();
  await payer.close();
});
