import { type Browser, expect, type Page, test } from '@playwright/test';
import { createPayIn, createPayOut, merchantApiClient, orderRow, shortId, shownAmount } from './orderSupport';
import { type DemoUser, mainNavigation, signIn } from './support';

/**
 * Order journeys of SPEC §2.12: orders made by the merchant's shop through the signed API reach the executor's
 * /active without a reload (§4 real-time), the trader sends paid on a pay-in and takes and confirms a pay-out, the
 * merchant's balance and /history follow, and the admin resends a finished order's webhook.
 */

async function signedInPage(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

/** Counts full page loads from now on; a real-time update must not need one. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

/** The merchant's available balance as `GET /user/balance` answers it. */
async function availableOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/inner/user/balance');
  expect(response.status()).toBe(200);
  return (await response.json()).data.available as string;
}

/**
 * An amount as the screens show it (SPEC §5): thousands grouped, cut to two decimals, trailing zeros dropped, '...'
 * after a cut.
 */
function shown(amount: string): string {
  const [whole = '0', decimals = ''] = amount.split('.');
  const kept = decimals.slice(0, 2).replace(/0+$/, '');
  return `${shownAmount(whole)}${kept ? `.${kept}` : ''}${/[1-9]/.test(decimals.slice(2)) ? '...' : ''}`;
}

async function openMenu(page: Page, label: string, heading: string): Promise<void> {
  await mainNavigation(page).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test("a shop's pay-in reaches the trader in real time, is sent paid, credits the merchant, and root resends its webhook", async ({
  browser,
}) => {
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const trader = await signedInPage(browser, 'trader');
  await openMenu(trader, 'Active orders', 'Active orders');
  const loads = countLoads(trader);

  const order = await createPayIn(api, '1500');
  const active = trader.getByRole('table', { name: 'Active pay-in orders' });
  const row = orderRow(active, order.guid);
  // The order arrives over the real-time connection, with the requisite the payer pays to.
  await expect(row).toBeVisible();
  await expect(row).toContainText('New');
  await expect(row).toContainText('1,500 RUB');
  await expect(row).toContainText('IVAN PETROV');
  await expect(row).toContainText('4276 3800 1234 5678');

  await openMenu(merchant, 'Balance', 'Balance');
  const before = await availableOf(merchant);
  const available = merchant.getByRole('region', { name: 'Available balance' });
  await expect(available).toContainText(`${shown(before)} USDT`);

  // Confirm received asks first.
  await row.getByRole('button', { name: 'Confirm received' }).click();
  const confirm = trader.getByRole('dialog', { name: 'Confirm the money arrived?' });
  await expect(confirm).toContainText('Confirm that 1,500 RUB has arrived on your requisite.');
  await confirm.getByRole('button', { name: 'Confirm received' }).click();
  await expect(confirm).toBeHidden();
  await expect(trader.getByText(`Order ${shortId(order.guid)} is paid`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(loads()).toBe(0);

  // The merchant's balance grows on its open page, without a reload.
  await expect.poll(() => availableOf(merchant)).not.toBe(before);
  const after = await availableOf(merchant);
  expect(Number(after)).toBeGreaterThan(Number(before));
  await expect(available).toContainText(`${shown(after)} USDT`);

  await openMenu(merchant, 'Order history', 'Order history');
  const merchantRow = orderRow(merchant.getByRole('table', { name: 'Pay-in order history' }), order.guid);
  await expect(merchantRow).toContainText('Paid');
  await expect(merchantRow).toContainText('trader');
  // The flow is in the row's details, so the table fits a 1440 px screen.
  await merchantRow.getByRole('button', { name: 'Details' }).click();
  const merchantDetails = merchant.getByRole('dialog', { name: `Order ${shortId(order.guid)}` });
  await expect(merchantDetails.getByRole('table', { name: 'Order', exact: true })).toContainText('Demo shop RUB');
  await merchant.keyboard.press('Escape');
  await expect(merchantDetails).toBeHidden();

  // Root resends the paid order's webhook; the list reloads and the details show a second order.paid delivery.
  const root = await signedInPage(browser, 'root');
  await openMenu(root, 'Order history', 'Order history');
  const rootRow = orderRow(root.getByRole('table', { name: 'Pay-in order history' }), order.guid);
  await expect(rootRow).toContainText('Paid');
  const reloaded = root.waitForResponse((response) => new URL(response.url()).pathname === '/api/inner/order');
  await rootRow.getByRole('button', { name: 'Resend webhook' }).click();
  await expect(root.getByText(`The webhook of order ${shortId(order.guid)} is queued for delivery`)).toBeVisible();
  await reloaded;
  await rootRow.getByRole('button', { name: 'Details' }).click();
  const details = root.getByRole('dialog', { name: `Order ${shortId(order.guid)}` });
  await expect(details.getByRole('table', { name: 'Timeline' })).toContainText('Executor');
  await expect(details.getByRole('table', { name: 'Ledger transfers' })).toContainText('Order settled');
  const webhooks = details.getByRole('table', { name: 'Webhook deliveries' });
  await expect(webhooks.getByRole('row').filter({ hasText: 'Order paid' })).toHaveCount(2);
});

test('a pay-out made through the API is taken by the trader, then confirmed paid', async ({ browser }) => {
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const trader = await signedInPage(browser, 'trader');
  await openMenu(trader, 'Active orders', 'Active orders');
  await trader.getByRole('tab', { name: 'Pay-out' }).click();
  const loads = countLoads(trader);

  const order = await createPayOut(api, '3000');
  const row = orderRow(trader.getByRole('table', { name: 'Active pay-out orders' }), order.guid);
  await expect(row).toBeVisible();
  await expect(row).toContainText('New');
  await expect(row.getByRole('button', { name: 'Confirm paid' })).toHaveCount(0);
  // Whom to pay is on the list itself, before taking it.
  await expect(row).toContainText('ANNA SMIRNOVA');
  await expect(row).toContainText('5559 4900 1234 5678');

  // Take asks first, with the recipient once more.
  await row.getByRole('button', { name: 'Take' }).click();
  const take = trader.getByRole('dialog', { name: 'Take the pay-out?' });
  await expect(take.getByRole('row').filter({ hasText: 'Recipient' })).toContainText('5559 4900 1234 5678');
  await take.getByRole('button', { name: 'Take' }).click();
  await expect(
    trader.getByText(`Order ${shortId(order.guid)} is yours: pay the recipient, then confirm`),
  ).toBeVisible();
  await expect(row).toContainText('In progress');

  // Where to pay: the recipient's card, in the details.
  await row.getByRole('button', { name: 'Details' }).click();
  const details = trader.getByRole('dialog', { name: `Order ${shortId(order.guid)}` });
  await expect(details.getByRole('table', { name: 'Order', exact: true })).toContainText('5559 4900 1234 5678');
  await trader.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await row.getByRole('button', { name: 'Confirm paid' }).click();
  const confirm = trader.getByRole('dialog', { name: 'Confirm the pay-out?' });
  await confirm.getByRole('button', { name: 'Confirm paid' }).click();
  await expect(trader.getByText(`Order ${shortId(order.guid)} is paid`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(loads()).toBe(0);

  await openMenu(trader, 'Order history', 'Order history');
  await trader.getByRole('tab', { name: 'Pay-out' }).click();
  await expect(orderRow(trader.getByRole('table', { name: 'Pay-out order history' }), order.guid)).toContainText(
    'Paid',
  );
});
