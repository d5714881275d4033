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
