import {
  type Dispute,
  type DisputeFileType,
  type DisputeReason,
  type DisputeReasonValue,
  type DisputeStatus,
  disputeReasonFields,
  disputeReasons,
  formatAmount,
  type Language,
} from '@paydesk/contract';
import type { CsvColumn } from '../../http/csv';
import { translate } from '../../i18n/messages';
import type { OrderWithNames } from '../orders/orders.repository';
import type { ReferenceData } from '../reference/reference.read';
import type { DisputeFileRow, DisputeRow } from './disputes.repository';

/** GET /dispute/reason: every reason with its fields and its names in both languages. */
export const disputeReasonList = (): DisputeReason[] =>
  disputeReasons.map((value) => ({
    value,
    fields: [...disputeReasonFields[value]],
    names: { en: translate('en', `dispute_reason.${value}`), ru: translate('ru', `dispute_reason.${value}`) },
  }));

/** Where a file is served, to those who may see it. */
export const disputeFileUrl = (fileId: string) => `/api/inner/dispute/file/${fileId}`;

const fiatText = (minor: bigint, code: string, reference: ReferenceData) =>
  formatAmount(minor, reference.currencies.get(code)?.ratioFraction ?? 2);

/** The Dispute of SPEC §3, with its order's amount and parties and its files. */
export function disputeView(
  dispute: DisputeRow,
  named: OrderWithNames,
  files: DisputeFileRow[],
  reference: ReferenceData,
  language: Language,
): Dispute {
  const { order } = named;
  const executor = named.executor
    ? { uuid: named.executor.id, username: named.partner?.title ?? named.executor.username }
    : null;
  return {
    uuid: dispute.id,
    order_uuid: order.id,
    order_type: order.type as Dispute['order_type'],
    fiat_amount: { amount: fiatText(order.fiatAmountMinor, order.fiat, reference), currency: { code: order.fiat } },
    merchant: { uuid: named.merchant.id, username: named.merchant.username },
    executor,
    reason: {
      value: dispute.reason as DisputeReasonValue,
      title: translate(language, `dispute_reason.${dispute.reason}`),
    },
    fields: dispute.fields,
    status: {
      slug: dispute.status as DisputeStatus,
      title: translate(language, `dispute_status.${dispute.status}`),
    },
    order_status_before: dispute.orderStatusBefore,
    resolved_fiat_amount:
      dispute.resolvedFiatAmountMinor === null
        ? null
        : {
            amount: fiatText(dispute.resolvedFiatAmountMinor, order.fiat, reference),
            currency: { code: order.fiat },
          },
    files: files.map((file) => ({
      url: disputeFileUrl(file.id),
      name: file.name,
      content_type: file.contentType as DisputeFileType,
    })),
    created_at: dispute.createdAt.toISOString(),
    closed_at: dispute.closedAt?.toISOString() ?? null,
  };
}

/** The columns of the disputes export (DESIGN §13): those of the APPEALS list, amounts exact. */
export const disputeCsvColumns: CsvColumn<Dispute>[] = [
  { header: 'csv.column.id', exact: true, cell: (dispute) => dispute.uuid },
  { header: 'csv.column.created_at', exact: true, cell: (dispute) => dispute.created_at },
  { header: 'csv.column.order_id', exact: true, cell: (dispute) => dispute.order_uuid },
  { header: 'csv.column.order_type', exact: true, cell: (dispute) => dispute.order_type },
  { header: 'csv.column.amount', exact: true, cell: (dispute) => dispute.fiat_amount.amount },
  { header: 'csv.column.currency', exact: true, cell: (dispute) => dispute.fiat_amount.currency.code },
  { header: 'csv.column.merchant', cell: (dispute) => dispute.merchant.username },
  { header: 'csv.column.executor', cell: (dispute) => dispute.executor?.username ?? null },
  { header: 'csv.column.reason', cell: (dispute) => dispute.reason.title },
  { header: 'csv.column.status', cell: (dispute) => dispute.status.title },
  { header: 'csv.column.status_code', exact: true, cell: (dispute) => dispute.status.slug },
  {
    header: 'csv.column.resolved_amount',
    exact: true,
    cell: (dispute) => dispute.resolved_fiat_amount?.amount ?? null,
  },
  { header: 'csv.column.closed_at', exact: true, cell: (dispute) => dispute.closed_at },
];
