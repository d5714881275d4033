import type { PaydeskClient } from '@paydesk/api-client';
import { expect, type Page, test } from '@playwright/test';
import { openDisputeByApi } from './disputeSupport';
import { cancelOrder, createPayIn, merchantApiClient, openPayerCase, receiptOf } from './orderSupport';
import {
  type DemoUser,
  demoPassword,
  expectNoAxeViolations,
  mainNavigation,
  setTheme,
  signIn,
  submitLogin,
} from './support';

/**
 * Accessibility: every screen that exists today, and the main modals that open without changing data, meet
 * WCAG 2.0 and 2.1 A and AA as axe-core checks them, in the light and the dark theme on a desktop, and in one theme
 * on a 375 px phone. A failure lists each rule broken, the element and why; every screen is checked before failing.
 */

const phone = { width: 375, height: 740 } as const;

/** The whole matrix: both themes on a desktop, the light theme on a phone (where the layout, not the palette, moves). */
const runs = [
  { scheme: 'light', device: 'desktop' },
  { scheme: 'dark', device: 'desktop' },
  { scheme: 'light', device: 'phone' },
] as const;

/** An open Mantine modal: the dialog is checked on its own, the page behind it was checked before it opened. */
const dialogSelector = '[role="dialog"]';

interface Check {
  page: Page;
  /** "[light]", "[dark]" or "[light phone]", put before every label so a failure says where it was seen. */
  prefix: string;
}

/** Where a check runs, named by the theme and, on a phone, the device. */
function checkOf(page: Page, scheme: 'light' | 'dark'): Check {
  return { page, prefix: `[${scheme}${page.viewportSize()?.width === phone.width ? ' phone' : ''}]` };
}

/** Opens `path`, waits for its title and checks it. */
async function visit({ page, prefix }: Check, path: string, heading: string, label = path): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, `${prefix} ${label}`);
}

/** Clicks `button`, checks the dialog it opens (named `dialogName`), then closes it with Escape. */
async function checkDialog(check: Check, button: string, dialogName: string | RegExp, label: string): Promise<void> {
  const { page } = check;
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `${check.prefix} ${label}`, dialogSelector);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Signs in as `user` in the run's theme (the sign-in leaves the page on /settings, which is checked). */
async function signInAs(page: Page, user: DemoUser, scheme: 'light' | 'dark'): Promise<Check> {
  await setTheme(page, scheme);
  await signIn(page, user);
  const check = checkOf(page, scheme);
  await expectNoAxeViolations(page, `${check.prefix} /settings (${user})`);
  return check;
}

/** On a phone the side menu is a drawer behind the burger: open it and check it too. */
async function checkPhoneMenu(check: Check, user: DemoUser): Promise<void> {
  const { page } = check;
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await burger.click();
  await expect(mainNavigation(page)).toBeInViewport();
  await expectNoAxeViolations(page, `${check.prefix} side menu (${user})`);
  await burger.click();
  await expect(mainNavigation(page)).not.toBeInViewport();
}

/**
 * The order screens need orders: an open pay-in for /active and a canceled one for /history, both the demo trader's,
 * made by the merchant's shop through the API (the e2e server has no demo traffic). The open one is canceled after.
 * The APPEALS tabs need a dispute: the shop opens one with a PNG receipt on a third pay-in, canceled; it stays open.
 */
