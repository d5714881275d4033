import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createPayIn, freshAmount, merchantApiClient, shortId, shownAmount } from './orderSupport';
import { expectNoAxeViolations, signIn, uniqueName } from './support';
import { addTerminal, grouped, openMenu } from './terminalSupport';

/**
 * The trader's phone, everywhere (issue 32, item 3): at 375 px, after sign-in /settings leads to the open orders with
 * their number as the server counts them; requisites are cards with the on/off switch at hand, the balance history
 * cards with the amount and the balance after, a terminal's bank messages cards with the amount and the order they
 * settled. Each screen is checked with axe in English and light, and in Russian and dark; with E2E_SHOTS=1 each is
 * also saved (both languages and themes) to E2E_SHOTS_DIR (/tmp/shots-e2e by default) for a person to look at.
 */

const phone = { width: 375, height: 740 };
const desk = { width: 1440, height: 900 };
const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';

/** How far the page scrolls sideways: nothing on a phone means no card holds anything out of reach. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The number of orders /active lists for the signed-in trader, as the server counts them. */
async function activeCount(page: Page): Promise<number> {
  const answer = await page.request.get('/api/inner/trader/order?filter[status]=new,in-progress&count=1');
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.context.pagination.total_count;
}

async function traderOnPhone(browser: Browser, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: phone, colorScheme: scheme })).newPage();
  await signIn(page, 'trader');
  return page;
}

