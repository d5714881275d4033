import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, uniqueName } from './support';

/**
 * Flows (SPEC §2.19, /potoc, admin only): root creates a flow from the RUB/USDT inactive draft, adds a trader as its
 * executor (a second time is refused by the server), ranks it and sets a manual rate; a support admin is refused.
 */

async function choose(scope: Locator, field: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('table').getByRole('row').filter({ hasText: name });
}

test('root creates a flow, adds a trader once, ranks it and sets a manual rate', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/potoc');
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible();
  // The demo merchant's RUB flow, with both demo executors.
  await expect(rowOf(page, 'Demo shop RUB')).toContainText('RUB / USDT');

  const name = uniqueName('flow');
  await page.getByRole('button', { name: 'Create flow' }).click();
  const create = page.getByRole('dialog', { name: 'Create flow' });
  await expect(create.getByRole('combobox', { name: 'Fiat currency' })).toHaveValue('RUB');
  await expect(create.getByRole('combobox', { name: 'Crypto currency' })).toHaveValue('USDT');
  await expect(create.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(create, 'Merchant', 'merchant');
  // The demo merchant already has its RUB/USDT flow: this one is in tenge.
  await choose(create, 'Fiat currency', 'KZT');
  await create.getByRole('textbox', { name: 'Currency rate' }).fill('5.1');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`Flow ${name} created`)).toBeVisible();
  const row = rowOf(page, name);
  await expect(row).toContainText('KZT / USDT');
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('No executors');

  const addExecutor = async () => {
    await row.getByRole('button', { name: `Add executor to ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add executor' });
    await choose(dialog, 'Trader', 'trader');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    return dialog;
  };
  const first = await addExecutor();
  await expect(first).toBeHidden();
  await expect(page.getByText('Trader trader added')).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Priority of trader' })).toHaveValue('0');

  const second = await addExecutor();
  await expect(second.getByRole('alert')).toHaveText('This trader is already added!');
  await page.keyboard.press('Escape');
  await expect(second).toBeHidden();

  await choose(row, 'Priority of trader', '7');
  await expect(page.getByText('Priority of trader updated to 7')).toBeVisible();

  await row.getByRole('button', { name: `Currency rate of ${name}` }).click();
  const rate = page.getByRole('dialog', { name: 'Currency rate' });
  await expect(rate.getByRole('textbox', { name: 'Currency rate' })).toHaveValue('5.1');
  await rate.getByRole('textbox', { name: 'Currency rate' }).fill('5.25');
  await rate.getByRole('button', { name: 'Save' }).click();
  await expect(rate).toBeHidden();
  await expect(page.getByText(`Currency rate of flow ${name} updated`)).toBeVisible();

  // What the server keeps, read again.
  await page.reload();
  await expect(rowOf(page, name).getByRole('combobox', { name: 'Priority of trader' })).toHaveValue('7');
  await expect(rowOf(page, name)).toContainText('5.25 KZT per USDT');
});

test('a support admin cannot open /potoc, and the server refuses it the flows', async ({ page }) => {
  await signIn(page, 'support');
  await page.goto('/potoc');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toHaveCount(0);
  const response = await page.request.get('/api/inner/flow');
  expect(response.status()).toBe(403);
});
