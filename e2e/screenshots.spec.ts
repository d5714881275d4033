import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openDisputeByApi, receiptPng } from './disputeSupport';
import { cancelOrder, createPayIn, freshAmount, merchantApiClient, openPayerCase, receiptOf } from './orderSupport';
import { type DemoUser, demoPassword, loginApi, settle, xsrfHeaders } from './support';

/**
 * Not a check: saves what a user sees of /login and /settings (en and ru, light and dark, desktop and a 375 px
 * phone) for a person to look at. Runs only when asked: `E2E_SHOTS=1 npx playwright test screenshots.spec.ts`
 * (E2E_SHOTS_DIR picks the folder, /tmp/shots-e2e by default).
 */
const outDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';

interface Variant {
  language: 'en' | 'ru';
  scheme: 'light' | 'dark';
  device: 'desktop' | 'phone';
}

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

const variants: Variant[] = [
  { language: 'en', scheme: 'light', device: 'desktop' },
  { language: 'ru', scheme: 'dark', device: 'desktop' },
  { language: 'en', scheme: 'dark', device: 'phone' },
  { language: 'ru', scheme: 'light', device: 'phone' },
];

test.skip(!process.env.E2E_SHOTS, 'screenshots are taken only with E2E_SHOTS=1');

/** A page whose stored preferences (language, colour scheme) are those of the variant, as if chosen earlier. */
async function openPage(browser: Browser, variant: Variant) {
  const context = await browser.newContext({ viewport: viewports[variant.device], colorScheme: variant.scheme });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate(
    ({ language, scheme }) => {
      window.localStorage.setItem('paydesk.language', language);
      window.localStorage.setItem('paydesk.color-scheme', scheme);
    },
    { language: variant.language, scheme: variant.scheme },
  );
  await page.reload();
  return { context, page };
}

/** Signs in through the API (the sign-in form itself is covered by sign-in.spec.ts). */
async function signInByApi(page: Page, username: DemoUser): Promise<void> {
  await page.request.get('/api/inner/csrf-cookie');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(loginApi, {
    data: { username, password: demoPassword },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
  });
  expect(response.status()).toBe(200);
}

function fileName(screen: string, variant: Variant): string {
  return join(outDir, `${screen}-${variant.language}-${variant.scheme}-${variant.device}.png`);
}

test('screenshots of /login and /settings', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    await expect(page.getByRole('button', { name: variant.language === 'en' ? 'Sign in' : 'Войти' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
    await page.screenshot({ path: fileName('login', variant), fullPage: true });

    for (const user of ['root', 'trader2'] satisfies DemoUser[]) {
      await signInByApi(page, user);
      await page.goto('/settings');
      const title = variant.language === 'en' ? 'Settings' : 'Настройки';
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      if (user === 'trader2') await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: fileName(`settings-${user}`, variant), fullPage: true });
    }
    await context.close();
  }
});

test('screenshots of the money screens', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  const screens: { user: DemoUser; path: string; name: string; heading: [string, string]; open?: [string, string] }[] =
    [
      { user: 'merchant', path: '/balance', name: 'balance-merchant', heading: ['Balance', 'Баланс'] },
      {
        user: 'merchant',
        path: '/balance',
        name: 'payout-merchant',
        heading: ['Balance', 'Баланс'],
        open: ['Withdraw USDT', 'Вывести USDT'],
      },
      { user: 'trader', path: '/balance', name: 'balance-trader', heading: ['Balance', 'Баланс'] },
      { user: 'root', path: '/pay?tab=withdraw', name: 'pay-root', heading: ['Payments', 'Платежи'] },
      { user: 'root', path: '/wallets', name: 'wallets-root', heading: ['Wallets', 'Кошельки'] },
    ];
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    for (const screen of screens) {
      await signInByApi(page, screen.user);
      await page.goto(screen.path);
      const language = variant.language === 'en' ? 0 : 1;
      await expect(page.getByRole('heading', { name: screen.heading[language], level: 1 })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (screen.open) {
        await page.getByRole('button', { name: screen.open[language], exact: true }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      await page.screenshot({ path: fileName(screen.name, variant), fullPage: true });
    }
    await context.close();
  }
});

test('screenshots of the terminal screens', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  const screens: { user: DemoUser; path: string; name: string; heading: [string, string] }[] = [
    { user: 'trader', path: '/terminal', name: 'terminals-trader', heading: ['Terminals', 'Терминалы'] },
    { user: 'root', path: '/devices', name: 'devices-root', heading: ['Devices', 'Устройства'] },
  ];
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    for (const screen of screens) {
      await signInByApi(page, screen.user);
      await page.goto(screen.path);
      const language = variant.language === 'en' ? 0 : 1;
      await expect(page.getByRole('heading', { name: screen.heading[language], level: 1 })).toBeVisible();
      await expect(page.getByText('Pixel 7').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: fileName(screen.name, variant), fullPage: true });
    }
    await context.close();
  }
});

