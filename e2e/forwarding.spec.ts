import { expect, test } from '@playwright/test';
import { smsGateRequest } from '../apps/server/test/forwarding-payloads';
import { createPayIn, merchantApiClient, orderRow, shortId } from './orderSupport';
import { saveShot } from './support';
import {
  bankSmsFor,
  makeForwardingLink,
  openMenu,
  shotPage,
  signedInPage,
  traderWithNewTerminal,
} from './terminalSupport';

/** SMSGate's request for this SMS, as the server's tests build it from the app's source, in Playwright's form. */
function smsGate(key: string, sms: { sender: string; text: string }) {
  const request = smsGateRequest(key, { ...sms, receivedAt: new Date() });
  return { headers: request.headers, data: request.body };
}

/**
 * A phone the trader already has (DESIGN §19): the trader adds a terminal, connects SMSGate from the terminal's
 * screen, root approves the terminal, and an SMS signed and posted exactly as SMSGate posts it settles the pay-in.
 */

test('a trader connects SMSGate to a new terminal, root approves it, and a signed SMS settles the pay-in', async ({
  browser,
}) => {
  const { trader, name, card } = await traderWithNewTerminal(browser, 'Redmi');

  // No Paydesk app on the phone: the trader connects SMSGate instead.
  const { connect, url, key } = await makeForwardingLink(trader, card, name);
  await expect(connect.getByRole('radio', { name: 'SMSGate' })).toBeChecked();
  await expect(connect).toContainText('Settings → Webhooks → Signing key');
  expect(url).toMatch(/\/api\/device\/v1\/forward\/[A-Za-z0-9_-]{22}$/);
  expect(key.length).toBeGreaterThan(30);
  await expect(connect).toContainText('No message received yet.');
  // A link is a source of messages: the terminal waits for an admin, as after pairing.
  await expect(card).toContainText('On moderation');

  // Root approves it on /devices.
  const root = await signedInPage(browser, 'root');
  await openMenu(root, 'Devices', 'Devices');
  const row = root.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(row).toContainText('Enabled');
  await expect(card).toContainText('Enabled');

  // A pay-in to one of the trader's requisites; its bank's SMS reaches SMSGate, which posts it to the link.
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  const amount = String(3000 + Math.floor(Math.random() * 900));
  const order = await createPayIn(api, amount);
  const sms = bankSmsFor(order, amount);
  const forged = await trader.request.post(url, smsGate('not-the-key', sms));
  expect(forged.status()).toBe(401);
  const sent = await trader.request.post(url, smsGate(key, sms));
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data).toMatchObject({ app: 'smsgate', results: [{ state: 'new', outcome: 'matched' }] });

  // The open modal shows the message at once, and the terminal's messages name the app it came through.
  await expect(connect).toContainText('Last message received:');
  await connect.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: `Bank messages of ${name}` }).click();
  const messages = trader.getByRole('dialog', { name: `Bank messages of ${name}` });
  await expect(messages).toContainText('Settled an order');
  await expect(messages).toContainText('SMSGate');
  await expect(messages).toContainText(shortId(order.guid));
  await trader.keyboard.press('Escape');
  await expect(messages).toBeHidden();
  await openMenu(trader, 'Order history', 'Order history');
  await expect(orderRow(trader.getByRole('table').first(), order.guid)).toContainText('Paid');
});

/**
 * Not a check: the forwarding modal as a trader sees it (en and ru, light and dark, a 375 px phone and a 1440 px
 * desktop), for a person to look at. Only with E2E_SHOTS=1; E2E_PEOPLE_SHOTS_DIR picks the folder.
 */
test('screenshots of the forwarding modal', async ({ browser }) => {
  test.skip(!process.env.E2E_SHOTS, 'screenshots are taken only with E2E_SHOTS=1');
  test.setTimeout(180_000);
  for (const language of ['en', 'ru'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [375, 1440]) {
        const page = await shotPage(browser, 'trader', { language, scheme, width });
        await page.goto('/terminal');
        const card = page.getByRole('article').filter({ hasText: 'Pixel 7' });
        await card.getByRole('button').nth(2).click();
        const dialog = page.getByRole('dialog');
        // Its Done button shows once the link (or that there is none) has loaded.
        await expect(dialog.getByRole('button', { name: language === 'en' ? 'Done' : 'Готово' })).toBeVisible();
        const create = dialog.getByRole('button', { name: language === 'en' ? 'Create a link' : 'Создать ссылку' });
        if (await create.isVisible()) await create.click();
        await expect(dialog.getByRole('img', { name: /QR/ })).toBeVisible();
        await dialog.getByRole('radio').nth(1).click();
        await expect(dialog.getByRole('alert')).toBeVisible();
        await saveShot(dialog, `forwarding-${language}-${scheme}-${width}`);
        await page.context().close();
      }
    }
  }
});