test("a trader's day on a phone: the way to the open orders, requisites and balance history", async ({ browser }) => {
  const merchant = await (await browser.newContext({ viewport: desk })).newPage();
  await signIn(merchant, 'merchant');
  const order = await createPayIn(await merchantApiClient(merchant), freshAmount());

  // Sign-in lands on /settings; the open orders are one tap away, counted by the server.
  const trader = await traderOnPhone(browser);
  const count = await activeCount(trader);
  expect(count).toBeGreaterThan(0);
  const toOrders = trader.getByRole('link', { name: `Go to active orders (${count})` });
  await expect(toOrders).toBeInViewport();
  await expectNoAxeViolations(trader, '/settings with the way to the orders');
  await toOrders.click();
  await expect(trader).toHaveURL(/\/active$/);
  await expect(trader.getByRole('listitem', { name: `Order ${shortId(order.guid)}` })).toBeVisible();

  // Requisites: a card each, the switch beside the name; off and on again, each change said in a toast.
  await trader.goto('/requisite');
  const requisites = trader.getByRole('list', { name: 'Requisites' });
  const card = requisites.getByRole('listitem', { name: 'Requisite T-Bank SBP' });
  await expect(card).toContainText('T-Bank');
  await expect(trader.getByRole('table')).toHaveCount(0);
  const toggle = card.getByRole('switch', { name: 'Active: T-Bank SBP' });
  await expect(toggle).toBeChecked();
  // The first card's switch is on the first screen, with no sideways scroll to reach it.
  await expect(requisites.getByRole('switch').first()).toBeInViewport();
  expect(await overflow(trader)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(trader, '/requisite cards');
  await toggle.dispatchEvent('click');
  await expect(trader.getByText('Requisite T-Bank SBP is inactive')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(card).toContainText('Inactive');
  await toggle.dispatchEvent('click');
  await expect(trader.getByText('Requisite T-Bank SBP is active')).toBeVisible();
  await expect(toggle).toBeChecked();

  // Balance history: the amount and the balance it left on each card.
  await trader.goto('/balance');
  const history = trader
    .getByRole('region', { name: 'Balance history' })
    .getByRole('list', { name: 'Balance history' });
  const first = history.getByRole('listitem').first();
  await expect(first).toContainText(/[+−]\S*\d/);
  await expect(first).toContainText(/Balance after: \S*\d/);
  // The wallets too: each a card with its whole amount, none cut at the screen's edge.
  const wallet = trader.getByRole('list', { name: 'Wallets' }).getByRole('listitem').first();
  await expect(wallet).toContainText(/Virtual.*\d.*USDT/);
  await expect(wallet).toBeInViewport();
  expect(await overflow(trader)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(trader, '/balance history cards');

  // The terminal's actions say what they do in words beside their icons.
  await trader.goto('/terminal');
  const terminal = trader.getByRole('article', { name: 'Pixel 7' });
  await expect(terminal.getByRole('button', { name: 'Edit Pixel 7' })).toHaveText('Edit');
  await expect(terminal.getByRole('button', { name: 'Connect an app you already have to Pixel 7' })).toHaveText(
    'Connect',
  );
  expect(await overflow(trader)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(trader, '/terminal cards with their actions in words');
});

const variants = [
  { language: 'en', scheme: 'light' },
  { language: 'ru', scheme: 'dark' },
  ...(process.env.E2E_SHOTS
    ? ([
        { language: 'en', scheme: 'dark' },
        { language: 'ru', scheme: 'light' },
      ] as const)
    : []),
] as const;

for (const variant of variants) {
  test(`the trader's phone screens pass axe in ${variant.language}, ${variant.scheme}`, async ({ browser }) => {
    const page = await traderOnPhone(browser, variant.scheme);
    await page.evaluate(
      ({ language, scheme }) => {
        window.localStorage.setItem('paydesk.language', language);
        window.localStorage.setItem('paydesk.color-scheme', scheme);
      },
      { language: variant.language, scheme: variant.scheme },
    );
    const label = (screen: string) => `${screen} (${variant.language}, ${variant.scheme})`;
    const shot = async (screen: string) => {
      if (!process.env.E2E_SHOTS) return;
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({
        path: join(shotsDir, `trader-phone-${screen}-${variant.language}-${variant.scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    };
    for (const [path, screen, ready] of [
      ['/settings', 'settings', 'link'],
      ['/requisite', 'requisites', 'switch'],
      ['/balance', 'balance', 'listitem'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
      await expect(page.getByRole('main').getByRole(ready).first()).toBeVisible();
      await expectNoAxeViolations(page, label(path));
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(screen);
    }
  });
}

test("a terminal's bank messages on a phone: the amount and the order each settled, on cards", async ({ browser }) => {
  // A terminal of the trader's, paired and approved, whose phone forwards the bank's message of a paid pay-in.
  const trader = await (await browser.newContext({ viewport: desk })).newPage();
  await signIn(trader, 'trader');
  await openMenu(trader, 'Terminals', 'Terminals');
  const name = uniqueName('Phone');
  const { pairing, card } = await addTerminal(trader, name);
  const code = /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await pairing.textContent()) ?? '')?.[0];
  await pairing.getByRole('button', { name: 'Done' }).click();
  const device = { android_id: `e2e-${name}`, android_version: '14', app_version: '1.4.2', device_model: 'Pixel 8' };
  const paired = await trader.request.post('/api/device/v1/pair', {
    data: { code, device: { ...device, location: null, sims: [] } },
  });
  expect(paired.status()).toBe(200);
  const token = (await paired.json()).data.token as string;
  const root = await (await browser.newContext({ viewport: desk })).newPage();
  await signIn(root, 'root');
  await openMenu(root, 'Devices', 'Devices');
  await root.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(card).toContainText('Enabled');

  const merchant = await (await browser.newContext({ viewport: desk })).newPage();
  await signIn(merchant, 'merchant');
  const amount = String(3000 + Math.floor(Math.random() * 900));
  const order = await createPayIn(await merchantApiClient(merchant), amount);
  const cardNumber = order.payment_details?.attributes?.card_number;
  const message = cardNumber
    ? {
        package: null,
        title: '900',
        body: `MIR-${cardNumber.slice(-4)} 10:15 Зачисление ${grouped(amount)}р от Анна К.`,
      }
    : {
        package: 'com.idamob.tinkoff.android',
        title: 'T-Bank',
        body: `Пополнение, счет RUB. ${grouped(amount)} ₽. Анна К. Доступно 48 210,50 ₽`,
      };
  const sent = await trader.request.post('/api/device/v1/notifications', {
    headers: { authorization: `Bearer ${token}` },
    data: { notifications: [{ id: `e2e-${order.guid}`, received_at: new Date().toISOString(), ...message }] },
  });
  expect((await sent.json()).data.results[0].outcome).toBe('matched');

  // On a phone the message is a card: the amount, the order it settled, the outcome, no table to scroll.
  for (const variant of [
    { language: 'en', scheme: 'light', button: `Bank messages of ${name}` },
    { language: 'ru', scheme: 'dark', button: `Банковские сообщения ${name}` },
  ] as const) {
    const page = await traderOnPhone(browser, variant.scheme);
    await page.evaluate(
      ({ language, scheme }) => {
        window.localStorage.setItem('paydesk.language', language);
        window.localStorage.setItem('paydesk.color-scheme', scheme);
      },
      { language: variant.language, scheme: variant.scheme },
    );
    await page.goto('/terminal');
    await page.getByRole('button', { name: variant.button }).click();
    const dialog = page.getByRole('dialog', { name: variant.button });
    const first = dialog.getByRole('listitem').first();
    // Thousands grouped as the language writes them: 3,206 in English, 3 206 (a no-break space) in Russian.
    const shown = shownAmount(amount);
    await expect(first).toContainText(`${variant.language === 'ru' ? shown.replaceAll(',', '\u00a0') : shown} RUB`);
    await expect(first).toContainText(shortId(order.guid));
    await expect(dialog.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(
      page,
      `bank messages cards (${variant.language}, ${variant.scheme})`,
      '[role="dialog"]',
    );
    if (process.env.E2E_SHOTS) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({
        path: join(shotsDir, `trader-phone-bank-messages-${variant.language}-${variant.scheme}.png`),
        animations: 'disabled',
      });
    }
  }
});
