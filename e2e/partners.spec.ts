import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Partner payment systems (SPEC §2.20): the list with every partner's balance in all, one system in detail at
 * `?slug=…` (so a reload and the browser's back button keep the view), and the back button.
 */
test('root reads the partner systems, opens the demo partner and comes back', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/partners');

  await expect(page.getByRole('heading', { name: 'Partners PS', level: 1 })).toBeVisible();
  await expect(page.getByText('Total balance:')).toBeVisible();
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  const title = (await firstRow.getByRole('cell').first().textContent()) ?? '';
  expect(title).not.toBe('');

  // Opened from the keyboard, like a click.
  await firstRow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/partners\?slug=[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Active' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flows' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance history' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/partners$/);
  await expect(page.getByRole('heading', { name: 'Partners PS', level: 1 })).toBeVisible();
});
