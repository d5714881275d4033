import { formatMoney, type Language, type PayerPageSettings } from '@paydesk/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { latestDisputeOf } from '../disputes/disputes.module';
import { type OrderRow, orderRow } from '../orders/orders.module';
import { findPageByToken, type PageRow, readPayerPageSettings } from '../payer-links/payer-links.module';
import type { ReferenceData } from '../reference/reference.module';
import { payerReceipts } from './payer-page.table';

/** What the page shows (DESIGN §20). */
export type PageState =
  | 'waiting'
  | 'reported'
  | 'paid'
  | 'expired'
  | 'canceled'
  | 'appeal_open'
  | 'appeal_resolved'
  | 'appeal_rejected';

export interface PageContext {
  page: PageRow;
  order: OrderRow;
  settings: PayerPageSettings;
  dispute: Awaited<ReturnType<typeof latestDisputeOf>>;
  receipts: number;
}

export type { PageRow };
export { findPageByToken as findPage };

export async function loadContext(db: Db, page: PageRow): Promise<PageContext | undefined> {
  const order = await orderRow(db, page.orderId);
  if (!order) return undefined;
  const [settings, dispute, [receipts]] = [
    await readPayerPageSettings(db, order.merchantId),
    await latestDisputeOf(db, order.id),
    await db.select({ n: count() }).from(payerReceipts).where(eq(payerReceipts.orderId, order.id)),
  ];
  return { page, order, settings, dispute, receipts: receipts?.n ?? 0 };
}

export function stateOf({ order, dispute }: PageContext): PageState {
  switch (order.status) {
    case 'new':
      return 'waiting';
    case 'in-progress':
      return 'reported';
    case 'dispute':
      return 'appeal_open';
    case 'paid':
      return dispute?.status === 'resolved' ? 'appeal_resolved' : 'paid';
    default:
      if (dispute?.status === 'rejected') return 'appeal_rejected';
      // Expiry cancels at or after the order's time; a merchant's cancel comes before it.
      return order.expiresAt && order.canceledAt && order.canceledAt >= order.expiresAt ? 'expired' : 'canceled';
  }
}

/** States the page watches for a change (the payer waits on someone else). */
export const watchedStates: readonly PageState[] = ['waiting', 'reported', 'appeal_open'];

/** Whole seconds until the order's time runs out, while it waits for the payer or the recipient. */
export function secondsLeft(context: PageContext, now: Date): number | null {
  const { order } = context;
  if ((order.status !== 'new' && order.status !== 'in-progress') || !order.expiresAt) return null;
  return Math.max(0, Math.floor((order.expiresAt.getTime() - now.getTime()) / 1000));
}

/** The order's amount as the payer must send it: the fiat's own decimals. */
export function amountText(order: OrderRow, reference: ReferenceData): string {
  const ratioFraction = reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
  return formatMoney(order.fiatAmountMinor, { code: order.fiat, name: order.fiat, ratio_fraction: ratioFraction });
}

/** A short reference the payer can quote to support: the order id's last eight characters, not the id. */
export const referenceOf = (order: OrderRow): string => order.id.replaceAll('-', '').slice(-8).toUpperCase();

/** The language of the page: the one chosen on it, else the order's, else the browser's. */
export function pageLanguage(chosen: string | undefined, page: PageRow, browser: Language): Language {
  if (chosen === 'en' || chosen === 'ru') return chosen;
  if (page.language === 'en' || page.language === 'ru') return page.language;
  return browser;
}

/** What GET /pay/{token}/status answers: what the page shows now. */
export function statusOf(context: PageContext, now: Date) {
  const state = stateOf(context);
  return {
    state,
    seconds_left: secondsLeft(context, now),
    reported_at: context.page.reportedAt?.toISOString() ?? null,
    receipts: context.receipts,
    return_url: state === 'paid' || state === 'appeal_resolved' ? context.page.returnUrl : null,
  };
}
