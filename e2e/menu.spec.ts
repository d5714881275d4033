import { expect, test } from '@playwright/test';
import { type DemoUser, mainNavigation, signIn, signOut } from './support';

/** SPEC §2.2 side menu per role (packages/contract/src/access.ts `menuFor`), §2.11 insurance gate, route guarding. */

const rootMenu = [
  'Partners',
  'Users',
  'Active orders',
  'Order history',
  'All orders',
  'Payments',
  'Statistics',
  'Wallets',
  'Anti-fraud',
  'Requisites',
  'Devices',
  'Flows',
  'Directions',
  'Settings',
];

const menus: Record<Exclude<DemoUser, 'trader2'>, string[]> = {
  root: rootMenu,
  support: rootMenu.filter((label) => !['Users', 'Wallets', 'Flows'].includes(label)),
  merchant: ['Active orders', 'Order history', 'Balance', 'Statistics', 'Settings'],
  partner: ['Active orders', 'Order history', 'Balance', 'Statistics', 'Settings'],
  agent: ['My traders', 'Balance', 'Statistics', 'Settings'],
  trader: ['Active orders', 'Order history', 'Balance', 'Statistics', 'Requisites', 'Terminals', 'Settings'],
};

for (const [username, labels] of Object.entries(menus)) {
  test(`${username} sees exactly the side menu of their role`, async ({ page }) => {
    await signIn(page, username);

    const links = mainNavigation(page).getByRole('link');
    await expect(links).toHaveText(labels);
    await expect(mainNavigation(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });
}

test('the shell has a single, named navigation landmark', async ({ page }) => {
  await signIn(page, 'merchant');
  await expect(mainNavigation(page)).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(1);
});

test('the admin reaches /deals and /directions from the menu; /api is in the user menu of those who may see it', async ({
  page,
}) => {
  await signIn(page, 'root');
  const menu = mainNavigation(page);
  await menu.getByRole('link', { name: 'All orders' }).click();
  await expect(page).toHaveURL(/\/deals$/);
  await expect(page.getByRole('heading', { name: 'All orders', level: 1 })).toBeVisible();
  await menu.getByRole('link', { name: 'Directions' }).click();
  await expect(page).toHaveURL(/\/directions$/);
  await expect(page.getByRole('heading', { name: 'Directions', level: 1 })).toBeVisible();
  // An admin signs no API requests: no API entry in its user menu.
  await page.getByRole('button', { name: 'Account root' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'API' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await signOut(page);

  await signIn(page, 'merchant');
  await page.getByRole('button', { name: 'Account merchant' }).click();
  await page.getByRole('menuitem', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
});

test('menu links lead to their routes', async ({ page }) => {
  await signIn(page, 'trader');
  const menu = mainNavigation(page);

  await expect(menu.getByRole('link', { name: 'Terminals' })).toHaveAttribute('href', '/terminal');
  await menu.getByRole('link', { name: 'Requisites' }).click();

  await expect(page).toHaveURL(/\/requisite$/);
  await expect(page.getByRole('heading', { name: 'Requisites', level: 1 })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Requisites' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Requisites · Paydesk');
});

test('trader2 (insurance unpaid) gets no side menu and a blocking insurance modal for 100 USDT', async ({ page }) => {
  await signIn(page, 'trader2');

  const gate = page.getByRole('dialog', { name: 'Insurance contribution required' });
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('insurance contribution of 100 USDT');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);

  // The gate cannot be dismissed.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 300);
  await expect(gate).toBeVisible();

  // Gated screens are refused even by URL.
  await page.goto('/balance');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);

  // Signing out is the way past the gate.
  await page.goto('/settings');
  await gate.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a screen the role may not see says so, under its own tab title, with a way back to settings', async ({
  page,
}) => {
  await signIn(page, 'merchant');
  await page.goto('/users');

  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByText("Users is not open to your account's role.")).toBeVisible();
  await expect(page).toHaveTitle('Not available for your role · Paydesk');
  // The shell stays: the merchant's own menu, without the refused entry.
  await expect(mainNavigation(page).getByRole('link')).toHaveText(menus.merchant);

  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('a support admin is refused the screens denied to the support role', async ({ page }) => {
  await signIn(page, 'support');

  for (const path of ['/users', '/wallets', '/potoc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  }
  // The partner systems are read by every admin; a support admin creates and edits none.
  await page.goto('/partners');
  await expect(page.getByRole('heading', { name: 'Partners PS', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create partner system' })).toHaveCount(0);
});

test('a menu entry opens its history-mode route, and reloading it serves the app again', async ({ page }) => {
  await signIn(page, 'merchant');
  await mainNavigation(page).getByRole('link', { name: 'Statistics' }).click();

  await expect(page).toHaveURL(/\/statistic$/);
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
});

test('an unknown URL shows "Page not found", with sign-in offered when nobody is signed in', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'agent');
  await page.goto('/no-such-page/deeper');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Paydesk');
  await expect(page.getByRole('link', { name: 'Back to settings' })).toHaveAttribute('href', '/settings');
});

test('a guarded screen sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/balance');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
