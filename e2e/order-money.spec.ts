import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createPayIn, createPayOut, freshAmount, merchantApiClient, orderRow, shortId } from './orderSupport';
import { apiPost, type DemoUser, mainNavigation, saveShot, signIn } from './support';

/**
 * What each party sees of an order's money (issue 21 item 2, issue 20 "Confidentiality"): root every transfer with
 * both sides named; the merchant its fee, what it receives and its own line; the trader its reward and its own lines;
 * the partner what a pay-out it executed gives it; the agent no order screen, its share in its balance history. Then
 * the trader's balance history: the order is one row for its hold and one for its settlement, the parts inside.
 */

async function signedInPage(browser: Browser, user: DemoUser, locale = 'en-US'): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await signIn(page, user);
  return page;
}

/** Opens /history and the details of the order `guid` in the table `table`; the details dialog. */
async function detailsOf(page: Page, guid: string, table: string, tab?: string): Promise<Locator> {
  await mainNavigation(page).getByRole('link', { name: 'Order history' }).click();
  if (tab) await page.getByRole('tab', { name: tab }).click();
  const row = orderRow(page.getByRole('table', { name: table }), guid);
  await row.getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${shortId(guid)}` });
  await expect(dialog.getByRole('table', { name: 'Timeline' })).toBeVisible();
  return dialog;
}

/** What only the admin may read in an order's details: the agents, the platform's lines, raw account codes. */
async function expectNothingOfOthers(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole('table', { name: 'Ledger transfers' })).toHaveCount(0);
  await expect(dialog.getByRole('table', { name: 'Pricing' })).toHaveCount(0);
  for (const hidden of [/\bagent\b/, 'Platform revenue', 'Rounding', 'Referral', 'Team lead', /\w:(available|hold)/]) {
    await expect(dialog).not.toContainText(hidden);
  }
}

test('each party sees only its own money of an order, named in its language', async ({ browser }) => {
  // Five people sign in and open their screens in turn.
  test.setTimeout(180_000);
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const trader = await signedInPage(browser, 'trader');
  const order = await createPayIn(api, freshAmount());
  expect((await apiPost(trader, `/order/${order.guid}/set-paid`)).status).toBe(200);

  // Root: every transfer, both sides named by role, user and account; the agents and the platform's lines included.
  const root = await signedInPage(browser, 'root');
  const rootDialog = await detailsOf(root, order.guid, 'Pay-in order history');
  const transfers = rootDialog.getByRole('table', { name: 'Ledger transfers' });
  await expect(transfers).toContainText('Trader trader · On hold');
  await expect(transfers).toContainText('Merchant merchant · Available');
  await expect(transfers).toContainText('Referral agent agent · Available');
  await expect(transfers).toContainText('Platform revenue');
  await expect(transfers).not.toContainText(/\w:(available|hold|revenue|rounding)/);
  await expect(rootDialog.getByRole('table', { name: 'Pricing' })).toContainText('agent');
  await saveShot(rootDialog, 'order-money-root');

  // The merchant: its fee, what it receives, its one line; nothing of the trader's reward, the agents or the platform.
  const merchantDialog = await detailsOf(merchant, order.guid, 'Pay-in order history');
  const own = merchantDialog.getByRole('table', { name: 'Your money in this order' });
  await expect(own).toContainText('You areMerchant');
  await expect(own).toContainText('Your fee');
  await expect(own).toContainText('You receive');
  await expect(merchantDialog.getByRole('table', { name: 'Movements of your balances' })).toContainText(
    'Order settledAvailable+',
  );
  await expectNothingOfOthers(merchantDialog);
  await saveShot(merchantDialog, 'order-money-merchant');

  // The trader: its reward and its own lines; what left its hold is one line, the split not its own.
  const traderDialog = await detailsOf(trader, order.guid, 'Pay-in order history');
  await expect(traderDialog.getByRole('table', { name: 'Your money in this order' })).toContainText('Your reward');
  const lines = traderDialog.getByRole('table', { name: 'Movements of your balances' });
  await expect(lines.getByRole('row')).toHaveCount(5);
  await expect(lines).toContainText('Order settledOn hold−');
  await expect(lines).toContainText('Order rewardAvailable+');
  await expectNothingOfOthers(traderDialog);
  await saveShot(traderDialog, 'order-money-trader');

  // The trader's balance history: the order is two rows (hold, settlement), the settlement's parts inside it.
  await traderDialog.getByRole('button', { name: 'Close' }).first().click();
  await mainNavigation(trader).getByRole('link', { name: 'Balance' }).click();
  const history = trader.getByRole('region', { name: 'Balance history' });
  const ofOrder = history.getByRole('row').filter({ hasText: `Order ${shortId(order.guid)}` });
  await expect(ofOrder).toHaveCount(2);
  await expect(ofOrder.first()).toContainText('Order settled');
  await expect(ofOrder.first()).toContainText('Order settled · On hold−');
  await expect(ofOrder.first()).toContainText('Order reward · Available+');
  await expect(history).not.toContainText('Rounding');
  await expect(history).not.toContainText(/(^|[^\d])0\.\.\./);
  await saveShot(history, 'order-money-trader-history');

  // The agent has no order screen; its shares (the merchant's referral, the trader's team lead) arrive as one row.
  const agent = await signedInPage(browser, 'agent');
  await expect(mainNavigation(agent).getByRole('link', { name: 'Order history' })).toHaveCount(0);
  await mainNavigation(agent).getByRole('link', { name: 'Balance' }).click();
  const agentHistory = agent.getByRole('region', { name: 'Balance history' });
  await expect(
    agentHistory
      .getByRole('row')
      .filter({ hasText: `Order ${shortId(order.guid)}` })
      .filter({ hasText: 'Referral' }),
  ).toHaveCount(1);

  // In Russian: the same parts, named in Russian by the server.
  const russian = await signedInPage(browser, 'merchant', 'ru-RU');
  const ruAnswer = await russian.request.get(`/api/inner/order/${order.guid}`, { headers: { 'x-language': 'ru' } });
  const ruMoney = (await ruAnswer.json()).data.own_money;
  expect(ruMoney.role.title).toBe('Мерчант');
  expect(ruMoney.lines[0].code.title).toBe('Расчёт по заказу');
});

test('the partner sees what a pay-out it executed gives it, and nothing of the others', async ({ browser }) => {
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const order = await createPayOut(api, freshAmount());
  const partner = await signedInPage(browser, 'partner');
  expect((await apiPost(partner, `/order/${order.guid}/take`)).status).toBe(200);
  expect((await apiPost(partner, `/order/${order.guid}/set-paid`)).status).toBe(200);

  const dialog = await detailsOf(partner, order.guid, 'Pay-out order history', 'Pay-out');
  const own = dialog.getByRole('table', { name: 'Your money in this order' });
  await expect(own).toContainText('You arePartner');
  await expect(own).toContainText('You receive');
  await expect(dialog.getByRole('table', { name: 'Movements of your balances' })).toContainText(
    'Order settledAvailable+',
  );
  await expectNothingOfOthers(dialog);
  await saveShot(dialog, 'order-money-partner');

  // The merchant paid the pay-out from its hold: one line, its split not shown.
  const merchantDialog = await detailsOf(merchant, order.guid, 'Pay-out order history', 'Pay-out');
  await expect(merchantDialog.getByRole('table', { name: 'Your money in this order' })).toContainText('You pay');
  await expect(merchantDialog.getByRole('table', { name: 'Movements of your balances' })).toContainText(
    'Order settledOn hold−',
  );
  await expectNothingOfOthers(merchantDialog);
});
