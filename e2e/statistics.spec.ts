import { expect, type Page, test } from '@playwright/test';
import { createPayIn, freshAmount, merchantApiClient, shownAmount } from './orderSupport';
import { apiPost, signIn } from './support';

/**
 * Statistics as an admin and a merchant meet them (SPEC §2.9, DESIGN §13): a paid pay-in of the demo merchant shows
 * in the platform's currencies, rewards and volume chart once the job runner has summed it, a filter narrows it away,
 * and the merchant sees the same order in its own statistic.
 */

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'merchant');
  const shop = await merchantApiClient(page);
  const order = await createPayIn(shop, freshAmount());
  await signIn(page, 'trader');
  const paid = await apiPost(page, `/order/${order.guid}/set-paid`);
  expect(paid.status).toBe(200);
  // The summary is refreshed by the job runner every 20 s: wait until it holds the paid order.
  await signIn(page, 'root');
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/inner/order/statistic/');
        return ((await answer.json()).data?.statistic?.sum ?? []).length;
      },
      { intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await context.close();
});

async function expectSummary(page: Page) {
  const currencies = page.getByRole('table', { name: 'Currencies' });
  await expect(currencies.getByRole('row').filter({ hasText: 'RUB' }).first()).toContainText('Total');
  await expect(currencies.getByRole('row').filter({ hasText: 'USDT' }).first()).toContainText('Tether');
  await expect(page.getByText(/^Updated \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  const chart = page.getByRole('img', { name: /^Bar chart of the volume per day in / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
}

test('the root admin sees the currencies, the rewards and the volume chart, and narrows them with a filter', async ({
  page,
}) => {
  await signIn(page, 'root');
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expectSummary(page);
  const rewards = page.getByRole('table', { name: 'Rewards' });
  await expect(rewards.getByRole('row').filter({ hasText: 'Trader' }).first()).toContainText('USDT');

  // Narrowed to pay-outs: the table shows exactly what the server summed for them (earlier journeys may have paid
  // some, or none), and the view is in the address.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Pay-out' }).click();
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().includes('/api/inner/order/statistic/') &&
        new URL(response.url()).searchParams.get('filter[type]') === 'pay_out',
    ),
    page.getByRole('button', { name: 'Apply' }).click(),
  ]);
  const narrowed = (await answer.json()).data.statistic.sum as { amount: string; currency: { code: string } }[];
  const rub = narrowed.find((row) => row.currency.code === 'RUB');
  if (rub) {
    await expect(
      page.getByRole('table', { name: 'Currencies' }).getByRole('row').filter({ hasText: 'RUB' }),
    ).toContainText(shownAmount(rub.amount));
  } else {
    await expect(page.getByText('No orders for these filters')).toBeVisible();
  }
  await expect(page).toHaveURL(/filter%5Btype%5D=pay_out|filter\[type\]=pay_out/);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('table', { name: 'Currencies' }).getByRole('row').filter({ hasText: 'RUB' })).toHaveCount(
    1,
  );
});

test('a merchant opens its own statistic from the menu', async ({ page }) => {
  await signIn(page, 'merchant');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/statistic/')) calls.push(new URL(request.url()).pathname);
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/statistic$/);
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expectSummary(page);
  expect(calls).toContain('/api/inner/my/order/statistic/');
  expect(calls).not.toContain('/api/inner/order/statistic/');
});
