import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { type DemoUser, mainNavigation, signIn } from './support';

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
