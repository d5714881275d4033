import type { PaydeskClient } from '@paydesk/api-client';
import { expect, type Page, test } from '@playwright/test';
import {
  cancelOrder,
  createPayIn,
  freshAmount,
  merchantApiClient,
  openPayerCase,
  receiptOf,
  shortId,
  shownAmount,
} from './orderSupport';
import { signIn } from './support';

/**
 * Anti-fraud as an admin meets it (SPEC §2.16, DESIGN §13): a payer who orders too often gets a case, the admin sees
 * it New with the times in UTC, releases it after a confirmation, tunes a rule, and checks a receipt against the
 * orders; a support admin sees all of it and changes nothing.
 */

const payer = `e2e-payer-${Date.now().toString(36)}`;
let shop: PaydeskClient;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'merchant');
  shop = await merchantApiClient(page);
  await openPayerCase(shop, payer);
  await context.close();
});

/** The row of this journey's payer case, once the job runner has opened it (the list follows new cases live). */
async function payerCaseRow(page: Page) {
  await page.goto('/antifraud');
  await expect(page.getByRole('heading', { name: 'Anti-fraud', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${payer} (merchant)` });
  await expect(row).toBeVisible();
  return row;
}

test('a support admin sees the case and the settings but may change neither', async ({ page }) => {
  await signIn(page, 'support');
  const row = await payerCaseRow(page);
  await expect(row).toContainText('New');
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} UTC/);
  await expect(page.getByRole('button', { name: /^Release/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Rule settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anti-fraud rules' });
  await expect(dialog.getByRole('textbox', { name: "One payer's orders per hour" })).toHaveValue('5');
  await expect(dialog.getByRole('textbox', { name: "One payer's orders per hour" })).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('the root admin releases the case after a confirmation', async ({ page }) => {
  await signIn(page, 'root');
  const row = await payerCaseRow(page);
  await expect(row).toContainText('One payer’s orders per hour');
  await expect(row).toContainText('Payer');

  await row.getByRole('button', { name: `Release the case of ${payer} (merchant)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Release the case?' });
  await expect(dialog).toContainText('The case is closed.');
  await dialog.getByRole('button', { name: 'Release' }).click();

  await expect(page.getByText(`Case of ${payer} (merchant) released`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('by root');
  await expect(row.getByRole('button', { name: /^Release/ })).toHaveCount(0);
});

test('the root admin changes a rule, and an out-of-range number is refused under its field', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/antifraud');
  const open = async () => {
    await page.getByRole('button', { name: 'Rule settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anti-fraud rules' });
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    return dialog;
  };
  let dialog = await open();
  const overdue = dialog.getByRole('textbox', { name: 'Pay-out taken and not paid, minutes' });
  const before = await overdue.inputValue();
  await overdue.fill('20000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A whole number from 1 to 10080, or empty to switch the rule off.')).toBeVisible();

  await overdue.fill('90');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Anti-fraud settings saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await open();
  await expect(dialog.getByRole('textbox', { name: 'Pay-out taken and not paid, minutes' })).toHaveValue('90');
  // Put back what the demo had, for the journeys after this one.
  await dialog.getByRole('textbox', { name: 'Pay-out taken and not paid, minutes' }).fill(before);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
});

test('a receipt finds the order of its amount and day', async ({ page }) => {
  const amount = freshAmount();
  const order = await createPayIn(shop, amount);
  try {
    await signIn(page, 'root');
    await page.goto('/antifraud');
    await page.getByRole('button', { name: 'Check a receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check a receipt' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a PDF' }).click();
    await (await chooser).setFiles(receiptOf(amount));

    const orders = dialog.getByRole('region', { name: 'Matching orders' });
    await expect(orders.getByRole('row').filter({ hasText: shortId(order.guid) })).toBeVisible();
    await expect(dialog).toContainText(`Amounts read:${shownAmount(amount)}`);

    // Not a PDF: refused before anything is sent.
    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose another PDF' }).click();
    await (await again).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
    await expect(dialog.getByRole('alert')).toHaveText('Only a PDF receipt can be checked.');
  } finally {
    await cancelOrder(shop, order.guid);
  }
});
