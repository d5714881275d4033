import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { localMinute, openAppealRow, receiptPng } from './disputeSupport';
import { createPayIn, freshAmount, merchantApiClient, receiptOf, shortId, shownAmount } from './orderSupport';
import { type Shop, setUpPayerPage, setUpWebhooks, startOwnServer, startShop } from './payerSupport';
import { expectNoAxeViolations, signIn } from './support';

/**
 * The payer's journey (issue 30, DESIGN §20), on a 375 px phone in English and in Russian: a shop's pay-in made
 * through the signed merchant API is paid on its payment_url in a fresh browser with no cookies (the card copied,
 * a receipt attached, "I have paid"), the trader sends it paid from the phone's order card and the page says so and
 * returns to the shop; a pay-in left to expire is appealed from the page with a receipt, root resolves the appeal and
 * the page shows it settled while the shop hears dispute.opened and dispute.closed; the same page works with
 * JavaScript off (its forms post and it reloads). axe checks every state the page shows, in light and dark.
 */

const phone = { width: 375, height: 740 };

/** What the page says in each language: its headings and buttons (apps/server/src/modules/payer-page). */
const words = {
  en: {
    waiting: 'Waiting for your payment',
    reported: 'Checking your payment',
    paid: 'Payment received',
    closed: 'This payment is closed',
    appealOpen: 'Your appeal is being reviewed',
    appealResolved: 'Appeal accepted: payment received',
    copy: 'Copy',
    copied: 'Copied',
    card: 'Card number',
    receipt: 'Receipt (PDF, PNG or JPEG, up to 5 MB)',
    attach: 'Attach the receipt',
    attached: 'Receipts attached: 1.',
    paidButton: 'I have paid',
    alreadyPaid: 'I already paid',
    paidAt: 'When you sent it (your local time)',
    appeal: 'Send the appeal',
    back: 'Return to the shop',
    shop: 'Payment to Demo Shop',
    support: 'Support: help@shop.example',
  },
  ru: {
    waiting: 'Ожидаем оплату',
    reported: 'Проверяем платёж',
    paid: 'Платёж получен',
    closed: 'Платёж закрыт',
    appealOpen: 'Обращение на рассмотрении',
    appealResolved: 'Обращение принято: платёж получен',
    copy: 'Копировать',
    copied: 'Скопировано',
    card: 'Номер карты',
    receipt: 'Чек (PDF, PNG или JPEG, до 5 МБ)',
    attach: 'Приложить чек',
    attached: 'Приложено чеков: 1.',
    paidButton: 'Я оплатил',
    alreadyPaid: 'Я уже оплатил',
    paidAt: 'Когда вы перевели (ваше местное время)',
    appeal: 'Отправить обращение',
    back: 'Вернуться в магазин',
    shop: 'Оплата в Demo Shop',
    support: 'Поддержка: help@shop.example',
  },
} as const;
type Language = keyof typeof words;
const languages: Language[] = ['en', 'ru'];

/** The key the merchant signs its webhooks with, and the shop checks them by. */
const notificationKey = 'payer-journey-webhook-key';

async function signedIn(browser: Browser, user: 'merchant' | 'trader' | 'root', options: BrowserContextOptions = {}) {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, user);
  return page;
}

/** A pay-in for the payer's page in `language`, returning to the shop when paid. */
async function payInFor(merchant: Page, shop: Shop, language: Language) {
  const amount = freshAmount();
  const order = await createPayIn(await merchantApiClient(merchant), amount, undefined, {
    return_url: shop.returnUrl,
    language,
  });
  return { ...order, amount };
}

/** The payer: a fresh browser on a phone, no cookies, the system's theme `scheme`. */
async function payerOn(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true, ...options });
  expect(await context.cookies()).toEqual([]);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** axe on the page as it stands, in the system's light and dark themes (the page follows the system's). */
async function axeBothThemes(page: Page, label: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `${label}, ${colorScheme}`);
  }
}

/**
 * axe on the page at `url` as a browser without JavaScript gets it. axe itself is a script, which a context with
 * JavaScript off cannot run (its evaluate never returns): a twin context runs it with the page's one script refused.
 */
