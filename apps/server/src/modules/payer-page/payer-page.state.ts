import { formatMoney, type Language, type PayerPageSettings } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectPrepared } from '../../db/client';
import { tokenHashOf } from '../payer-links/payer-links.module';
import type { ReferenceData } from '../reference/reference.module';

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

/** The page's own row: its order, where it returns the payer, its language, when the payer said it paid. */
export interface PageInfo {
  orderId: string;
  returnUrl: string | null;
  language: string | null;
  reportedAt: Date | null;
}

/** The pay-in as its page reads it: what the page shows and what the payer's actions check before they lock it. */
export interface PageOrder {
  id: string;
  merchantId: string;
  status: string;
  fiat: string;
  fiatAmountMinor: bigint;
  paymentType: string | null;
  details: Record<string, string>;
  expiresAt: Date | null;
  canceledAt: Date | null;
  updatedAt: Date;
}

export interface PageContext {
  page: PageInfo;
  order: PageOrder;
  settings: PayerPageSettings;
  /** The order's latest appeal, if it has one. */
  dispute: { status: string } | null;
  receipts: number;
}

interface ContextRow {
  order_id: string;
  return_url: string | null;
  language: string | null;
  reported_at: string | Date | null;
  merchant_id: string;
  status: string;
  fiat: string;
  fiat_amount_minor: string;
  payment_type: string | null;
  details: Record<string, string>;
  expires_at: string | Date | null;
  canceled_at: string | Date | null;
  updated_at: string | Date;
  display_name: string | null;
  support_contact: string | null;
  return_hosts: string[] | null;
  frame_origins: string[] | null;
  dispute_status: string | null;
  receipts: number;
}

const dateOf = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * The page a token opens and everything it shows, in one prepared statement (DESIGN §20): a page view is one round
 * trip. It reads the page's row and its merchant's settings (payer-links), the order (orders), its latest appeal
 * (disputes) and the receipts kept (this module's) as a read model, the way statistics reads the orders; the moves
 * stay with their modules. Undefined for a token that opens no page: every token, well-formed or not, is hashed and
 * looked up, so a wrong token and a gone one cost the same and answer the same.
 */
export async function findContext(db: Executor, token: string): Promise<PageContext | undefined> {
  const [row] = await selectPrepared<ContextRow>(
    db,
    'payer_page_context',
    sql`select p.order_id, p.return_url, p.language, p.reported_at,
               o.merchant_id, o.status, o.fiat, o.fiat_amount_minor::text as fiat_amount_minor, o.payment_type,
               o.details, o.expires_at, o.canceled_at, o.updated_at,
               s.display_name, s.support_contact, s.return_hosts, s.frame_origins,
               (select d.status from disputes d where d.order_id = p.order_id
                order by d.created_at desc, d.id desc limit 1) as dispute_status,
               (select count(*)::int from payer_receipts r where r.order_id = p.order_id) as receipts
        from payer_pages p
        join orders o on o.id = p.order_id
        left join payer_page_settings s on s.merchant_id = o.merchant_id
        where p.token_hash = ${tokenHashOf(token.slice(0, 100))}::text`,
  );
  if (!row) return undefined;
  return {
    page: {
      orderId: row.order_id,
      returnUrl: row.return_url,
      language: row.language,
      reportedAt: dateOf(row.reported_at),
    },
    order: {
      id: row.order_id,
      merchantId: row.merchant_id,
      status: row.status,
      fiat: row.fiat,
      fiatAmountMinor: BigInt(row.fiat_amount_minor),
      paymentType: row.payment_type,
      details: row.details,
      expiresAt: dateOf(row.expires_at),
      canceledAt: dateOf(row.canceled_at),
      updatedAt: new Date(row.updated_at),
    },
    settings: {
      payer_display_name: row.display_name,
      payer_support_contact: row.support_contact,
      payer_return_hosts: row.return_hosts ?? [],
      payer_frame_origins: row.frame_origins ?? [],
    },
    dispute: row.dispute_status === null ? null : { status: row.dispute_status },
    receipts: Number(row.receipts),
  };
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

/** When the order's time runs out, while it waits for the payer or the recipient (the page's timer counts to it). */
export const countsTo = (order: PageOrder): Date | null =>
  order.status === 'new' || order.status === 'in-progress' ? order.expiresAt : null;

/** Whole seconds from `now` until `end`, none below zero: what the page's timer shows. */
export const secondsUntil = (end: Date, now: Date): number =>
  Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));

/** Whole seconds until the order's time runs out, while it waits for the payer or the recipient. */
export function secondsLeft(context: PageContext, now: Date): number | null {
  const end = countsTo(context.order);
  return end ? secondsUntil(end, now) : null;
}

/** The order's amount as the payer must send it: the fiat's own decimals. */
export function amountText(order: PageOrder, reference: ReferenceData): string {
  const ratioFraction = reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
  return formatMoney(order.fiatAmountMinor, { code: order.fiat, name: order.fiat, ratio_fraction: ratioFraction });
}

/** A short reference the payer can quote to support: the order id's last eight characters, not the id. */
export const referenceOf = (order: { id: string }): string => order.id.replaceAll('-', '').slice(-8).toUpperCase();

/** The language of the page: the one chosen on it, else the order's, else the browser's. */
export function pageLanguage(chosen: string | undefined, page: PageInfo, browser: Language): Language {
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
