import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { cancelOrder, createPayIn, createPayOut, freshAmount, merchantApiClient, orderRow } from './orderSupport';
import { signIn } from './support';

/**
 * Deals (SPEC §2.21, DESIGN §13, issue 13): root reaches /deals from /active, steps through its tabs, filters one, finds
 * the same view after a reload and through Back and Forward (the tab and the filters live in the address), and
 * downloads the filtered tab as CSV: a header row and one row per order of the list, every page of it.
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The total of the list as its pagination line says it: "Results: a - b of total". */
async function totalOf(page: Page): Promise<number> {
  const line = page.getByText(/^Results: \d+ - \d+ of \d+$/);
  await expect(line).toBeVisible();
  return Number((await line.textContent())?.match(/of (\d+)$/)?.[1]);
}

async function openTab(page: Page, name: string, table: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('table', { name: table });
  await expect(list).toBeVisible();
  return list;
}

test('root filters the deals by tab and status, finds the view again after a reload, and exports it as CSV', async ({
  browser,
  page,
}) => {
  const shopPage = await (await browser.newContext()).newPage();
  await signIn(shopPage, 'merchant');
  const shop = await merchantApiClient(shopPage);
  const openIn = await createPayIn(shop, freshAmount());
  const openOut = await createPayOut(shop, freshAmount());
  const canceledIn = await createPayIn(shop, freshAmount());
  await cancelOrder(shop, canceledIn.guid);
  const canceledAgain = await createPayIn(shop, freshAmount());
  await cancelOrder(shop, canceledAgain.guid);

  try {
    await signIn(page, 'root');
    await page.goto('/active');
    await page.getByRole('link', { name: 'Open all orders' }).click();
    await expect(page.getByRole('heading', { name: 'All orders', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/deals$/);

    // Active: both directions of what is still open.
    const active = page.getByRole('table', { name: 'Active orders' });
    await expect(orderRow(active, openIn.guid)).toBeVisible();
    await expect(orderRow(active, openOut.guid)).toContainText('Pay-out');
    await expect(orderRow(active, canceledIn.guid)).toHaveCount(0);

    const canceled = await openTab(page, 'Canceled', 'Canceled orders');
    await expect(page).toHaveURL(/\/deals\?tab=canceled$/);
    await expect(orderRow(canceled, canceledIn.guid)).toBeVisible();
    await expect(orderRow(canceled, openIn.guid)).toHaveCount(0);

    const payIns = await openTab(page, 'Pay-in', 'Pay-in orders');
    await expect(orderRow(payIns, openIn.guid)).toBeVisible();
    await expect(orderRow(payIns, openOut.guid)).toHaveCount(0);

    // A status filter on the pay-in tab: only the canceled pay-ins, and the view in the address.
    const filters = page.getByRole('form', { name: 'Filters' });
    // The pills' box lies over the field, so the list is opened from the keyboard.
    await filters.getByRole('combobox', { name: 'Status' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Canceled', exact: true }).click();
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/deals\?tab=pay_in&filter%5Bstatus%5D=canceled$/);
    await expect(orderRow(payIns, canceledIn.guid)).toBeVisible();
    await expect(orderRow(payIns, openIn.guid)).toHaveCount(0);

    // A reload opens the same view: the tab, the filter bar's value and the rows.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Pay-in', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(filters.locator('.mantine-Pill-label')).toHaveText(['Canceled']);
    await expect(orderRow(payIns, canceledAgain.guid)).toBeVisible();
    await expect(orderRow(payIns, openIn.guid)).toHaveCount(0);

    // Back shows the unfiltered tab, Forward the filtered one again.
    await page.goBack();
    await expect(orderRow(payIns, openIn.guid)).toBeVisible();
    await expect(filters.locator('.mantine-Pill-label')).toHaveCount(0);
    await page.goForward();
    await expect(orderRow(payIns, openIn.guid)).toHaveCount(0);
    await expect(filters.locator('.mantine-Pill-label')).toHaveText(['Canceled']);
    const total = await totalOf(page);

    // The export: the filtered tab, every page of it, none of the page's own params.
    const link = page.getByRole('link', { name: 'Export CSV' });
    const href = new URL((await link.getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe('/api/inner/order/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ 'filter[status]': 'canceled', 'filter[tab]': 'pay_in' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header = '', ...rows] = text.split(/\r?\n/).filter((line) => line !== '');
    expect(header).toMatch(/^ID,.*Type,.*Status code,/);
    expect(header).not.toMatch(uuid);
    expect(rows).toHaveLength(total);
    // Each row is a canceled pay-in: the tab and the filter, not just the page on screen.
    for (const row of rows) expect(row).toMatch(/,pay_in,.*,canceled,/);
    expect(rows.filter((row) => row.includes(canceledIn.guid))).toHaveLength(1);
    expect(rows.filter((row) => row.includes(canceledAgain.guid))).toHaveLength(1);
    expect(text).not.toContain(openIn.guid);
    expect(text).not.toContain(openOut.guid);
  } finally {
    await cancelOrder(shop, openIn.guid);
    await cancelOrder(shop, openOut.guid);
  }
});
