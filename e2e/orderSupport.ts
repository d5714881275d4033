import { type ApiOrder, createPaydeskClient, type PaydeskClient } from '@paydesk/api-client';
import { expect, type Locator, type Page } from '@playwright/test';
import { receiptPdf } from './disputeSupport';
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

/**
 * A pay-in of `amount` RUB on the demo merchant's flow: the demo trader's card is issued for it. `clientId` names the
 * payer, as a shop does for its returning customers (the anti-fraud rules watch payers by it); `payerPage` is where
 * the payer's page returns to and its language (DESIGN §20).
 */
export function createPayIn(
  api: PaydeskClient,
  amount: string,
  clientId?: string,
  payerPage: { return_url?: string; language?: 'en' | 'ru' } = {},
): Promise<ApiOrder> {
  const id = clientOrderId('e2e-in');
  return created(
    api.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': id } },
      body: { type: 'pay_in', amount, currency: 'RUB', client_order_id: id, client_id: clientId, ...payerPage },
    }),
  );
}

/** An amount of its own: an open order's amount cannot be issued again on the same requisite (DESIGN §5). */
export const freshAmount = () => String(1000 + Math.floor(Math.random() * 9000));

/** An amount as the English interface shows it: its thousands grouped with commas (issue 32), the decimals as sent. */
export const shownAmount = (amount: string) =>
  amount.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/**
 * Opens an anti-fraud case on a new payer: the demo's setting allows five orders of one payer an hour, so six pay-ins
 * of it trip the rule (DESIGN §13) once the job runner gets to them. Each is canceled at once, holding nothing. The
 * case's target reads `<payer> (merchant)`.
 */
export async function openPayerCase(api: PaydeskClient, payer: string): Promise<void> {
  for (let index = 0; index < 6; index += 1)
    await cancelOrder(api, (await createPayIn(api, freshAmount(), payer)).guid);
}

/** A receipt of `amount` RUB paid today, as the receipts check reads one (DD.MM.YYYY, UTC day). */
export function receiptOf(amount: string): { name: string; mimeType: string; buffer: Buffer } {
  const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
  return {
    name: `receipt-${amount}.pdf`,
    mimeType: 'application/pdf',
    buffer: receiptPdf(['Payment receipt', `Amount: ${amount},00 RUB`, `Date: ${day}.${month}.${year} 14:05`]),
  };
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
