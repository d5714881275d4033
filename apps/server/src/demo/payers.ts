import { formatAmount } from '@paydesk/contract';
import { and, desc, eq, gte, like, sql } from 'drizzle-orm';
import { selectRows } from '../db/client';
import type { FileStorage } from '../lib/file-storage';
import type { Secrets } from '../lib/secrets';
import { openDispute } from '../modules/disputes/disputes.module';
import { engineTime, type OrderDeps, orders } from '../modules/orders/orders.module';
import { payerPages, payerTokenOf } from '../modules/payer-links/payer-links.module';
import {
  appeal,
  attachReceipt,
  findContext,
  type PageContext,
  reportPaid,
} from '../modules/payer-page/payer-page.module';
import { demoReceipt, receiptPng } from './receipt';

/** What the demo's payers work with: the order engine's dependencies, the file storage and the page's key. */
export type PayerDeps = OrderDeps & { files: FileStorage; secrets: Secrets };

/** What the page's own actions are given, as app.ts gives them to the page: the disputes module's opening of one. */
const pageDeps = (deps: PayerDeps) => ({ ...deps, openDispute });

const dayMs = 86_400_000;

/**
 * The page of a demo pay-in as its payer holds it (DESIGN §20): the link's token, found and read the way
 * GET /pay/{token} finds and reads it. Undefined for an order without a page (one made before pages existed).
 */
export async function pageOfOrder(deps: PayerDeps, orderId: string): Promise<PageContext | undefined> {
  return findContext(deps.db, payerTokenOf(deps.secrets, orderId));
}

/** The receipt a payer attaches: its bank's PDF, or a screenshot of the bank's screen. */
function receiptOf(context: PageContext, kind: 'pdf' | 'png', at: Date): Buffer {
  const { order } = context;
  if (kind === 'png') return receiptPng(Number.parseInt(order.id.slice(-4), 16));
  return demoReceipt(order, at);
}

/**
 * A demo payer who paid says so on its page: the page's own "I have paid" (the order in progress, its report time on
 * the page), after attaching its receipt when `receipt` says so. False when the order has no page.
 */
export async function payerReports(deps: PayerDeps, orderId: string, receipt: 'pdf' | 'png' | null): Promise<boolean> {
  const context = await pageOfOrder(deps, orderId);
  if (!context) return false;
  if (receipt) await attachReceipt(pageDeps(deps), context, receiptOf(context, receipt, engineTime(deps)));
  await reportPaid(pageDeps(deps), context);
  return true;
}

/** Whether a payer of the merchant appealed on its page in the day before `now` (the timeline names the payer). */
async function appealedToday(deps: PayerDeps, merchantId: string, now: Date): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    deps.db,
    sql`select 1 as one from order_events e join orders o on o.id = e.order_id
        where o.merchant_id = ${merchantId} and e.actor_kind = 'payer' and e.to_status = 'dispute'
          and e.created_at > ${new Date(now.getTime() - dayMs).toISOString()} limit 1`,
  );
  return rows.length > 0;
}

/**
 * About one late payer a day (DESIGN §7, §20): the payer of a demo pay-in that expired in the last day paid after all,
 * and says "I already paid" on its page with the amount, the time and its bank's receipt, which opens the appeal. At
 * most one a day; true when one appealed.
 */
export async function latePayerAppeals(deps: PayerDeps, merchantId: string, prefix: string): Promise<boolean> {
  const now = engineTime(deps);
  if (await appealedToday(deps, merchantId, now)) return false;
  const expired = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payerPages, eq(payerPages.orderId, orders.id))
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.status, 'canceled'),
        like(orders.clientOrderId, `${prefix}%`),
        gte(orders.canceledAt, new Date(now.getTime() - dayMs)),
        gte(orders.canceledAt, orders.expiresAt),
      ),
    )
    .orderBy(desc(orders.canceledAt))
    .limit(5);
  for (const { id } of expired) {
    const context = await pageOfOrder(deps, id);
    if (!context || context.dispute) continue;
    await appealOn(deps, context, now);
    return true;
  }
  return false;
}

/** The appeal a late payer sends: what it paid, a minute after the order's time ran out, with the bank's receipt. */
async function appealOn(deps: PayerDeps, context: PageContext, now: Date) {
  const { order } = context;
  const expiredAt = order.expiresAt ?? now;
  const paidAt = new Date(Math.min(now.getTime(), expiredAt.getTime() + 60_000));
  const fraction = deps.reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
  await appeal(
    pageDeps(deps),
    context,
    {
      fields: { paid_amount: formatAmount(order.fiatAmountMinor, fraction), paid_at: paidAt.toISOString() },
      file: receiptOf(context, 'pdf', paidAt),
    },
    context.page.language === 'ru' ? 'ru' : 'en',
  );
}
