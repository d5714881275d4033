import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  afterPageTasks,
  apiPost,
  expectRed,
  findUser,
  loginError,
  type ManagedUser,
  recordCalls,
  saveShot,
  signIn,
  submitLogin,
  uniqueName,
} from './support';

/** SPEC §2.8 user management (traders), §4 User states, §5 user edit and block rules, §8 inline server errors. */

const traderPassword = 'trader-e2e-pass';

/** Creates a trader as the signed-in admin through `POST /user` (the create form has its own journey). */
async function createTraderByApi(page: Page, username: string, comment: string): Promise<ManagedUser> {
  const created = await apiPost(page, '/user', { type: 'trader', username, password: traderPassword, comment });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data as ManagedUser;
}

/** Shows only `username` in the list through the filter bar, and returns its row. */
async function filterByUsername(page: Page, username: string): Promise<Locator> {
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('textbox', { name: 'Username' }).fill(username);
  await filters.getByRole('button', { name: 'Apply' }).click();
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: username });
  await expect(row).toBeVisible();
  return row;
}

/** The value cell of a details row (the details modal is a two-column table of label and value). */
function detailsValue(dialog: Locator, label: string): Locator {
  return dialog
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

/** Tries to sign in with a fresh, signed-out browser context; returns the page left on the outcome. */
async function signInElsewhere(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, username, traderPassword);
  return page;
}