/**
 * The disputes of SPEC §2.12 need some: the shop opens one on a canceled pay-in (left open for the APPEALS tab of
 * /active), another that root resolves at a corrected amount (for /history), and leaves a third canceled pay-in
 * undisputed, whose row offers the dispute modal.
 */
async function seedDisputes(browser: Browser): Promise<void> {
  const { context, page } = await openPage(browser, variants[0] as Variant);
  await signInByApi(page, 'merchant');
  const shop = await merchantApiClient(page);
  const amount = () => String(1000 + Math.floor(Math.random() * 9000));
  const canceledPayIn = async () => {
    const order = await createPayIn(shop, amount());
    await cancelOrder(shop, order.guid);
    return order.guid;
  };
  await canceledPayIn();
  const resolved = await openDisputeByApi(shop, await canceledPayIn(), '1250');
  await openDisputeByApi(shop, await canceledPayIn(), '1300.50');
  await signInByApi(page, 'root');
  const answer = await page.request.put(`/api/inner/dispute/${resolved}/status`, {
    data: { status: 'resolved', fiat_amount: '1250' },
    headers: await xsrfHeaders(page),
  });
  expect(answer.status()).toBe(200);
  await context.close();
}

test('screenshots of /deals', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  // An open pay-in and a canceled one, so the active and the filtered pay-in tabs show rows.
  const setup = await openPage(browser, variants[0] as Variant);
  await signInByApi(setup.page, 'merchant');
  const shop = await merchantApiClient(setup.page);
  const open = await createPayIn(shop, freshAmount());
  await cancelOrder(shop, (await createPayIn(shop, freshAmount())).guid);
  const views = [
    { path: '/deals', name: 'deals-active-root', table: ['Active orders', 'Активные заказы'] },
    {
      path: '/deals?tab=pay_in&filter[status]=canceled',
      name: 'deals-payin-canceled-root',
      table: ['Pay-in orders', 'Заказы на пополнение'],
    },
  ] as const;
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    const language = variant.language === 'en' ? 0 : 1;
    await signInByApi(page, 'root');
    for (const view of views) {
      await page.goto(view.path);
      await expect(page.getByRole('table', { name: view.table[language] }).getByRole('row').nth(1)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName(view.name, variant), fullPage: true, animations: 'disabled' });
    }
    await page.goto('/active');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await settle(page);
    await page.screenshot({
      path: fileName('active-root-deals-link', variant),
      fullPage: true,
      animations: 'disabled',
    });
    await context.close();
  }
  await cancelOrder(shop, open.guid);
  await setup.context.close();
});

test('screenshots of the dispute screens', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  await seedDisputes(browser);
  const words = {
    active: ['Active orders', 'Активные заказы'],
    history: ['Order history', 'История заказов'],
    showCheck: [/^Show check of appeal/, /^Показать чек апелляции/],
    open: [/^Open appeal/, /^Открыть апелляцию/],
    resolve: [/^Resolve appeal/, /^Решить апелляцию/],
    reject: [/^Reject appeal/, /^Отклонить апелляцию/],
    dispute: [/^Open an appeal on order/, /^Открыть апелляцию по заказу/],
    reason: ['Reason', 'Причина'],
    notCredited: ['Payment made but not credited', 'Оплата прошла, но не зачислена'],
  } as const;
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    const language = variant.language === 'en' ? 0 : 1;
    const heading = async (which: 'active' | 'history') => {
      await expect(page.getByRole('heading', { name: words[which][language], level: 1 })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await page.waitForLoadState('networkidle');
    };
    const dialogShot = async (name: string) => {
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: fileName(name, variant), fullPage: true, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };

    await signInByApi(page, 'root');
    await page.goto('/active?tab=appeals');
    await heading('active');
    await page.screenshot({ path: fileName('appeals-active-root', variant), fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: words.showCheck[language] }).first().click();
    await expect(page.getByRole('dialog').getByRole('img').last()).toBeVisible();
    await dialogShot('appeals-check-root');
    await page.getByRole('button', { name: words.open[language] }).first().click();
    await expect(page.getByRole('dialog').getByRole('img').last()).toBeVisible();
    await dialogShot('appeals-case-root');
    await page.getByRole('button', { name: words.resolve[language] }).first().click();
    await dialogShot('appeals-resolve-root');
    await page.getByRole('button', { name: words.reject[language] }).first().click();
    await dialogShot('appeals-reject-root');

    await page.goto('/history?tab=appeals');
    await heading('history');
    await page.screenshot({ path: fileName('appeals-history-root', variant), fullPage: true, animations: 'disabled' });

    await page.goto('/history');
    await heading('history');
    await page.getByRole('button', { name: words.dispute[language] }).first().click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('combobox', { name: words.reason[language] }).click();
    await page.getByRole('option', { name: words.notCredited[language] }).click();
    await modal.locator('input[type="number"], input[inputmode="decimal"]').first().fill('1500');
    await modal.locator('input[type="datetime-local"]').fill('2026-03-05T10:30');
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await dialogShot('dispute-modal-root');

    await signInByApi(page, 'merchant');
    await page.goto('/history?tab=appeals');
    await heading('history');
    await page.screenshot({
      path: fileName('appeals-history-merchant', variant),
      fullPage: true,
      animations: 'disabled',
    });
    await context.close();
  }
});

