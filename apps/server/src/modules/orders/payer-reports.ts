import type { PayerReport } from '@paydesk/contract';
import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';
import type { OrderRow } from './orders.repository';
import type { Viewer } from './orders.view';

/**
 * What a pay-in's payer said on its page (DESIGN §20), as the module that serves the page hands it over: when it
 * reported paying and the receipts it attached. Orders do not own the page; they ask for it through an app event.
 */
export interface OrderPayerReport {
  orderId: string;
  reportedAt: Date | null;
  receipts: { id: string; name: string; contentType: PayerReport['receipts'][number]['content_type']; size: number }[];
}

/** The payers' reports of these orders, by order id, in one announce for a whole list (no query per order). */
export async function payerReportsOf(db: Executor, rows: readonly OrderRow[]): Promise<Map<string, OrderPayerReport>> {
  const orderIds = rows.filter((row) => row.type === 'pay_in').map((row) => row.id);
  if (orderIds.length === 0) return new Map();
  const reports = (await appEvents.announce(db, 'order.payer_reports', { orderIds })).flat();
  return new Map(reports.map((report) => [report.orderId, report]));
}

/** Who sees the payer's report: admins, the order's merchant and its executor (DESIGN §12, §20). */
export function seesPayerReport(row: OrderRow, viewer: Viewer): boolean {
  if (viewer.type === 'admin') return true;
  if (viewer.type === 'merchant') return row.merchantId === viewer.id;
  return (viewer.type === 'trader' || viewer.type === 'partner') && row.executorId === viewer.id;
}

/** The report as the order's answer carries it, or null when the viewer may not see it or the payer said nothing. */
export function payerReportView(
  row: OrderRow,
  viewer: Viewer,
  report: OrderPayerReport | undefined,
): PayerReport | null {
  if (!report || !seesPayerReport(row, viewer)) return null;
  if (report.reportedAt === null && report.receipts.length === 0) return null;
  return {
    reported_at: report.reportedAt?.toISOString() ?? null,
    receipts: report.receipts.map((receipt) => ({
      id: receipt.id,
      name: receipt.name,
      content_type: receipt.contentType,
      size: receipt.size,
    })),
  };
}
