import { expect, type Locator, type Page } from '@playwright/test';

/** Password of every demo user the server seeds into the fresh database of a run (apps/server/src/db/seed.ts). */
export const demoPassword = 'paydesk-demo';

export type DemoUser = 'root' | 'support' | 'merchant' | 'trader' | 'trader2' | 'agent' | 'partner';

export const loginApi = '/api/inner/login';

/** Fills the sign-in form and sends it, without waiting for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form in English and waits for the landing page of SPEC §2.1 (/settings). */
export async function signIn(page: Page, username: DemoUser | string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** The side menu of SPEC §2.2. */
export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The error line under the sign-in form. */
export function loginError(page: Page): Locator {
  return page.locator('form').getByRole('alert');
}

/** Computed CSS colour of an element as [r, g, b]. */
export async function rgbOf(locator: Locator): Promise<[number, number, number]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}
