import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { prepareI18n } from '../../app/testing';

/** Helpers of the order screens' tests. */

/** The column headers of the table on screen, in order. */
export const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

/** The table row showing `text` (a shortened id, a username). */
export async function rowWith(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, { selector: 'td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Loads the order screens once for the file, starts each test in English and puts `fetch` back after it. */
export function setUpOrderScreens(): void {
  beforeAll(async () => {
    await import('./pages/OrdersPage');
  }, 60_000);

  beforeEach(async () => {
    await prepareI18n('en');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