test('root creates a trader with a fee row and a main team lead, finds it in the list and sees it in Details', async ({
  page,
}) => {
  const username = uniqueName('e2e_trader');
  await signIn(page, 'root');
  await page.goto('/traders');
  await expect(page.getByRole('heading', { name: 'Traders', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create trader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create trader' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(traderPassword);
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Created by the e2e journey');

  // One fee row: a new row starts as pay-in from 0 with no maximum at 0 % (SPEC §5).
  await dialog.getByRole('button', { name: 'Add fee row' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Min amount, row 1' })).toHaveValue('0');
  await expect(dialog.getByRole('textbox', { name: 'Max amount, row 1' })).toHaveValue('');
  await expect(dialog.getByRole('combobox', { name: 'Direction, row 1' })).toHaveValue('Pay-in');
  await dialog.getByRole('textbox', { name: 'Max amount, row 1' }).fill('1000');
  await dialog.getByRole('textbox', { name: 'Percentage, row 1' }).fill('2.5');

  // The demo agent as the main team lead; a newly chosen agent starts at 0 % both ways.
  await dialog.getByRole('combobox', { name: 'Agents (team leads)' }).click();
  await page.getByRole('option', { name: 'agent', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const payIn = dialog.getByRole('textbox', { name: 'Pay-in % of agent' });
  await expect(payIn).toHaveValue('0');
  await expect(dialog.getByRole('textbox', { name: 'Pay-out % of agent' })).toHaveValue('0');
  await payIn.fill('0.5');
  await dialog.getByRole('textbox', { name: 'Pay-out % of agent' }).fill('0.25');
  await dialog.getByRole('switch', { name: 'agent is the main agent' }).check();
  await saveShot(dialog, 'users-create-modal-filled');

  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/inner/user',
  );
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  expect((await created).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Trader ${username} created`)).toBeVisible();

  // The server stored what the form showed.
  const stored = await findUser(page, 'trader', username);
  expect(stored?.profile?.fees).toEqual([
    { direction: 'pay_in', min_amount: '0', max_amount: '1000', percentage: '2.5' },
  ]);
  expect(stored?.profile?.teamleads).toMatchObject([
    { user: { username: 'agent' }, is_main: true, pay_in_percentage: '0.5', pay_out_percentage: '0.25' },
  ]);

  const row = await filterByUsername(page, username);
  await expect(row).toContainText('Created by the e2e journey');
  await expect(row).toContainText('Hold: 0 USDT');
  await expect(row.getByRole('button', { name: 'Block' })).toBeVisible();
  await saveShot(page, 'users-list-new-trader');

  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: `User ${username}` });
  await expect(details).toBeVisible();
  await expect(detailsValue(details, 'Username')).toHaveText(username);
  await expect(detailsValue(details, 'Pay-in %')).toHaveText('2.5 %');
  await expect(detailsValue(details, 'Pay-out %')).toHaveText('—');
  await expect(detailsValue(details, 'Pay-ins')).toHaveText('Closed');
  await expect(detailsValue(details, 'Two-factor authentication')).toHaveText('Disabled');
  const fees = details.getByRole('region', { name: 'Fees' });
  await expect(fees.getByRole('row').nth(1)).toHaveText(/Pay-in\s*0 – 1,000\s*2\.5 %/);
  const agents = details.getByRole('region', { name: 'Agents (team leads)' });
  await expect(agents.getByRole('row').nth(1)).toHaveText(/agent\s*0\.5 %\s*0\.25 %\s*Yes/);
  const audit = details.getByRole('region', { name: 'Audit trail' });
  await expect(audit.getByRole('listitem')).toHaveCount(1);
  await expect(audit.getByRole('listitem')).toContainText('root');
  await expect(audit.getByRole('listitem')).toContainText('Created');
  await saveShot(details, 'users-details-modal');
});

test('root edits a trader: the new comment and deposit state show in the list, Details and the audit trail', async ({
  page,
}) => {
  const username = uniqueName('e2e_trader');
  await signIn(page, 'root');
  const trader = await createTraderByApi(page, username, 'Before the edit');
  await page.goto('/traders');
  const row = await filterByUsername(page, username);

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit trader ${username}` });
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
  await expect(dialog.getByRole('switch', { name: 'Pay-ins open' })).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('After the edit');
  await dialog.getByRole('switch', { name: 'Pay-ins open' }).check();

  // An edit sends only what changed (SPEC §5), never an empty password.
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/inner/user/${trader.uuid}`),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toEqual({ comment: 'After the edit', profile: { deposit_open: true } });
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${username} saved`)).toBeVisible();
  await expect(row).toContainText('After the edit');
  await expect(row).not.toContainText('Before the edit');

  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: `User ${username}` });
  await expect(detailsValue(details, 'Comment')).toHaveText('After the edit');
  await expect(detailsValue(details, 'Pay-ins')).toHaveText('Open');
  const latest = details.getByRole('region', { name: 'Audit trail' }).getByRole('listitem').first();
  await expect(latest).toContainText('Edited');
  await expect(latest).toContainText('Comment: Before the edit → After the edit');
  await expect(latest).toContainText('Pay-ins open: No → Yes');
  expect((await findUser(page, 'trader', username))?.profile?.deposit_open).toBe(true);
});

test('root blocks a trader only with a reason; the blocked trader cannot sign in until unblocked', async ({
  page,
  browser,
}) => {
  const username = uniqueName('e2e_trader');
  await signIn(page, 'root');
  await createTraderByApi(page, username, 'To be blocked');
  await page.goto('/traders');
  const row = await filterByUsername(page, username);
  const blockCalls = recordCalls(page, 'POST', '/user/block');

  await row.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${username}` });
  await expect(dialog).toContainText('A blocked user is signed out at once and cannot sign in until unblocked.');

  // An empty reason, then one of blanks: the field says why and nothing is sent (SPEC §5).
  await dialog.getByRole('button', { name: 'Block' }).click();
  const reasonError = dialog.getByText('Write why the user is blocked.');
  await expect(reasonError).toBeVisible();
  await expectRed(reasonError);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('   ');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(reasonError).toBeVisible();
  await saveShot(dialog, 'users-block-modal-error');
  await afterPageTasks(page);
  expect(blockCalls).toEqual([]);

  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Chargebacks (e2e)');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toBeHidden();
  expect(blockCalls).toHaveLength(1);
  await expect(page.getByText(`${username} blocked`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Block', exact: true })).toHaveCount(0);
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

  const refused = await signInElsewhere(browser, username);
  await expect(loginError(refused)).toHaveText('This account is blocked. Contact your administrator.');
  await expect(refused).toHaveURL(/\/login$/);
  await refused.context().close();

  // Unblocking asks first, showing the reason it was blocked for.
  await row.getByRole('button', { name: 'Unblock' }).click();
  const confirm = page.getByRole('dialog', { name: `Unblock ${username}` });
  await expect(confirm).toContainText('Blocked because: Chargebacks (e2e)');
  await confirm.getByRole('button', { name: 'Unblock' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${username} unblocked`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(row.getByText('Blocked', { exact: true })).toHaveCount(0);

  const welcomed = await signInElsewhere(browser, username);
  await expect(welcomed).toHaveURL(/\/settings$/);
  await expect(welcomed.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await welcomed.context().close();
});

test('blocking signs the trader out of a session that is already open', async ({ page, browser }) => {
  const username = uniqueName('e2e_trader');
  await signIn(page, 'root');
  const trader = await createTraderByApi(page, username, 'Signed in elsewhere');
  const elsewhere = await signInElsewhere(browser, username);
  await expect(elsewhere).toHaveURL(/\/settings$/);

  const blocked = await apiPost(page, '/user/block', { uuid: trader.uuid, comment: 'Session check (e2e)' });
  expect(blocked.status).toBe(200);

  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await elsewhere.context().close();
});

test('a server refusal (username already taken) shows in red in the form, in English and in Russian', async ({
  page,
}) => {
  await signIn(page, 'root');
  await page.goto('/traders');
  await page.getByRole('button', { name: 'Create trader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create trader' });
  const username = dialog.getByRole('textbox', { name: 'Username' });
  await username.fill('merchant');
  await dialog.getByLabel('Password', { exact: true }).fill(traderPassword);

  const english = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/inner/user');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  expect((await english).status()).toBe(422);
  // The server's message is marked at the field and repeated under the form (its localized_message is the first
  // field message), both in red; the modal stays open.
  await expect(username).toHaveAccessibleDescription('This username is already taken.');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  const summary = dialog.getByRole('alert');
  await expect(summary).toHaveText('This username is already taken.');
  const taken = dialog.getByText('This username is already taken.');
  await expect(taken).toHaveCount(2);
  await expectRed(taken.first());
  await expectRed(taken.last());
  await expect(dialog).toBeVisible();

  // The same refusal in Russian: the server answers in the language the page sends.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU', { exact: true }).click();
  await page.getByRole('button', { name: 'Создать трейдера' }).click();
  const russianDialog = page.getByRole('dialog', { name: 'Создать трейдера' });
  await russianDialog.getByRole('textbox', { name: 'Логин' }).fill('merchant');
  await russianDialog.getByLabel('Пароль', { exact: true }).fill(traderPassword);
  const russian = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/inner/user');
  await russianDialog.getByRole('button', { name: 'Создать', exact: true }).click();
  const answer = await russian;
  expect(answer.status()).toBe(422);
  expect(answer.request().headers()['x-language']).toBe('ru');
  await expect(russianDialog.getByRole('textbox', { name: 'Логин' })).toHaveAccessibleDescription(
    'Этот логин уже занят.',
  );
  await expect(russianDialog.getByRole('alert')).toHaveText('Этот логин уже занят.');
  await expectRed(russianDialog.getByRole('alert').getByText('Этот логин уже занят.'));
  expect(await findUser(page, 'merchant', 'merchant')).toBeTruthy();
});
