import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  createPayIn,
  createPayOut,
  freshAmount,
  merchantApiClient,
  orderRow,
  shortId,
  shownAmount,
} from './orderSupport';
import { type DemoUser, signIn } from './support';

/**
 * A trader's day on a phone and an admin's at a desk (issue "Daily use"): at 375 px the order lists are cards with the
 * amount, whom to pay, the status, the time left and the main action; a pay-out shows its recipient and Take asks
 * first; at 1440 px every list keeps its actions on screen; /directions and /api have a way in.
 */

const phone = { width: 375, height: 740 };
const desk = { width: 1440, height: 900 };

async function signedIn(browser: Browser, user: DemoUser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, user);
  return page;
}

/** How far the page scrolls sideways: nothing on a phone means no card holds anything out of reach. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a phone a pay-in is a card with its amount, the trader's card, time left and Confirm received", async ({
  browser,
}) => {
  const merchant = await signedIn(browser, 'merchant', desk);
  const api = await merchantApiClient(merchant);
  const amount = freshAmount();
  const order = await createPayIn(api, amount);

  const trader = await signedIn(browser, 'trader', phone);
  await trader.goto('/active');
  const card = trader.getByRole('listitem', { name: `Order ${shortId(order.guid)}` });
  await expect(card).toBeVisible();
  await expect(trader.getByRole('table')).toHaveCount(0);
  await expect(card).toContainText(`${shownAmount(amount)} RUB`);
  await expect(card).toContainText('New');
  await expect(card).toContainText(/\d+:\d\d left/);
  // The requisite the payer pays to: the demo trader's card.
  await expect(card).toContainText(/\d{4} \d{4} \d{4} \d{4}/);
  const sendPaid = card.getByRole('button', { name: `Confirm received for order ${shortId(order.guid)}` });
  await expect(sendPaid).toBeInViewport();
  expect(await overflow(trader)).toBeLessThanOrEqual(0);

  await sendPaid.click();
  const confirm = trader.getByRole('dialog', { name: 'Confirm the money arrived?' });
  await confirm.getByRole('button', { name: 'Confirm received' }).click();
  await expect(trader.getByText(`Order ${shortId(order.guid)} is paid`)).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a pay-out's card shows whom to pay, and Take asks first with the recipient", async ({ browser }) => {
  const merchant = await signedIn(browser, 'merchant', desk);
  const api = await merchantApiClient(merchant);
  const order = await createPayOut(api, freshAmount());

  const trader = await signedIn(browser, 'trader', phone);
  await trader.goto('/active?tab=pay_out');
  const card = trader.getByRole('listitem', { name: `Order ${shortId(order.guid)}` });
  await expect(card).toContainText('Recipient');
  await expect(card).toContainText('ANNA SMIRNOVA');
  await expect(card).toContainText('5559 4900 1234 5678');
  await expect(card).toContainText('Card');

  await card.getByRole('button', { name: `Take order ${shortId(order.guid)}` }).click();
  const take = trader.getByRole('dialog', { name: 'Take the pay-out?' });
  await expect(take.getByRole('row').filter({ hasText: 'Recipient' })).toContainText('ANNA SMIRNOVA');
  // Back leaves the pay-out open to every executor.
  await take.getByRole('button', { name: 'Back' }).click();
  await expect(take).toBeHidden();
  await expect(card).toContainText('New');

  await card.getByRole('button', { name: `Take order ${shortId(order.guid)}` }).click();
  await trader.getByRole('dialog', { name: 'Take the pay-out?' }).getByRole('button', { name: 'Take' }).click();
  await expect(
    trader.getByText(`Order ${shortId(order.guid)} is yours: pay the recipient, then confirm`),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: `Confirm paid for order ${shortId(order.guid)}` })).toBeVisible();
});

test('at 1440 px the lists keep their actions on screen, and every screen has a way in', async ({ browser }) => {
  const merchant = await signedIn(browser, 'merchant', desk);
  const api = await merchantApiClient(merchant);
  const order = await createPayIn(api, freshAmount());
  // The user menu leads to /api, which the side menu does not list.
  await merchant.getByRole('button', { name: 'Account merchant' }).click();
  await merchant.getByRole('menuitem', { name: 'API' }).click();
  await expect(merchant.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();

  const root = await signedIn(browser, 'root', desk);
  await root.goto('/active');
  const row = orderRow(root.getByRole('table', { name: 'Active pay-in orders' }), order.guid);
  await expect(row.getByRole('button', { name: `Cancel order ${shortId(order.guid)}` })).toBeInViewport();
  for (const path of ['/history', '/deals', '/pay?tab=withdraw', '/requisites', '/directions']) {
    await root.goto(path);
    await expect(root.getByRole('table').first()).toBeVisible();
    // The last column (the actions, pinned where the table is wide) ends within the window.
    const right = await root
      .getByRole('columnheader')
      .last()
      .evaluate((cell) => cell.getBoundingClientRect().right);
    expect(right, path).toBeLessThanOrEqual(desk.width);
  }

  // The platform's statistics lead to /directions.
  await root.goto('/statistics');
  // (The side menu has its own Directions link now; this one is the page's.)
  await root.getByRole('main').getByRole('link', { name: 'Directions' }).click();
  await expect(root.getByRole('heading', { name: 'Directions', level: 1 })).toBeVisible();
});

test('in Russian at 1440 px the wide lists show every column: none under the pinned actions, none scrolled away', async ({
  browser,
}) => {
  const merchant = await signedIn(browser, 'merchant', desk);
  // An open order, so that the active lists have a row with every action.
  await createPayIn(await merchantApiClient(merchant), freshAmount());
  const lists: [DemoUser, string[]][] = [
    ['root', ['/active', '/history', '/deals', '/pay?tab=withdraw', '/requisites']],
    ['merchant', ['/history', '/balance']],
    ['trader', ['/active', '/history']],
  ];
  for (const [user, paths] of lists) {
    const page = user === 'merchant' ? merchant : await signedIn(browser, user, desk);
    await page.evaluate(() => window.localStorage.setItem('paydesk.language', 'ru'));
    for (const path of paths) {
      await page.goto(path);
      const tables = page.getByRole('table');
      await expect(tables.last().getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      const widths = await tables.evaluateAll((all) =>
        all.map((table) => ({ table: table.scrollWidth, room: table.parentElement?.clientWidth ?? 0 })),
      );
      for (const { table, room } of widths) expect(table, `${user} ${path}`).toBeLessThanOrEqual(room);
    }
  }
});
