import { expect, test } from '@playwright/test';
import { apiPost, findUser, signIn } from './support';

/**
 * Directions as an admin meets them (DESIGN §13): in the demo data the trader holds a card and an SBP requisite and
 * the partner only a card, so RUB·USDT·SBP rests on the trader alone. Pausing the trader's pay-ins turns that row
 * short within the list's own refresh, while the card direction stays served by the partner; the row's details say
 * why.
 */

test('/directions shows a direction going short when its trader is paused', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'root');
  const trader = await findUser(page, 'trader', 'trader');
  if (!trader) throw new Error('the demo trader is missing');
  const depositOpen = trader.profile?.deposit_open ?? true;

  await page.goto('/directions');
  await expect(page.getByRole('heading', { name: 'Directions', level: 1 })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Directions' }).getByRole('row');
  const sbp = rows.filter({ hasText: 'RUB/USDT' }).filter({ hasText: 'SBP' });
  const card = rows.filter({ hasText: 'RUB/USDT' }).filter({ hasText: /card/i });
  await expect(sbp).toContainText('Served');
  await expect(card.first()).toContainText('Served');

  try {
    const paused = await apiPost(page, `/user/${trader.uuid}`, { profile: { deposit_open: false } });
    expect(paused.status).toBe(200);
    // No reload: the list reads itself again every 10 s.
    await expect(sbp).toContainText('Short');
    await expect(card.first()).toContainText('Served');

    await sbp.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^RUB\/USDT · SBP/ });
    const executors = dialog.getByRole('table', { name: 'Executors' });
    await expect(executors.getByRole('row').filter({ hasText: 'trader' })).toContainText('Pay-ins paused');
    await expect(dialog.getByRole('table', { name: 'Flows' }).getByRole('row').nth(1)).toContainText('merchant');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  } finally {
    const restored = await apiPost(page, `/user/${trader.uuid}`, { profile: { deposit_open: depositOpen } });
    expect(restored.status).toBe(200);
  }
  await expect(sbp).toContainText('Served');
});