let shop: PaydeskClient;
let openPayIn = '';
let openPayInAmount = '';
/** A payer of the merchant with a New anti-fraud case, so /antifraud has a case to release (DESIGN §13). */
const payer = `a11y-payer-${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'merchant');
  shop = await merchantApiClient(page);
  // Amounts of their own: an open order's amount cannot be issued again on the same requisite (DESIGN §5).
  const amount = () => String(1000 + Math.floor(Math.random() * 9000));
  openPayInAmount = amount();
  openPayIn = (await createPayIn(shop, openPayInAmount)).guid;
  await cancelOrder(shop, (await createPayIn(shop, amount())).guid);
  const disputedAmount = amount();
  const disputed = await createPayIn(shop, disputedAmount);
  await cancelOrder(shop, disputed.guid);
  await openDisputeByApi(shop, disputed.guid, disputedAmount);
  await openPayerCase(shop, payer);
  await context.close();
});

test.afterAll(async () => {
  if (openPayIn) await cancelOrder(shop, openPayIn);
});

/**
 * /active and /history on both tabs' first (pay-in), and with `details` the details modal of their first order: its
 * summary, timeline, ledger transfers and, for the admin and the merchant, webhook deliveries.
 */
async function checkOrderScreens(check: Check, who: string, details: boolean): Promise<void> {
  const { page } = check;
  for (const [path, heading] of [
    ['/active', 'Active orders'],
    ['/history', 'Order history'],
  ] as const) {
    await visit(check, path, heading, `${path} (${who})`);
    if (!details) continue;
    await page
      .getByRole('button', { name: /^Details of order/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Order / });
    await expect(dialog.getByRole('table', { name: 'Timeline' })).toBeVisible();
    await expectNoAxeViolations(page, `${check.prefix} ${path} order details (${who})`, dialogSelector);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

/**
 * The APPEALS tabs of /active (open disputes) and /history (closed ones). With `manage`, also what an admin who may
 * change a dispute opens from its row without changing it: the receipt's preview, the appeal's case and the
 * confirmations of Resolve and Reject, closed with Escape.
 */
async function checkAppeals(check: Check, who: string, manage: boolean): Promise<void> {
  const { page } = check;
  await visit(check, '/active?tab=appeals', 'Active orders', `/active appeals (${who})`);
  await expect(page.getByRole('table', { name: 'Open appeals' }).getByRole('row').nth(1)).toBeVisible();
  if (manage) {
    await page
      .getByRole('button', { name: /^Show check of appeal/ })
      .first()
      .click();
    const preview = page.getByRole('dialog', { name: /^Check of appeal/ });
    await expect(preview.getByRole('img', { name: /^Check receipt\.png/ })).toBeVisible();
    await expectNoAxeViolations(page, `${check.prefix} check preview (${who})`, dialogSelector);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page
      .getByRole('button', { name: /^Open appeal/ })
      .first()
      .click();
    const appealCase = page.getByRole('dialog', { name: /^Appeal / });
    await expect(appealCase.getByRole('img', { name: /^Check receipt\.png/ })).toBeVisible();
    await expectNoAxeViolations(page, `${check.prefix} appeal case (${who})`, dialogSelector);
    await page.keyboard.press('Escape');
    await expect(appealCase).toBeHidden();

    for (const [button, title] of [
      [/^Resolve appeal/, 'Resolve the appeal?'],
      [/^Reject appeal/, 'Reject the appeal?'],
    ] as const) {
      await page.getByRole('button', { name: button }).first().click();
      const confirmation = page.getByRole('dialog', { name: title });
      await expect(confirmation).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} ${title} (${who})`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(confirmation).toBeHidden();
    }
  }
  await visit(check, '/history?tab=appeals', 'Order history', `/history appeals (${who})`);
}

/**
 * "Connect an app you already have" (DESIGN §19) on the trader's Pixel 7: as it opens, then with its link made (by the
 * first run; later runs find it) and SmsForwarder picked, which shows the weak-signature warning.
 */