async function axeWithoutScript(browser: Browser, url: string, label: string): Promise<void> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  await context.route('**/payer-page.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('button', { name: /^(Copy|Копировать)$/ })).toHaveCount(0);
  await axeBothThemes(page, label);
  await context.close();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** How far the page scrolls sideways: nothing on a phone. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The trader, on its phone, finds the order's card on /active, reads the payer's report and receipt there and in the
 * details, and confirms the money arrived.
 */
async function traderSendsPaid(browser: Browser, guid: string, amount: string): Promise<void> {
  const trader = await signedIn(browser, 'trader', { viewport: phone });
  await trader.goto('/active');
  const card = trader.getByRole('listitem', { name: `Order ${shortId(guid)}` });
  // The payer's report moved the order on: the card says so, and its details credit the payer in the timeline.
  await expect(card).toContainText('In progress');
  await expect(card).toContainText(`${shownAmount(amount)} RUB`);
  // The payer's report where the trader decides: when it said it paid, and its receipt (a PDF: a download).
  await expect(card).toContainText(/Payer reported paying at \d{2}:\d{2}/);
  const receipt = card.getByRole('link', { name: "Download the payer's receipt receipt-1.pdf" });
  await expect(receipt).toBeVisible();
  const served = await trader.request.get((await receipt.getAttribute('href')) ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await card.getByRole('button', { name: `Details of order ${shortId(guid)}` }).click();
  const details = trader.getByRole('dialog', { name: `Order ${shortId(guid)}` });
  const timeline = details.getByRole('table', { name: 'Timeline' });
  await expect(timeline.getByRole('row').filter({ hasText: 'Payer' }).first()).toBeVisible();
  await expect(details.getByRole('region', { name: "The payer's report" })).toContainText('Payer reported paying at');
  await trader.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await card.getByRole('button', { name: `Confirm received for order ${shortId(guid)}` }).click();
  const confirm = trader.getByRole('dialog', { name: 'Confirm the money arrived?' });
  await confirm.getByRole('button', { name: 'Confirm received' }).click();
  await expect(trader.getByText(`Order ${shortId(guid)} is paid`)).toBeVisible();
  await trader.context().close();
}

/** The payer returns to the shop from the page's link. */
async function returnsToShop(page: Page, shop: Shop, language: Language): Promise<void> {
  await page.getByRole('link', { name: words[language].back }).click();
  await expect(page).toHaveURL(shop.returnUrl);
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
}

/** The shop every journey here returns to, and whose receiver hears the own server's webhooks. */
let shop: Shop;
test.beforeAll(async () => {
  shop = await startShop(notificationKey);
});
test.afterAll(async () => shop.close());

test.describe('the payer pays on the page and returns to the shop', () => {
  for (const language of languages) {
    const say = words[language];
    test(`a pay-in paid through its page at 375 px (${language})`, async ({ browser }) => {
      const merchant = await signedIn(browser, 'merchant');
      await setUpPayerPage(merchant);
      const order = await payInFor(merchant, shop, language);
      expect(order.payment_url).toMatch(/\/pay\/[\w-]{20,}$/);
      const card = order.payment_details?.attributes?.card_number ?? '';
      expect(card).toMatch(/^\d{16}$/);

      const payer = await payerOn(browser, order.payment_url ?? '', {
        colorScheme: language === 'en' ? 'light' : 'dark',
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await expect(payer.locator('html')).toHaveAttribute('lang', language);
      await expect(heading(payer, say.waiting)).toBeVisible();
      await expect(payer.getByText(say.shop)).toBeVisible();
      await expect(payer.getByText(say.support)).toBeVisible();
      await expect(payer.locator('.amount')).toContainText(`${order.amount}`);
      const grouped = card.replace(/(\d{4})(?=\d)/g, '$1 ');
      const cardLine = payer.locator('dd').filter({ hasText: grouped });
      await expect(cardLine).toBeVisible();
      expect(await overflow(payer)).toBeLessThanOrEqual(0);
      await axeBothThemes(payer, `waiting (${language})`);

      // The card is copied as digits, the button says so.
      await cardLine.getByRole('button', { name: say.copy }).click();
      await expect(cardLine.getByRole('button', { name: say.copied })).toBeVisible();
      expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe(card);

      // A receipt attached, then "I have paid": the page waits for the trader.
      await payer.getByLabel(say.receipt).setInputFiles(receiptOf(order.amount));
      await payer.getByRole('button', { name: say.attach }).click();
      await expect(payer.getByText(say.attached)).toBeVisible();
      await payer.getByRole('button', { name: say.paidButton }).click();
      await expect(heading(payer, say.reported)).toBeVisible();
      await expect(payer.getByText(say.attached)).toBeVisible();
      await axeBothThemes(payer, `reported (${language})`);

      // The trader sees the payer's report and sends paid; the open page turns by itself.
      await traderSendsPaid(browser, order.guid, order.amount);
      await expect(heading(payer, say.paid)).toBeVisible();
      await axeBothThemes(payer, `paid (${language})`);
      await returnsToShop(payer, shop, language);
    });
  }
});

test.describe('a late payer appeals from the page, root resolves it', () => {
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    // Pay-ins of this server expire 30 s after they are made: the page is left open until its order's time runs out.
    server = await startOwnServer({ ORDER_PAY_IN_TTL_SECONDS: '30' });
  });
  test.afterAll(async () => server?.stop());

  for (const language of languages) {
    const say = words[language];
    test(`an expired pay-in appealed with a receipt and resolved (${language})`, async ({ browser }) => {
      const own = { baseURL: server.origin };
      const merchant = await signedIn(browser, 'merchant', own);
      await setUpPayerPage(merchant);
      await setUpWebhooks(merchant, shop, notificationKey);
      const order = await payInFor(merchant, shop, language);
      const payer = await payerOn(browser, order.payment_url ?? '', {
        colorScheme: language === 'en' ? 'dark' : 'light',
      });
      await expect(heading(payer, say.waiting)).toBeVisible();

      // The time runs out; the page, polling, shows the closed payment with "I already paid".
      await expect(heading(payer, say.closed)).toBeVisible({ timeout: 600_000 });
      await expect(payer.getByRole('heading', { level: 2, name: say.alreadyPaid })).toBeVisible();
      await axeBothThemes(payer, `expired (${language})`);

      await payer.getByLabel(say.paidAt).fill(localMinute(new Date(Date.now() - 5 * 60_000)));
      await payer
        .getByLabel(say.receipt)
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
      await payer.getByRole('button', { name: say.appeal }).click();
      await expect(heading(payer, say.appealOpen)).toBeVisible();
      await axeBothThemes(payer, `appeal open (${language})`);
      await expect
        .poll(() => shop.received('dispute.opened', order.guid))
        .toEqual([{ type: 'dispute.opened', orderGuid: order.guid, signed: true }]);

      // Root opens the appeal's case from /active's appeals tab and resolves it; the page shows the payment received.
      const root = await signedIn(browser, 'root', own);
      const appeal = await openAppealRow(root, order.guid);
      await expect(appeal).toContainText('Payment made but not credited');
      await appeal.getByRole('button', { name: /^Open appeal/ }).click();
      await root
        .getByRole('dialog', { name: /^Appeal / })
        .getByRole('button', { name: 'Resolve', exact: true })
        .click();
      await root.getByRole('dialog', { name: 'Resolve the appeal?' }).getByRole('button', { name: 'Resolve' }).click();
      await expect(root.getByText(/^Appeal .* is resolved: the order is paid$/)).toBeVisible();

      await expect(heading(payer, say.appealResolved)).toBeVisible();
      await axeBothThemes(payer, `appeal resolved (${language})`);
      await expect
        .poll(() => shop.received('dispute.closed', order.guid))
        .toEqual([{ type: 'dispute.closed', orderGuid: order.guid, signed: true }]);
      await returnsToShop(payer, shop, language);
    });
  }
});

test.describe('the page without JavaScript', () => {
  for (const language of languages) {
    const say = words[language];
    test(`its forms post and it reloads with the result (${language})`, async ({ browser }) => {
      const merchant = await signedIn(browser, 'merchant');
      await setUpPayerPage(merchant);
      const order = await payInFor(merchant, shop, language);
      const payer = await payerOn(browser, order.payment_url ?? '', { javaScriptEnabled: false });
      await expect(heading(payer, say.waiting)).toBeVisible();
      // No script: no copy buttons, the timer as the server wrote it.
      await expect(payer.getByRole('button', { name: say.copy })).toHaveCount(0);
      await expect(payer.locator('time')).toHaveText(/^\d{2,}:\d{2}$/);
      await axeWithoutScript(browser, order.payment_url ?? '', `waiting without JavaScript (${language})`);

      await payer.getByLabel(say.receipt).setInputFiles(receiptOf(order.amount));
      await payer.getByRole('button', { name: say.attach }).click();
      await expect(payer.getByText(say.attached)).toBeVisible();
      await expect(payer).toHaveURL(order.payment_url ?? '');
      await payer.getByRole('button', { name: say.paidButton }).click();
      await expect(heading(payer, say.reported)).toBeVisible();
      await axeWithoutScript(browser, order.payment_url ?? '', `reported without JavaScript (${language})`);

      await traderSendsPaid(browser, order.guid, order.amount);
      // Nothing polls: the payer reloads and sees the result.
      await payer.reload();
      await expect(heading(payer, say.paid)).toBeVisible();
      await returnsToShop(payer, shop, language);
    });
  }
});
