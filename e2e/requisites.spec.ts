import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, recordCalls, setTheme, signIn, uniqueName } from './support';

/**
 * SPEC §2.14 requisites: a trader's own (/requisite) and the admin's list (/requisites); §4 Requisite (the active
 * dropdown); §5 the client checks of a requisite and the restrictions save. The screens, their modals and their
 * error states meet WCAG 2.0 and 2.1 A and AA as axe-core checks them, light and dark, and on a 375 px phone.
 */

const dialogSelector = '[role="dialog"]';

async function choose(scope: Locator, field: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

/** The table row of the requisite named `name`. */
function rowOf(page: Page, name: string): Locator {
  return page.getByRole('table').getByRole('row').filter({ hasText: name });
}

/** Opens the add form and fills a RUB card requisite of VTB named `name`, with `cardNumber` as typed. */
async function fillCard(page: Page, name: string, cardNumber: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add requisite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add requisite' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(dialog, 'Currency', /^RUB/);
  await choose(dialog, 'Payment option', 'Card');
  await choose(dialog, 'Payment type', 'VTB');
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await dialog.getByRole('textbox', { name: 'Card holder' }).fill('IVAN PETROV');
  return dialog;
}

test('a trader adds a requisite, checked before sending, and sets its restrictions', async ({ page }) => {
  await signIn(page, 'trader');
  await page.goto('/requisite');
  await expect(page.getByRole('heading', { name: 'Requisites', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
  const posts = recordCalls(page, 'POST', '/requisite');

  const name = uniqueName('card');
  const dialog = await fillCard(page, name, '2200 1234');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const cardNumber = dialog.getByRole('textbox', { name: 'Card number' });
  await expect(dialog.getByText('Card number must contain only digits')).toBeVisible();
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  await cardNumber.fill('2200123412341234');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, name);
  await expect(row).toContainText('2200 1234 1234 1234');
  expect(posts).toHaveLength(1);

  await row.getByRole('button', { name: 'Edit restrictions' }).click();
  const restrictions = page.getByRole('dialog', { name: 'Restrictions' });
  await restrictions.getByRole('textbox', { name: 'Minimum amount' }).fill(' 1000 ');
  await restrictions.getByRole('textbox', { name: 'Maximum amount' }).fill('500');
  await restrictions.getByRole('button', { name: 'Save' }).click();
  // The server's first message for the field, under it.
  await expect(restrictions.getByRole('textbox', { name: 'Maximum amount' })).toHaveAccessibleDescription(
    'The maximum cannot be below the minimum',
  );
  await restrictions.getByRole('textbox', { name: 'Maximum amount' }).fill('50000');
  await restrictions.getByRole('button', { name: 'Save' }).click();
  await expect(restrictions).toBeHidden();

  await row.getByRole('button', { name: 'View restrictions' }).click();
  const view = page.getByRole('dialog', { name: 'Restrictions' });
  await expect(view.getByRole('textbox', { name: 'Minimum amount' })).toHaveValue('1000');
  await expect(view.getByRole('textbox', { name: 'Maximum amount' })).toHaveValue('50000');
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Cancel' }).click();
  await expect(view).toBeHidden();
});

test('root sees every requisite with its owner and switches one off from the dropdown', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/requisites');
  const row = rowOf(page, 'Partner card');
  await expect(row).toContainText('partner');
  const status = row.getByRole('combobox', { name: 'Status of Partner card' });
  await expect(status).toHaveValue('Active');

  await status.click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(page.getByText('Requisite Partner card is inactive')).toBeVisible();
  await expect(status).toHaveValue('Inactive');
  await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();

  await status.click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(status).toHaveValue('Active');
});

test('a support admin reads the requisites and their restrictions but changes nothing', async ({ page }) => {
  await signIn(page, 'support');
  await page.goto('/requisites');
  const row = rowOf(page, 'Sber card');
  await expect(row.getByRole('button', { name: 'View restrictions' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit restrictions' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(row.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add requisite' })).toHaveCount(0);
});

const phone = { width: 375, height: 740 } as const;

for (const run of [
  { scheme: 'light', device: 'desktop' },
  { scheme: 'dark', device: 'desktop' },
  { scheme: 'light', device: 'phone' },
] as const) {
  test.describe(`accessibility, ${run.scheme} theme on a ${run.device}`, () => {
    test.use({ colorScheme: run.scheme, ...(run.device === 'phone' ? { viewport: phone } : {}) });

    test('the requisites screen and its modals', async ({ page }) => {
      const prefix = `[${run.scheme}${run.device === 'phone' ? ' phone' : ''}]`;
      await setTheme(page, run.scheme);
      await signIn(page, 'root');
      await page.goto('/requisites');
      const row = rowOf(page, 'Sber card');
      await expect(row).toBeVisible();
      await expectNoAxeViolations(page, `${prefix} /requisites`);
      if (run.device === 'phone') {
        // The table scrolls inside its own box; the page itself never scrolls sideways.
        const overflowPx = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflowPx).toBeLessThanOrEqual(0);
      }

      await page.getByRole('button', { name: 'Add requisite' }).click();
      const add = page.getByRole('dialog', { name: 'Add requisite' });
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(add.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoAxeViolations(page, `${prefix} add requisite with errors`, dialogSelector);
      await choose(add, 'Payment option', 'Card');
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(add.getByText('Card number is required')).toBeVisible();
      await expectNoAxeViolations(page, `${prefix} add requisite with attribute errors`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(add).toBeHidden();

      for (const [button, dialogName] of [
        ['Edit', 'Edit requisite Sber card'],
        ['Details', 'Requisite Sber card'],
        ['Edit restrictions', 'Restrictions'],
        ['View restrictions', 'Restrictions'],
      ] as const) {
        await row.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: dialogName });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('status')).toHaveCount(0);
        await expectNoAxeViolations(page, `${prefix} ${button.toLowerCase()} modal`, dialogSelector);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  });
}
