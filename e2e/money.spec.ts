import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type DemoUser, mainNavigation, signIn } from './support';

/**
 * Money journeys of the issue "Money": the insurance gate paid by a deposit (SPEC §2.11, §4), a payout requested,
 * accepted on /pay and seen in the balance history (§2.6, §2.13), the root admin's merchant withdrawal (§2.10), and
 * real-time updates arriving without a reload (§4, §7).
 */

/** A valid TRON address outside the platform. */
const externalAddress = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';

const traderMenu = ['Active orders', 'Order history', 'Balance', 'Statistics', 'Requisites', 'Terminals', 'Settings'];

/** A page of its own for `user`, signed in through the form: two people can act side by side. */
async function signedInPage(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

/** Counts full page loads of the main frame from now on; a real-time update must not need one. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

/** The body rows of the table with the accessible name `name` (a table under a heading, or the only one). */
function bodyRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

test('trader2 pays the insurance with a demo deposit: the gate closes by itself and the menu appears', async ({
  page,
}) => {
  await signIn(page, 'trader2');
  const loads = countLoads(page);
  const gate = page.getByRole('dialog', { name: 'Insurance contribution required' });
  await expect(gate).toContainText('insurance contribution of 100 USDT');
  await expect(gate).toContainText('Paid 0 of 100 USDT');
  // The trader's real USDT deposit address, with a copy button.
  await expect(gate.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(mainNavigation(page)).toHaveCount(0);

  await gate.getByRole('button', { name: 'Simulate a deposit (demo)' }).click();

  await expect(gate).toBeHidden();
  await expect(mainNavigation(page).getByRole('link')).toHaveText(traderMenu);
  // The deposit reached this page over the real-time connection.
  const toast = page.getByRole('alert').filter({ hasText: 'USDT deposit' });
  await expect(toast).toContainText('+100 Tether USD');
  expect(loads()).toBe(0);

  await mainNavigation(page).getByRole('link', { name: 'Balance' }).click();
  await expect(page.getByRole('heading', { name: 'Balance', level: 1 })).toBeVisible();
  await expect(page.getByText('Insurance deposit', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('table').last();
  await expect(bodyRows(history).first()).toContainText('Insurance deposit');
  await expect(bodyRows(history).first()).toContainText('100');
});

test('a merchant requests a payout, an admin accepts it on /pay, and /balance shows it with the balance before and after', async ({
  browser,
}) => {
  const merchant = await signedInPage(browser, 'merchant');
  await mainNavigation(merchant).getByRole('link', { name: 'Balance' }).click();
  await expect(merchant.getByRole('heading', { name: 'Balance', level: 1 })).toBeVisible();
  const available = merchant.getByRole('region', { name: 'Available balance' });
  // The demo merchant starts with 5,000 USDT; journeys before this one may have moved its money since.
  await expect(available).toContainText(/Available balance\d+/);
  // Amounts group their thousands as English writes them (5,000.00).
  const [, whole = '', fraction = ''] =
    /Available balance\s*(\d{1,3}(?:,\d{3})*)(\.\d+(?:\.\.\.)?)?\s*USDT/.exec(await available.innerText()) ?? [];
  expect(whole).toMatch(/^\d{1,3}(,\d{3})*$/);
  const grouped = (value: number) => value.toLocaleString('en-US');
  const before = `${whole}${fraction}`;
  const after = `${grouped(Number(whole.replaceAll(',', '')) - 1500)}${fraction}`;

  // Above the automatic limit (1,000 USDT): the withdrawal waits for an administrator.
  await merchant.getByRole('button', { name: 'Withdraw USDT' }).click();
  const payout = merchant.getByRole('dialog', { name: 'Withdraw USDT' });
  await payout.getByRole('textbox', { name: 'Wallet address' }).fill(externalAddress);
  await payout.getByRole('textbox', { name: 'Amount' }).fill('1500');
  await payout.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(payout).toBeHidden();
  await expect(merchant.getByText("1,500 USDT is on hold and waits for an administrator's approval.")).toBeVisible();
  await expect(available).toContainText(`${after} USDT`);
  // The merchant's own withdrawals say where it goes and where it stands.
  const mine = bodyRows(merchant.getByRole('region', { name: 'My withdrawals' }).getByRole('table')).filter({
    hasText: /1,500/,
  });
  await expect(mine.first()).toContainText('On moderation');
  await expect(mine.first().getByTitle(externalAddress)).toBeVisible();

  const history = merchant.getByRole('table').last();
  const requested = bodyRows(history)
    .filter({ hasText: 'Withdrawal requested' })
    .filter({ hasText: 'Available' })
    .filter({ hasText: /1,500/ });
  await expect(requested).toHaveCount(1);
  await expect(requested).toContainText('On moderation');
  await expect(requested).toContainText(before.replace('...', ''));
  await expect(requested).toContainText(after.replace('...', ''));

  // The admin accepts it on /pay, after a confirmation that restates what leaves and where to; demo mode's custody
  // sends it a moment later. The tab says how many wait.
  const root = await signedInPage(browser, 'root');
  await mainNavigation(root).getByRole('link', { name: 'Payments' }).click();
  await root.getByRole('tab', { name: /^Withdrawals\s*\d+ waiting$/ }).click();
  const row = bodyRows(root.getByRole('table'))
    .filter({ hasText: 'merchant' })
    .filter({ hasText: 'On moderation' })
    .filter({ hasText: /1,500/ });
  await expect(row).toHaveCount(1);
  // The address column shows it shortened, whole on hover.
  await expect(row.getByTitle(externalAddress)).toBeVisible();
  await row.getByRole('button', { name: 'Accept' }).click();
  const confirmation = root.getByRole('dialog', { name: 'Accept withdrawal' });
  const fact = (label: string) => confirmation.getByRole('row', { name: new RegExp(`^${label}`) });
  await expect(fact('Owner')).toContainText('merchant');
  await expect(fact('Sum')).toContainText('1,500 USDT');
  await expect(fact('Network')).toContainText('TRON (TRC-20)');
  await expect(fact('Address')).toContainText(externalAddress);
  await confirmation.getByRole('button', { name: 'Accept withdrawal' }).click();
  await expect(root.getByText('Withdrawal of merchant accepted')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The merchant's page follows in real time: the request is done and the send is in the history, no reload.
  const loads = countLoads(merchant);
  await expect(requested).toContainText('Completed');
  const sent = bodyRows(history).filter({ hasText: 'Withdrawal sent' }).filter({ hasText: /1,500/ });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('On hold');
  expect(loads()).toBe(0);
  await expect(available).toContainText(`${after} USDT`);
  await expect(mine.first()).toContainText('Completed');
});

test('root pays a merchant out through a trader on /wallets, and the trader is credited once it is sent', async ({
  browser,
}) => {
  const root = await signedInPage(browser, 'root');
  await mainNavigation(root).getByRole('link', { name: 'Wallets' }).click();
  await expect(root.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
  const wallets = bodyRows(root.getByRole('table'));
  await expect(wallets.filter({ hasText: 'merchant' }).first()).toContainText('USDT');
  await expect(wallets.filter({ hasText: 'root' }).first()).toContainText('System');

  await root.getByRole('button', { name: 'Merchant withdrawal' }).click();
  const form = root.getByRole('dialog', { name: 'Merchant withdrawal' });
  // SPEC §5: the form says what is missing before anything is sent.
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await expect(form.getByText('Please select a trader.')).toBeVisible();
  await expect(form.getByText('Please enter wallet address.')).toBeVisible();

  await form.getByRole('combobox', { name: 'Trader' }).click();
  await root.getByRole('option', { name: 'trader', exact: true }).click();
  await form.getByRole('combobox', { name: 'Merchant' }).click();
  await root.getByRole('option', { name: 'merchant', exact: true }).click();
  await form.getByRole('textbox', { name: 'Amount' }).fill('100');
  await form.getByRole('textbox', { name: 'Wallet address' }).fill('short');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await expect(form.getByText('Please enter a valid wallet address.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Wallet address' }).fill(externalAddress);
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await expect(root.getByText('Withdrawal executed successfully')).toBeVisible();
  await expect(form).toBeHidden();

  // The trader's transfer is reported (by demo mode's custody here) and the merchant's money moves to the trader.
  const trader = await signedInPage(browser, 'trader');
  await mainNavigation(trader).getByRole('link', { name: 'Balance' }).click();
  const history = trader.getByRole('table').last();
  const credit = bodyRows(history).filter({ hasText: 'Merchant withdrawal' });
  await expect(credit).toHaveCount(1);
  await expect(credit).toContainText('Credit');
  await expect(credit).toContainText('100');
});
