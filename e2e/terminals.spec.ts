import { expect, test } from '@playwright/test';
import { createPayIn, merchantApiClient, orderRow, shortId } from './orderSupport';
import { expectNoAxeViolations, uniqueName } from './support';
import { addTerminal, grouped, openMenu, signedInPage } from './terminalSupport';

/**
 * Terminals and devices (SPEC §2.17, §2.18, DESIGN §11): a trader adds a terminal on its requisites and gets a pairing
 * code, the phone pairs with it through the device API, root approves it on /devices, and the bank's message of a
 * paid pay-in, forwarded by the phone, settles the order: it leaves the trader's /active without a reload.
 */

const device = {
  android_id: 'e2e-android-0001',
  android_version: '14',
  app_version: '1.4.2',
  device_model: 'Samsung Galaxy A54',
  location: null,
  sims: [{ carrierName: 'Beeline', countryIso: 'ru', mcc: '250', mnc: '99' }],
};

/** The message the payer's bank sends to the requisite the order names: Sberbank's SMS for a card, T-Bank's push. */
function bankMessage(details: Record<string, string> | undefined, amount: string) {
  const card = details?.card_number;
  return card
    ? { package: null, title: '900', body: `MIR-${card.slice(-4)} 10:15 Зачисление ${grouped(amount)}р от Анна К.` }
    : {
        package: 'com.idamob.tinkoff.android',
        title: 'T-Bank',
        body: `Пополнение, счет RUB. ${grouped(amount)} ₽. Анна К. Доступно 48 210,50 ₽`,
      };
}

test("a trader's new terminal pairs, is approved on /devices, and its bank message pays an open pay-in in real time", async ({
  browser,
}) => {
  const trader = await signedInPage(browser, 'trader');
  await openMenu(trader, 'Terminals', 'Terminals');
  const name = uniqueName('Galaxy');

  // Add: a name and both of the trader's requisites.
  const { pairing, card } = await addTerminal(trader, name);

  // The one-time pairing code, with its QR image.
  await expect(pairing.getByRole('img', { name: `QR code of the pairing code for ${name}` })).toBeVisible();
  await expectNoAxeViolations(trader, 'pairing code modal', '[role="dialog"]');
  const code = /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await pairing.textContent()) ?? '')?.[0];
  expect(code).toBeDefined();
  await pairing.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('Not paired');

  // The phone pairs with the code: the card says it waits for moderation, without a reload.
  const paired = await trader.request.post('/api/device/v1/pair', { data: { code, device } });
  expect(paired.status()).toBe(200);
  const token = (await paired.json()).data.token as string;
  await expect(card).toContainText('On moderation');

  // Root approves it on /devices.
  const root = await signedInPage(browser, 'root');
  await openMenu(root, 'Devices', 'Devices');
  const row = root.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Samsung Galaxy A54');
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(row).toContainText('Enabled');
  await expect(card).toContainText('Enabled');

  // A shop's pay-in reaches the trader's /active; the payer pays, the bank tells the phone, the phone tells us.
  const merchant = await signedInPage(browser, 'merchant');
  const api = await merchantApiClient(merchant);
  await openMenu(trader, 'Active orders', 'Active orders');
  let loads = 0;
  trader.on('load', () => {
    loads += 1;
  });
  const amount = String(2000 + Math.floor(Math.random() * 900));
  const order = await createPayIn(api, amount);
  const active = orderRow(trader.getByRole('table', { name: 'Active pay-in orders' }), order.guid);
  await expect(active).toBeVisible();
  const message = bankMessage(order.payment_details?.attributes, amount);
  const sent = await trader.request.post('/api/device/v1/notifications', {
    headers: { authorization: `Bearer ${token}` },
    data: { notifications: [{ id: `e2e-${order.guid}`, received_at: new Date().toISOString(), ...message }] },
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data.results[0].outcome).toBe('matched');
  await expect(active).toHaveCount(0);
  expect(loads).toBe(0);

  // The order is paid in the history, and the terminal's messages show what settled it.
  await openMenu(trader, 'Order history', 'Order history');
  await expect(orderRow(trader.getByRole('table').first(), order.guid)).toContainText('Paid');
  await openMenu(trader, 'Terminals', 'Terminals');
  await card.getByRole('button', { name: `Bank messages of ${name}` }).click();
  const messages = trader.getByRole('dialog', { name: `Bank messages of ${name}` });
  await expect(messages).toContainText('Settled an order');
  await expect(messages).toContainText(shortId(order.guid));
  await trader.keyboard.press('Escape');

  // Deleted, the terminal is gone and its phone is signed out.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = trader.getByRole('dialog', { name: 'Delete terminal' });
  await expect(confirm).toContainText(`Do you want to delete terminal ${name}?`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card).toHaveCount(0);
  const after = await trader.request.post('/api/device/v1/heartbeat', {
    headers: { authorization: `Bearer ${token}` },
    data: { device },
  });
  expect(after.status()).toBe(401);
});