async function checkForwardingModal(check: Check): Promise<void> {
  const { page } = check;
  await page.getByRole('button', { name: 'Connect an app you already have to Pixel 7' }).click();
  const modal = page.getByRole('dialog', { name: 'Connect an app you already have: Pixel 7' });
  await expect(modal.getByRole('button', { name: 'Done' })).toBeVisible();
  await expectNoAxeViolations(page, `${check.prefix} forwarding modal`, dialogSelector);
  const create = modal.getByRole('button', { name: 'Create a link' });
  if (await create.isVisible()) await create.click();
  await modal.getByRole('radio', { name: 'SmsForwarder' }).click();
  await expect(modal.getByRole('alert')).toContainText('Weaker protection');
  await expectNoAxeViolations(page, `${check.prefix} forwarding modal with SmsForwarder`, dialogSelector);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

/** The dispute modal of a canceled pay-in on /history: as it opens, with a reason's fields, and sent empty. */
async function checkDisputeModal(check: Check): Promise<void> {
  const { page } = check;
  await visit(check, '/history', 'Order history', '/history (root, before a dispute)');
  await page
    .getByRole('button', { name: /^Open an appeal on order/ })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: 'Open an appeal' });
  await expect(modal.getByRole('combobox', { name: 'Reason' })).toBeVisible();
  await expectNoAxeViolations(page, `${check.prefix} dispute modal`, dialogSelector);
  await modal.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Payment made but not credited' }).click();
  await modal.getByRole('button', { name: 'Open the appeal' }).click();
  await expect(modal.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await expectNoAxeViolations(page, `${check.prefix} dispute modal with errors`, dialogSelector);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

for (const run of runs) {
  test.describe(`${run.scheme} theme on a ${run.device}`, () => {
    test.use({ colorScheme: run.scheme, ...(run.device === 'phone' ? { viewport: phone } : {}) });

    test('signed out: sign-in, invite and not-found pages', async ({ page }) => {
      await setTheme(page, run.scheme);
      const check = checkOf(page, run.scheme);
      await visit(check, '/login', 'Sign in');

      // A refused sign-in shows its error line in red (an unknown name, so no demo account is throttled).
      await submitLogin(page, 'a11y_nobody', 'not-the-password');
      await expect(page.locator('form').getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} /login refused`);

      await visit(check, '/invite_code?code=a11y-bogus-code', 'Set your password', '/invite_code');
      // Sending it empty shows the field errors without calling the server.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} /invite_code with errors`);

      await visit(check, '/no-such-page', 'Page not found', 'not found (signed out)');
    });

    test('root admin: settings, users, payments, wallets, partner systems and their modals', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      if (run.device === 'phone') await checkPhoneMenu(check, 'root');

      // The ledger check answers with a green "no differences" note.
      await page.getByRole('button', { name: 'Check the ledger' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'No differences' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} /settings ledger checked`);

      for (const [tab, name] of [
        ['trader', 'Traders'],
        ['admin', 'Admins'],
        ['agent', 'Agents'],
        ['merchant', 'Merchants'],
      ] as const) {
        await page.goto(`/users?tab=${tab}`);
        await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await expectNoAxeViolations(page, `${check.prefix} /users ${tab} tab`);
      }

      await visit(check, '/traders', 'Traders');
      const row = page.getByRole('row').filter({ hasText: 'trader2' });
      await checkDialog(check, 'Create trader', 'Create trader', 'create trader modal');
      // The create form sent empty shows its field errors in red, without creating anyone.
      await page.getByRole('button', { name: 'Create trader' }).click();
      const create = page.getByRole('dialog', { name: 'Create trader' });
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(create.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} create trader modal with errors`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      await row.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit trader trader2' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} edit trader modal`, dialogSelector);
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('dialog', { name: 'User trader2' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} user details modal`, dialogSelector);
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: 'Block' }).click();
      await expect(page.getByRole('dialog', { name: 'Block trader2' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} block user modal`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await visit(check, '/merchants', 'Merchants');
      await visit(check, '/agents', 'Agents');
      await visit(check, '/admins', 'Admins');

      await visit(check, '/pay?tab=deposit', 'Payments', '/pay deposits');
      await checkDialog(check, 'Credit a deposit', 'Credit a deposit', 'credit deposit modal');
      await visit(check, '/pay?tab=withdraw', 'Payments', '/pay withdrawals');
      // The merchant's 1,200 USDT withdrawal waits in moderation: its reject form opens and is cancelled.
      await checkDialog(check, 'Reject', 'Reject withdrawal', 'reject withdrawal modal');

      await visit(check, '/wallets', 'Wallets');
      await checkDialog(check, 'Merchant withdrawal', 'Merchant withdrawal', 'merchant withdrawal modal');

      await visit(check, '/partners', 'Partners PS');
      await checkDialog(check, 'Create partner system', 'Create partner system', 'create partner system modal');
      // The create form sent empty shows its field errors in red, without creating anything.
      await page.getByRole('button', { name: 'Create partner system' }).click();
      const createSystem = page.getByRole('dialog', { name: 'Create partner system' });
      await createSystem.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(createSystem.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} create partner system modal with errors`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(createSystem).toBeHidden();
      // The demo partner's system in detail: flows, balance history, and its edit form.
      await page.getByRole('table').getByRole('row').nth(1).click();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Balance history' }).getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} partner system details`);
      await checkDialog(check, 'Edit', /^Edit /, 'edit partner system modal');

      // An unknown address, inside the shell.
      await visit(check, '/no-such-page', 'Page not found', 'not found (signed in)');
    });

    test('root admin: orders and their details', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      await checkOrderScreens(check, 'root', true);
    });

    test('root admin: deals, a state tab and a filtered direction tab', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      await visit(check, '/deals', 'All orders', '/deals (active)');
      await visit(check, '/deals?tab=pay_in&filter[status]=canceled', 'All orders', '/deals (pay-in, canceled)');
      await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    });

    test('root admin: appeals and the dispute modal', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      await checkAppeals(check, 'root', true);
      await checkDisputeModal(check);
    });

    test('root admin: flows and their modals', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      // The flows: the demo merchant's RUB flow and every modal of its row; none of them changes anything.
      await visit(check, '/potoc', 'Flows');
      await checkDialog(check, 'Create flow', 'Create flow', 'create flow modal');
      await page.getByRole('button', { name: 'Create flow' }).click();
      const createFlow = page.getByRole('dialog', { name: 'Create flow' });
      await createFlow.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(createFlow.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} create flow modal with errors`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(createFlow).toBeHidden();
      for (const [button, dialogName, label] of [
        ['Add executor to Demo shop RUB', 'Add executor', 'add executor modal'],
        ['Edit restrictions of trader', 'Restrictions', 'trader restrictions modal'],
        ['View restrictions of trader', 'Restrictions', 'trader restrictions modal, read-only'],
        ['Remove trader', 'Remove executor', 'remove executor modal'],
        ['Edit Demo shop RUB', 'Edit flow Demo shop RUB', 'edit flow modal'],
        ['Currency rate of Demo shop RUB', 'Currency rate', 'currency rate modal'],
        ['Delete Demo shop RUB', 'Delete flow', 'delete flow modal'],
      ] as const) {
        if (dialogName === 'Restrictions') {
          await page.getByRole('button', { name: button, exact: true }).first().click();
          const dialog = page.getByRole('dialog', { name: dialogName });
          await expect(dialog.getByRole('textbox').first()).toBeVisible();
          await expectNoAxeViolations(page, `${check.prefix} ${label}`, dialogSelector);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        } else {
          await checkDialog(check, button, dialogName, label);
        }
      }
    });

    test('root admin: devices, terminals and their modals', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      // The demo trader's simulated phone, Pixel 7: its row, its bank messages and its requisites.
      await visit(check, '/devices', 'Devices');
      await expect(page.getByRole('row').filter({ hasText: 'Pixel 7' }).first()).toBeVisible();
      await checkDialog(check, 'Bank messages of Pixel 7', 'Bank messages of Pixel 7', 'bank messages modal');
      await checkDialog(check, 'Requisites of Pixel 7', 'Requisites of Pixel 7', 'terminal requisites modal');
      await visit(check, '/terminal', 'Terminals', '/terminal (root)');
    });

    test('root admin: anti-fraud and its modals', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      await visit(check, '/antifraud', 'Anti-fraud');
      // The payer's case, opened by the job runner a moment after its orders: the list shows it as it comes.
      const release = page.getByRole('button', { name: `Release the case of ${payer} (merchant)` });
      await expect(release).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} /antifraud with a New case`);
      await checkDialog(check, `Release the case of ${payer} (merchant)`, 'Release the case?', 'release case modal');
      await checkDialog(check, 'Rule settings', 'Anti-fraud rules', 'anti-fraud settings modal');

      // The receipts check: empty, then a PDF that is not one (the red line under the drop area), then a receipt
      // that finds the open pay-in.
      await checkDialog(check, 'Check a receipt', 'Check a receipt', 'receipts check modal');
      await page.getByRole('button', { name: 'Check a receipt' }).click();
      const receipt = page.getByRole('dialog', { name: 'Check a receipt' });
      const input = receipt.locator('input[type="file"]');
      await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
      await expect(receipt.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} receipts check refused`, dialogSelector);
      await input.setInputFiles(receiptOf(openPayInAmount));
      await expect(receipt.getByRole('region', { name: 'Matching orders' }).getByRole('row').nth(1)).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} receipts check with orders`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(receipt).toBeHidden();
    });

    test('root admin: statistics with the chart, directions and a direction in detail', async ({ page }) => {
      const check = await signInAs(page, 'root', run.scheme);
      // The canceled pay-ins of beforeAll, once the job runner has summed them: the tables and the chart have rows.
      await expect
        .poll(
          async () => {
            const answer = await page.request.get('/api/inner/order/statistic/?filter[status]=canceled');
            return ((await answer.json()).data?.statistic?.per_day ?? []).length;
          },
          { intervals: [2000] },
        )
        .toBeGreaterThan(0);
      await visit(check, '/statistics', 'Statistics');
      // On a phone the filters wait behind their button.
      if (run.device === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();
      // A multi-select without a search field has no visible input to click: its box opens the list.
      await page
        .locator('.mantine-MultiSelect-root')
        .filter({ hasText: 'Status' })
        .locator('.mantine-MultiSelect-input')
        .click();
      await page.getByRole('option', { name: 'Canceled' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('img', { name: /^Bar chart of the volume per day/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Currencies' }).getByRole('row').nth(1)).toContainText('Total');
      await expectNoAxeViolations(page, `${check.prefix} /statistics with the chart`);

      await visit(check, '/directions', 'Directions');
      const sbp = page.getByRole('region', { name: 'Directions' }).getByRole('row').filter({ hasText: 'SBP' });
      await sbp.first().click();
      const dialog = page.getByRole('dialog', { name: /^RUB\/USDT · SBP/ });
      await expect(dialog.getByRole('table', { name: 'Executors' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} direction details modal`, dialogSelector);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('support admin: settings, anti-fraud, payments, partner systems and orders', async ({ page }) => {
      const check = await signInAs(page, 'support', run.scheme);
      await visit(check, '/antifraud', 'Anti-fraud', '/antifraud (support)');
      await checkDialog(check, 'Rule settings', 'Anti-fraud rules', 'anti-fraud settings modal, read-only');
      await visit(check, '/pay?tab=withdraw', 'Payments', '/pay withdrawals (support)');
      await visit(check, '/partners', 'Partners PS', '/partners (support)');
      await checkOrderScreens(check, 'support', true);
      await checkAppeals(check, 'support', false);
    });

    test('merchant: settings, balance, pay in, pay out and orders', async ({ page }) => {
      const check = await signInAs(page, 'merchant', run.scheme);
      // The payer's page section loads after the screen's title: checked again once its fields are there.
      const payerPage = page.getByRole('region', { name: "Payer's page" });
      await expect(payerPage.getByRole('textbox', { name: 'Shop name shown to payers' })).toBeVisible();
      await expectNoAxeViolations(page, `${check.prefix} /settings payer's page (merchant)`);
      if (run.device === 'phone') await checkPhoneMenu(check, 'merchant');
      await visit(check, '/statistic', 'Statistics', '/statistic (merchant)');
      await visit(check, '/balance', 'Balance', '/balance (merchant)');
      await checkDialog(check, 'Deposit USDT', 'USDT deposit', 'pay-in modal (merchant)');
      await checkDialog(check, 'Withdraw USDT', 'Withdraw USDT', 'payout modal (merchant)');
      await checkOrderScreens(check, 'merchant', true);
      await checkAppeals(check, 'merchant', false);
    });

    test('merchant: the API reference', async ({ page }) => {
      const check = await signInAs(page, 'merchant', run.scheme);
      // The API screen with its reference drawn (a chunk of its own, loaded after the page's title).
      await page.goto('/api');
      await expect(page.getByRole('heading', { name: 'Paydesk merchant and executor API' })).toBeVisible();
      // The whole page, the renderer's markup included: the app names its copy buttons and redefines its greys and
      // method colours (apiReference.css).
      await expectNoAxeViolations(page, `${check.prefix} /api (merchant)`);
    });

    test('trader: settings, balance, pay in and orders', async ({ page }) => {
      const check = await signInAs(page, 'trader', run.scheme);
      await visit(check, '/balance', 'Balance', '/balance (trader)');
      await checkDialog(check, 'Deposit USDT', 'USDT deposit', 'pay-in modal (trader)');
      await checkOrderScreens(check, 'trader', true);
      await visit(check, '/terminal', 'Terminals', '/terminal (trader)');
      await checkDialog(check, 'Add terminal', 'Add terminal', 'add terminal modal');
      await checkDialog(check, 'Edit Pixel 7', 'Edit terminal Pixel 7', 'edit terminal modal');
      await checkDialog(check, 'Delete Pixel 7', 'Delete terminal', 'delete terminal modal');
      await checkForwardingModal(check);
    });

    test('trader2: the insurance gate over settings', async ({ page }) => {
      await setTheme(page, run.scheme);
      await page.goto('/login');
      await submitLogin(page, 'trader2', demoPassword);
      const gate = page.getByRole('dialog', { name: 'Insurance contribution required' });
      await expect(gate).toBeVisible();
      const { prefix } = checkOf(page, run.scheme);
      await expectNoAxeViolations(page, `${prefix} insurance gate (trader2)`, dialogSelector);
    });

    test('agent: settings, balance, pay out and own traders', async ({ page }) => {
      const check = await signInAs(page, 'agent', run.scheme);
      await visit(check, '/balance', 'Balance', '/balance (agent)');
      await checkDialog(check, 'Withdraw USDT', 'Withdraw USDT', 'payout modal (agent)');
      await visit(check, '/agent/traders', 'My traders');
    });

    test('partner: settings, balance and orders', async ({ page }) => {
      const check = await signInAs(page, 'partner', run.scheme);
      await visit(check, '/balance', 'Balance', '/balance (partner)');
      // The partner executes none of the demo orders: its lists are empty.
      await checkOrderScreens(check, 'partner', false);
    });
  });
}
