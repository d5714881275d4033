import { can } from '@paydesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';
import { sendStoredFile, storedFileSchema } from '../../http/stored-file';
import { DomainError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { type OrderPayerReport, seesPayerReport, visibleOrder } from '../orders/orders.module';
import { payerPages } from '../payer-links/payer-links.module';
import { payerReceipts } from './payer-page.table';

const extensionOf = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;
type ReceiptType = keyof typeof extensionOf;

/**
 * The payers' reports of these orders (DESIGN §20), for the order lists and details: when each payer said it paid and
 * its receipts, oldest first, named receipt-1.png and on. One query for the whole list: the pages joined to receipts.
 */
export async function payerReportsOf(db: Executor, orderIds: readonly string[]): Promise<OrderPayerReport[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: payerPages.orderId,
      reportedAt: payerPages.reportedAt,
      receiptId: payerReceipts.id,
      contentType: payerReceipts.contentType,
      size: payerReceipts.sizeBytes,
    })
    .from(payerPages)
    .leftJoin(payerReceipts, eq(payerReceipts.orderId, payerPages.orderId))
    .where(inArray(payerPages.orderId, [...orderIds]))
    .orderBy(asc(payerPages.orderId), asc(payerReceipts.createdAt), asc(payerReceipts.id));
  const reports = new Map<string, OrderPayerReport>();
  for (const row of rows) {
    let report = reports.get(row.orderId);
    if (!report) {
      report = { orderId: row.orderId, reportedAt: row.reportedAt, receipts: [] };
      reports.set(row.orderId, report);
    }
    if (row.receiptId && row.contentType && row.size !== null) {
      const contentType = row.contentType as ReceiptType;
      report.receipts.push({
        id: row.receiptId,
        name: `receipt-${report.receipts.length + 1}.${extensionOf[contentType]}`,
        contentType,
        size: row.size,
      });
    }
  }
  return [...reports.values()];
}

const params = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  receiptId: z.uuid({ error: 'validation.invalid' }),
});

/**
 * The payer's receipts in the web app's API (DESIGN §12, §20): GET /order/{id}/payer_receipt/{receiptId} serves one
 * as dispute evidence is served, to admins, the order's merchant and its executor; anyone else, and a receipt of
 * another order, is not found. Subscribes to the orders' question for the reports.
 */
export const payerReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  appEvents.on('order.payer_reports', 'payer-page', (tx, { orderIds }) => payerReportsOf(tx, orderIds));
  const deps = { db: app.db, reference: app.reference };
  app.get(
    '/order/:id/payer_receipt/:receiptId',
    {
      config: { access: 'orders.read' },
      schema: {
        tags: ['orders'],
        params,
        summary: "A receipt the payer attached on its page, to an admin, the order's merchant and its executor",
        ...storedFileSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const viewer = { id: user.id, type: user.type, canManage: can(user, 'orders.manage') };
      const { order } = await visibleOrder(deps, viewer, request.params.id);
      if (!seesPayerReport(order, viewer)) throw new DomainError('not_found');
      const [receipt] = await app.db
        .select()
        .from(payerReceipts)
        .where(and(eq(payerReceipts.id, request.params.receiptId), eq(payerReceipts.orderId, order.id)));
      const bytes = receipt ? await app.files.read(receipt.storageKey) : null;
      if (!receipt || !bytes) throw new DomainError('not_found');
      const index = (await payerReportsOf(app.db, [order.id]))[0]?.receipts.find((item) => item.id === receipt.id);
      return sendStoredFile(reply, {
        bytes,
        name: index?.name ?? `receipt.${extensionOf[receipt.contentType as ReceiptType]}`,
        contentType: receipt.contentType,
      });
    },
  );
};
