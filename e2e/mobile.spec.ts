import { expect, type Page, test } from '@playwright/test';
import { mainNavigation, signIn } from './support';

/** SPEC §2.2 burger below 768 px, §2.3 theme toggle (light, dark, auto; persisted), §9 mobile breakpoint. */

test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'light' });

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('on a phone the side menu stays hidden until the burger opens it', async ({ page }) => {
  await page.goto('/login');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await signIn(page, 'merchant');
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  const menu = mainNavigation(page);
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).not.toBeInViewport();
  // The header still offers sign-out (as an icon) on a narrow screen.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await burger.click();

  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeInViewport();
  await expect(menu.getByRole('link')).toHaveText([
    'Active orders',
    'Order history',
    'Balance',
    'Statistics',
    'Settings',
  ]);
  await expect(menu.getByRole('link', { name: 'Balance' })).toBeInViewport();

  await menu.getByRole('link', { name: 'Balance' }).click();

  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByRole('heading', { name: 'Balance', level: 1 })).toBeVisible();
  // Choosing an entry closes the menu again.
  await expect(menu).not.toBeInViewport();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
});

test('the dark theme applies to the page and survives a reload', async ({ page }) => {
  await signIn(page, 'merchant');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The one theme button cycles system → light → dark → system.
  await page.getByRole('button', { name: 'Colour theme: System' }).click();
  await page.getByRole('button', { name: 'Colour theme: Light' }).click();

  await expect(page.getByRole('button', { name: 'Colour theme: Dark' })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();

  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Colour theme: Dark' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);

  // The choice belongs to the device: it stays on the sign-in page after signing out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the system theme follows the device setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');

  await expect(page.getByRole('button', { name: 'Colour theme: System' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('a closed phone menu is out of the keyboard’s reach', async ({ page }) => {
  await signIn(page, 'merchant');
  await expect(mainNavigation(page)).not.toBeInViewport();

  const focusedInMenu: string[] = [];
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press('Tab');
    const inMenu = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.closest('[aria-label="Main navigation"]') ? (active.textContent ?? '') : null;
    });
    if (inMenu !== null) focusedInMenu.push(inMenu);
  }
  expect(focusedInMenu).toEqual([]);
});
