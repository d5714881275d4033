import type { ApiOrder } from '@paydesk/api-client';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { type DemoUser, mainNavigation, signIn, uniqueName } from './support';

/** Terminal journeys (DESIGN §11, §19): several people at once, each in a browser context of their own. */

export async function signedInPage(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

export async function openMenu(page: Page, label: string, heading: string): Promise<void> {
  await mainNavigation(page).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Roubles as the banks print them: groups of three digits. */
export const grouped = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * Adds a terminal on both of the demo trader's requisites from /terminal and leaves its pairing modal open; the
 * answer is the pairing modal and the new terminal's card.
 */
export async function addTerminal(page: Page, name: string): Promise<{ pairing: Locator; card: Locator }> {
  await page.getByRole('button', { name: 'Add terminal' }).click();
  const add = page.getByRole('dialog', { name: 'Add terminal' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const requisite of ['Sber card', 'T-Bank SBP']) {
    await add.getByRole('combobox', { name: 'Requisites' }).click();
    await page.getByRole('option', { name: requisite, exact: true }).click();
  }
  // The list stays open for more choices; leaving the field closes it.
  await add.getByRole('textbox', { name: 'Name' }).click();
  await expect(page.getByRole('option', { name: 'Sber card', exact: true })).toBeHidden();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  return {
    pairing: page.getByRole('dialog', { name: `Pair a phone with ${name}` }),
    card: page.getByRole('article').filter({ hasText: name }),
  };
}

/**
 * A page of its own for a screenshot (DESIGN §19's screens are shot in both languages, both themes, on a phone and a
 * desktop): `user` signed in, the language and the theme stored as the app keeps them, the window `width` wide.
 */
export async function shotPage(
  browser: Browser,
  user: DemoUser,
  look: { language: 'en' | 'ru'; scheme: 'light' | 'dark'; width: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: look.width, height: 900 }, colorScheme: look.scheme });
  const page = await context.newPage();
  await signIn(page, user);
  await page.evaluate(({ language, scheme }) => {
    window.localStorage.setItem('paydesk.language', language);
    window.localStorage.setItem('paydesk.color-scheme', scheme);
  }, look);
  return page;
}

/**
 * Makes the forwarding link of the terminal on `card` from its "Connect an app you already have" modal and leaves the
 * modal open; the answer is the modal, the link's URL and its signing key.
 */
export async function makeForwardingLink(page: Page, card: Locator, name: string) {
  await card.getByRole('button', { name: `Connect an app you already have to ${name}` }).click();
  const connect = page.getByRole('dialog', { name: `Connect an app you already have: ${name}` });
  await expect(connect).toContainText('This terminal has no forwarding link yet.');
  await connect.getByRole('button', { name: 'Create a link' }).click();
  await expect(connect.getByRole('img', { name: 'QR code of the forwarding link' })).toBeVisible();
  const url = (await connect.locator('code').nth(0).textContent()) ?? '';
  const key = (await connect.locator('code').nth(1).textContent()) ?? '';
  return { connect, url, key };
}

/**
 * The demo trader, signed in on a page of its own, adds a terminal named `prefix_…` on /terminal and closes its
 * pairing modal: a terminal with no phone yet, ready for a forwarding link.
 */
export async function traderWithNewTerminal(browser: Browser, prefix: string) {
  const trader = await signedInPage(browser, 'trader');
  await openMenu(trader, 'Terminals', 'Terminals');
  const name = uniqueName(prefix);
  const { pairing, card } = await addTerminal(trader, name);
  await pairing.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('Not paired');
  return { trader, name, card };
}

/**
 * The bank's message of the money paid for `order`: Sber's SMS naming the card's last four digits when the pay-in was
 * issued on a card, T-Bank's push otherwise (the demo trader's SBP requisite).
 */
export function bankSmsFor(order: ApiOrder, amount: string): { sender: string; text: string } {
  const card4 = order.payment_details?.attributes?.card_number;
  return card4
    ? {
        sender: '900',
        text: `MIR-${card4.slice(-4)} 10:15 Зачисление ${grouped(amount)}р от Анна К. Баланс: 48 210.50р`,
      }
    : { sender: 'T-Bank', text: `Пополнение, счет RUB. ${grouped(amount)} ₽. Анна К. Доступно 48 210,50 ₽` };
}
