import { isLoopbackHost, type Language } from '@paydesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deferWrite } from '../../db/deferred';
import { DomainError } from '../../lib/errors';
import { sha256 } from '../../lib/ids';
import type { Secrets } from '../../lib/secrets';
import { payerPageSettings, payerPages } from './payer-links.table';

/**
 * The token of a pay-in's page (DESIGN §20): the first 128 bits of an HMAC of the order's id under a key of its own,
 * derived from SECRETS_KEY, in base64url. It cannot be told from the id without the key and grants only this page.
 */
export const payerTokenOf = (secrets: Secrets, orderId: string): string =>
  Buffer.from(secrets.mac('payer-page', orderId).slice(0, 32), 'hex').toString('base64url');

/** What a token looks like: 22 base64url characters (128 bits); anything else is no token and is not looked up. */
export const tokenPattern = /^[A-Za-z0-9_-]{22}$/;

/** The hash a page is found by: the token itself is never kept. */
export const tokenHashOf = (token: string): string => sha256(`payer-page:${token}`);

/** The link handed to the merchant: the page at the public origin. */
export const paymentUrlOf = (origin: string, secrets: Secrets, orderId: string): string =>
  `${origin}/pay/${payerTokenOf(secrets, orderId)}`;

/** The hosts a merchant's `return_url` may point at (none until it sets some). */
export async function returnHostsOf(db: Db, merchantId: string): Promise<string[]> {
  const [row] = await db
    .select({ hosts: payerPageSettings.returnHosts })
    .from(payerPageSettings)
    .where(eq(payerPageSettings.merchantId, merchantId));
  return row?.hosts ?? [];
}

/**
 * A `return_url` the page may send its payer to (no open redirect, DESIGN §20): an absolute https URL (http only on the
 * machine itself) without credentials, whose host is one of the merchant's return hosts. Returns the URL as parsed.
 */
export function allowedReturnUrl(text: string, hosts: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw returnUrlRefused();
  }
  const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!scheme || url.username !== '' || url.password !== '' || !hosts.includes(url.hostname.toLowerCase())) {
    throw returnUrlRefused();
  }
  return url.href;
}

const returnUrlRefused = () => new DomainError('return_url_not_allowed', { return_url: ['validation.return_url'] });

/** Opens the page of a new pay-in, in the transaction that creates it. */
export async function openPayerPage(
  tx: Tx,
  secrets: Secrets,
  orderId: string,
  options: { returnUrl: string | null; language: Language | null },
): Promise<void> {
  const insert = tx
    .insert(payerPages)
    .values({
      orderId,
      tokenHash: tokenHashOf(payerTokenOf(secrets, orderId)),
      returnUrl: options.returnUrl,
      language: options.language,
    })
    .getSQL();
  // With the creation's other writes, at its end (db/deferred.ts).
  await deferWrite(tx, { parts: () => [['page', insert]] });
}

/** Which of these orders have a page (pay-ins made before the page existed have none). */
export async function ordersWithPages(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: payerPages.orderId })
    .from(payerPages)
    .where(inArray(payerPages.orderId, [...orderIds]));
  return new Set(rows.map((row) => row.orderId));
}

/** When the payer said it paid on its page, in the transaction of the order's move. */
export async function markReported(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(payerPages).set({ reportedAt: at }).where(eq(payerPages.orderId, orderId));
}