test('screenshots of the anti-fraud screen and its modals', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  // A New payer case to show and an open pay-in for the receipt to find, made by the merchant's shop.
  const setup = await openPage(browser, variants[0] as Variant);
  await signInByApi(setup.page, 'merchant');
  await setup.page.goto('/settings');
  const shop = await merchantApiClient(setup.page);
  const released = `shots-released-${Date.now().toString(36)}`;
  await openPayerCase(shop, released);
  await openPayerCase(shop, `shots-payer-${Date.now().toString(36)}`);
  const amount = freshAmount();
  const order = await createPayIn(shop, amount);
  // One case released by the root admin, so the table shows both statuses.
  await signInByApi(setup.page, 'root');
  await expect
    .poll(async () => {
      const answer = await setup.page.request.get('/api/inner/anti_fraud/?filter[is_approved]=false&count=50');
      const items = ((await answer.json()).data?.items ?? []) as { guid: string; target: { label: string } }[];
      const found = items.find((item) => item.target.label.startsWith(released));
      if (!found) return 0;
      const release = await setup.page.request.patch(`/api/inner/anti_fraud/${found.guid}/release`, {
        headers: await xsrfHeaders(setup.page),
      });
      return release.status();
    })
    .toBe(200);
  await setup.context.close();
  try {
    for (const variant of variants) {
      const { context, page } = await openPage(browser, variant);
      const language = variant.language === 'en' ? 0 : 1;
      const say = (texts: [string, string]) => texts[language];
      await signInByApi(page, 'root');
      await page.goto('/antifraud');
      await expect(page.getByRole('heading', { name: say(['Anti-fraud', 'Антифрод']), level: 1 })).toBeVisible();
      const release = page.getByRole('button', { name: [/^Release the case/, /^Снять случай/][language] }).first();
      await expect(release).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName('antifraud-root', variant), fullPage: true });

      await release.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName('antifraud-release', variant), fullPage: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: say(['Rule settings', 'Настройки правил']) }).click();
      await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName('antifraud-settings', variant), fullPage: true });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: say(['Check a receipt', 'Проверить чек']) }).click();
      const receipt = page.getByRole('dialog');
      await expect(receipt).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName('antifraud-receipt-empty', variant), fullPage: true });
      await receipt.locator('input[type="file"]').setInputFiles(receiptOf(amount));
      await expect(receipt.getByRole('table')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: fileName('antifraud-receipt', variant), fullPage: true });
      await context.close();
    }
  } finally {
    // The shop's client signs its calls itself: the merchant's browser session is not needed any more.
    await cancelOrder(shop, order.guid);
  }
});

test('screenshots of the statistics and directions screens', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  const screens: { user: DemoUser; path: string; name: string; heading: [string, string] }[] = [
    { user: 'root', path: '/statistics', name: 'statistics-root', heading: ['Statistics', 'Статистика'] },
    { user: 'merchant', path: '/statistic', name: 'statistic-merchant', heading: ['Statistics', 'Статистика'] },
    { user: 'root', path: '/directions', name: 'directions-root', heading: ['Directions', 'Направления'] },
  ];
  // A paid pay-in, once the job runner has summed it, so the tables and the chart have something to show.
  const setup = await openPage(browser, variants[0] as Variant);
  await signInByApi(setup.page, 'merchant');
  await setup.page.goto('/settings');
  const order = await createPayIn(await merchantApiClient(setup.page), freshAmount());
  await signInByApi(setup.page, 'trader');
  const paid = await setup.page.request.post(`/api/inner/order/${order.guid}/set-paid`, {
    headers: await xsrfHeaders(setup.page),
  });
  expect(paid.status()).toBe(200);
  await signInByApi(setup.page, 'root');
  await expect
    .poll(
      async () => {
        const answer = await setup.page.request.get('/api/inner/order/statistic/');
        return ((await answer.json()).data?.statistic?.per_day ?? []).length;
      },
      { intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await setup.context.close();
  for (const variant of variants) {
    const { context, page } = await openPage(browser, variant);
    const language = variant.language === 'en' ? 0 : 1;
    for (const screen of screens) {
      await signInByApi(page, screen.user);
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading[language], level: 1 })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await settle(page);
      await page.screenshot({ path: fileName(screen.name, variant), fullPage: true });
    }
    // A direction in detail: its flows and executors.
    await page
      .getByRole('region', { name: ['Directions', 'Направления'][language] })
      .getByRole('row')
      .nth(1)
      .click();
    await expect(page.getByRole('dialog').getByRole('table').first()).toBeVisible();
    await settle(page);
    await page.screenshot({ path: fileName('direction-details', variant), fullPage: true });
    await context.close();
  }
});
