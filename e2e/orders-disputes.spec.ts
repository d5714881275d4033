import { type Browser, expect, type Page, test } from '@playwright/test';
import { localMinute, openAppealRow, openDisputeByApi, pdfEvidence, receiptPng } from './disputeSupport';
import { cancelOrder, createPayIn, merchantApiClient, orderRow, shortId, shownAmount } from './orderSupport';
import { type DemoUser, mainNavigation, signIn } from './support';

/**
 * The dispute journey of SPEC §2.12 and DESIGN §12: the merchant's shop cancels a pay-in the trader had been issued;
 * root opens a dispute on it from the order's row with the payer's receipt, looks at the receipt with Show check and
 * resolves the dispute; the order is paid after all, which the merchant sees on /history and in its balance.
 *
 * The journeys share one demo server and run in file order: this file's name puts it after money.spec.ts, which reads
 * the demo merchant's balance as seeded — a resolved dispute pays that merchant.
 */

async function signedInPage(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

async function openMenu(page: Page, label: string, heading: string): Promise<void> {
  await mainNavigation(page).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** The merchant's available balance as `GET /user/balance` answers it. */
async function availableOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/inner/user/balance');
  expect(response.status()).toBe(200);
  return (await response.json()).data.available as string;
}

test('root disputes a canceled pay-in with a receipt, checks it and resolves it: the merchant is paid after all', async ({
  browser,
}) => {
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  // An amount of its own: an open order's amount cannot be issued again on the same requisite (DESIGN §5).
  const amount = String(2000 + Math.floor(Math.random() * 8000));
  const order = await createPayIn(api, amount);
  await cancelOrder(api, order.guid);
  const before = await availableOf(merchant);

  // Root opens the dispute from the canceled order's row on /history.
  const root = await signedInPage(browser, 'root');
  await openMenu(root, 'Order history', 'Order history');
  const row = orderRow(root.getByRole('table', { name: 'Pay-in order history' }), order.guid);
  await expect(row).toContainText('Canceled');
  await row.getByRole('button', { name: `Open an appeal on order ${shortId(order.guid)}` }).click();
  const modal = root.getByRole('dialog', { name: 'Open an appeal' });
  await expect(modal.getByRole('textbox', { name: 'Order' })).toHaveValue(order.guid);
  await modal.getByRole('combobox', { name: 'Reason' }).click();
  await root.getByRole('option', { name: 'Payment made but not credited' }).click();
  await modal.getByRole('textbox', { name: 'Amount paid, RUB' }).fill(amount);
  await modal.getByLabel('Paid at').fill(localMinute(new Date(Date.now() - 10 * 60_000)));
  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
  await expect(modal).toContainText('receipt.png');
  await modal.getByRole('button', { name: 'Open the appeal' }).click();
  await expect(root.getByText(`An appeal is open on order ${shortId(order.guid)}`)).toBeVisible();
  await expect(modal).toBeHidden();
  // Under dispute the order has left the paid and canceled of the history's default filter.
  await expect(row).toHaveCount(0);

  // The open dispute waits on /active's APPEALS tab.
  await openMenu(root, 'Active orders', 'Active orders');
  await root.getByRole('tab', { name: 'Appeals' }).click();
  await expect(root).toHaveURL(/\/active\?tab=appeals$/);
  const appeal = root
    .getByRole('table', { name: 'Open appeals' })
    .getByRole('row')
    .filter({ hasText: shortId(order.guid) });
  await expect(appeal).toContainText(`${shownAmount(amount)} RUB`);
  await expect(appeal).toContainText('Payment made but not credited');
  await expect(appeal).toContainText('merchant');
  await expect(appeal).toContainText('trader');
  // Deciding is two buttons in words, not a status dropdown (issue 32 item 6).
  await expect(appeal.getByRole('combobox')).toHaveCount(0);
  await expect(appeal.getByRole('button', { name: /^Resolve appeal/ })).toHaveText('Resolve');
  await expect(appeal.getByRole('button', { name: /^Reject appeal/ })).toHaveText('Reject');

  // Show check previews the receipt the server stored, as an image it can draw.
  await appeal.getByRole('button', { name: /^Show check of appeal/ }).click();
  const check = root.getByRole('dialog', { name: /^Check of appeal/ });
  const image = check.getByRole('img', { name: /^Check receipt\.png of appeal/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(240);
  await root.keyboard.press('Escape');
  await expect(check).toBeHidden();

  // The appeal read as a case: the payer's claim under the interface's labels, the receipt in place, the order.
  await appeal.getByRole('button', { name: /^Open appeal/ }).click();
  const appealCase = root.getByRole('dialog', { name: /^Appeal / });
  await expect(appealCase.getByRole('rowheader', { name: 'Amount paid' })).toBeVisible();
  await expect(appealCase).toContainText(`${shownAmount(amount)} RUB`);
  const inPlace = appealCase.getByRole('img', { name: /^Check receipt\.png of appeal/ });
  await expect.poll(() => inPlace.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(240);
  await appealCase.getByRole('button', { name: 'Open the order' }).click();
  const details = root.getByRole('dialog', { name: new RegExp(shortId(order.guid)) });
  await expect(details).toBeVisible();
  await expect(details).toContainText(`${shownAmount(amount)} RUB`);
  await root.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Resolved from the case, at the order's own amount: the order is paid.
  await appeal.getByRole('button', { name: /^Open appeal/ }).click();
  await appealCase.getByRole('button', { name: 'Resolve', exact: true }).click();
  const resolve = root.getByRole('dialog', { name: 'Resolve the appeal?' });
  await expect(resolve.getByRole('rowheader', { name: 'Merchant' })).toBeVisible();
  await expect(resolve).toContainText(`Leave empty to keep ${shownAmount(amount)} RUB.`);
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(root.getByText(/^Appeal .* is resolved: the order is paid$/)).toBeVisible();
  await expect(appeal).toHaveCount(0);

  await openMenu(root, 'Order history', 'Order history');
  await root.getByRole('tab', { name: 'Appeals' }).click();
  const closed = root
    .getByRole('table', { name: 'Closed appeals' })
    .getByRole('row')
    .filter({ hasText: shortId(order.guid) });
  await expect(closed).toContainText('Resolved');

  // The merchant sees the order paid and its balance credited.
  await openMenu(merchant, 'Order history', 'Order history');
  await expect(orderRow(merchant.getByRole('table', { name: 'Pay-in order history' }), order.guid)).toContainText(
    'Paid',
  );
  await merchant.getByRole('tab', { name: 'Appeals' }).click();
  const merchantAppeal = merchant
    .getByRole('table', { name: 'Closed appeals' })
    .getByRole('row')
    .filter({ hasText: shortId(order.guid) });
  await expect(merchantAppeal).toContainText('Resolved');
  await expect(merchantAppeal.getByRole('combobox')).toHaveCount(0);
  await expect(merchantAppeal.getByRole('button', { name: /^(Resolve|Reject) appeal/ })).toHaveCount(0);

  await openMenu(merchant, 'Balance', 'Balance');
  await expect.poll(() => availableOf(merchant)).not.toBe(before);
  const after = await availableOf(merchant);
  expect(Number(after)).toBeGreaterThan(Number(before));
  const [whole = '0'] = after.split('.');
  await expect(merchant.getByRole('region', { name: 'Available balance' })).toContainText(shownAmount(whole));
});

test("a shop's dispute with a PDF statement: Show check downloads the PDF, and root rejects the dispute", async ({
  browser,
}) => {
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const order = await createPayIn(api, String(2000 + Math.floor(Math.random() * 8000)));
  await cancelOrder(api, order.guid);
  await openDisputeByApi(api, order.guid, '1500', pdfEvidence());

  const root = await signedInPage(browser, 'root');
  const appeal = await openAppealRow(root, order.guid);
  await expect(appeal).toContainText('Wrong amount paid');
  const link = appeal.getByRole('link', { name: /^Download the check of appeal .*, a PDF$/ });
  const [download] = await Promise.all([root.waitForEvent('download'), link.click()]);
  expect(new URL(download.url()).pathname).toMatch(/^\/api\/inner\/dispute\/file\//);
  // The server sends the PDF as an attachment, to this admin's session.
  const file = await root.request.get(download.url());
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Rejected after a confirmation that restates it: the order is canceled again, on root's history and the merchant's.
  await appeal.getByRole('button', { name: /^Reject appeal/ }).click();
  const reject = root.getByRole('dialog', { name: 'Reject the appeal?' });
  await expect(reject).toContainText('no money moves');
  await expect(reject.getByRole('rowheader', { name: 'Executor' })).toBeVisible();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(root.getByText(/^Appeal .* is rejected: the order is back as it was$/)).toBeVisible();
  await expect(appeal).toHaveCount(0);
  await openMenu(merchant, 'Order history', 'Order history');
  await expect(orderRow(merchant.getByRole('table', { name: 'Pay-in order history' }), order.guid)).toContainText(
    'Canceled',
  );
});
