import { expect, type Page, test } from '@playwright/test';
import { setTheme, signIn } from './support';

/**
 * The /api screen (DESIGN §9): the merchant's own API key, how to sign a request, and the reference drawn from the
 * server's real OpenAPI document, all under the app's strict Content-Security-Policy.
 */

/** Everything the page reports as broken: CSP violations, console errors and uncaught exceptions. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return problems;
}

/** Collects the page's `securitypolicyviolation` events, from before any of its scripts runs. */
async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/** The merchant's API key, generating one on the settings screen when the demo merchant has none yet. */
async function ensureApiKey(page: Page): Promise<string> {
  const card = page.getByRole('region', { name: 'API key and secret' });
  const generate = card.getByRole('button', { name: 'Generate key and secret' });
  if (await generate.isVisible()) {
    await generate.click();
    await card.getByRole('button', { name: 'I have saved it' }).click();
  }
  const key = await page.evaluate(async () => {
    const answer = await fetch('/api/inner/user/current');
    // The envelope's data holds the user under `data` (SPEC §7).
    return ((await answer.json()) as { data: { data: { apiKeys: { key: string | null } } } }).data.data.apiKeys.key;
  });
  expect(key).toBeTruthy();
  return key ?? '';
}

test('a merchant reads the API reference with its own key, under the CSP', async ({ page }) => {
  await watchCspViolations(page);
  const problems = recordProblems(page);
  await signIn(page, 'merchant');
  const apiKey = await ensureApiKey(page);

  // Settings' API key card leads to the reference.
  await page.getByRole('link', { name: 'API reference and signing' }).click();
  await expect(page).toHaveURL(/\/api$/);
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();

  const keyCard = page.getByRole('region', { name: 'Your API key' });
  await expect(keyCard.getByText(apiKey, { exact: true })).toBeVisible();
  await expect(keyCard.getByRole('button', { name: /copy/i })).toBeVisible();
  await expect(keyCard.getByText('timestamp + "." + METHOD + "." + path_with_query + "." + raw_body')).toBeVisible();

  // The reference is drawn from the server's own document: its create-order operation is there.
  // The reference is the page's one main landmark (its renderer draws it; the shell then draws none).
  const reference = page.getByRole('main');
  await expect(reference).toHaveCount(1);
  await expect(reference).toHaveAttribute('aria-label', /API documentation/);
  await expect(reference.getByRole('heading', { name: 'Create a pay-in or a pay-out' }).first()).toBeVisible();
  await expect(reference.getByText('/api/v1/orders').first()).toBeVisible();
  // Nothing in it reaches beyond this origin: no hosted AI agent.
  await expect(reference.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);

  // The link back to where keys are managed.
  await keyCard.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  expect(await cspViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the reference follows the language and the dark theme', async ({ page }) => {
  await watchCspViolations(page);
  await setTheme(page, 'dark');
  await signIn(page, 'merchant');
  await page.goto('/api');
  await expect(page.getByRole('heading', { name: 'Create a pay-in or a pay-out' }).first()).toBeVisible();
  await expect(page.locator('body.dark-mode')).toHaveCount(1);

  await page.getByRole('radiogroup', { name: 'Language' }).getByText('RU', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ваш API-ключ' })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
});

test('an admin is refused the /api screen', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto('/api');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page).toHaveTitle('Not available for your role · Paydesk');
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toHaveCount(0);
});
