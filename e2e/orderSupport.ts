import { type ApiOrder, createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiPost } from './support';

/**
 * Orders for the order journeys (SPEC §2.12, DESIGN §9): the e2e server runs without demo traffic, so a journey makes
 * its own orders the way a merchant's shop does, through the signed merchant API and its generated client.
 */

/** The merchant API client of the merchant signed in on `page`, with a freshly issued secret (SPEC §2.11). */
export async function merchantApiClient(page: Page): Promise<PaydeskClient> {
  const issued = await apiPost(page, '/user/secret_key');
  expect(issued.status).toBe(200);
  const { api_key: apiKey, secret_key: secret } = issued.body.data as { api_key: string; secret_key: string };
  return createPaydeskClient({ baseUrl: new URL(page.url()).origin, apiKey, secret });
}

let serial = 0;
function clientOrderId(prefix: string): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36)}-${serial}`;
}

async function created(answer: Promise<{ response: Response; data?: { data: ApiOrder }; error?: unknown }>) {
  const { response, data, error } = await answer;
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data?.data as ApiOrder;
}

/** A pay-in of `amount` RUB on the demo merchant's flow: the demo trader's card is issued for it. */
export function createPayIn(api: PaydeskClient, amount: string): Promise<ApiOrder> {
  const id = clientOrderId('e2e-in');
  return created(
    api.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': id } },
      body: { type: 'pay_in', amount, currency: 'RUB', client_order_id: id },
    }),
  );
}

/** A pay-out of `amount` RUB to a card, open to every executor of the flow until one takes it. */
export function createPayOut(api: PaydeskClient, amount: string): Promise<ApiOrder> {
  const id = clientOrderId('e2e-out');
  return created(
    api.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': id } },
      body: {
        type: 'pay_out',
        amount,
        currency: 'RUB',
        payment_option: 'card',
        recipient: { card_number: '5559490012345678', holder: 'ANNA SMIRNOVA' },
        client_order_id: id,
      },
    }),
  );
}

/** The merchant cancels its order through the API (a pay-in still open, a pay-out nobody took). */
export async function cancelOrder(api: PaydeskClient, guid: string): Promise<void> {
  const { response } = await api.POST('/api/v1/orders/{guid}/cancel', {
    params: { path: { guid }, header: { 'Idempotency-Key': `cancel-${guid}` } },
  });
  expect(response.status).toBe(200);
}

/** First four and last four characters, as the tables show an id (SPEC §9). */
export const shortId = (guid: string) => `${guid.slice(0, 4)}…${guid.slice(-4)}`;

/** The body row of `table` that shows the order `guid`. */
export function orderRow(table: Locator, guid: string): Locator {
  return table.getByRole('row').filter({ hasText: shortId(guid) });
}
