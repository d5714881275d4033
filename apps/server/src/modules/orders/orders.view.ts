import type { ApiOrder, Language, Order, OrderStatus, OrderType, PaymentDetails } from '@paydesk/contract';
import { cryptoCurrency, formatMoney } from '@paydesk/contract';
import type { CsvColumn } from '../../http/csv';
import { translate } from '../../i18n/messages';
import { rateText } from '../flows/flows.module';
import { paymentTypeImageUrl } from '../reference/reference.module';
import type { ReferenceData } from '../reference/reference.read';
import { canDispute } from './lifecycle';
import type { OrderRow, OrderWithNames } from './orders.repository';
import { type OrderPayerReport, payerReportView } from './payer-reports';

export interface Viewer {
  id: string;
  type: string;
  /** A support admin sees but changes nothing that moves money (DESIGN §5). */
  canManage: boolean;
}

const fiatText = (row: OrderRow, reference: ReferenceData) =>
  formatMoney(row.fiatAmountMinor, {
    code: row.fiat,
    name: row.fiat,
    ratio_fraction: reference.currencies.get(row.fiat)?.ratioFraction ?? 2,
  });

/** The payment details of SPEC §3 from the order's copy of the requisite (pay-in) or the recipient (pay-out). */
export function paymentDetailsOf(row: OrderRow, reference: ReferenceData, language: Language): PaymentDetails {
  const details = row.details;
  const type = row.paymentType ? reference.paymentTypes.get(row.paymentType) : undefined;
  return {
    payment_option: row.paymentOption,
    payment_type: row.paymentType
      ? {
          slug: row.paymentType,
          name: type ? (language === 'ru' ? type.nameRu : type.nameEn) : row.paymentType,
          image: { url: paymentTypeImageUrl(row.paymentType) },
        }
      : null,
    holder: details.holder ?? null,
    recipient: row.type === 'pay_out' ? (details.holder ?? null) : null,
    card_number: details.card_number ?? null,
    correspondent_account: details.account_number ?? null,
    phone: details.phone ?? null,
    bank: details.bank ?? null,
    bik: details.bik ?? null,
  };
}

function actionsFor(row: OrderRow, viewer: Viewer): Order['actions'] {
  const actions: Order['actions'] = [];
  const own = row.executorId === viewer.id;
  if (viewer.type === 'trader' || viewer.type === 'partner') {
    if (row.type === 'pay_in' && own && (row.status === 'new' || row.status === 'in-progress'))
      actions.push('set_paid');
    if (row.type === 'pay_out' && row.status === 'new' && row.executorId === null) actions.push('take');
    if (row.type === 'pay_out' && own && row.status === 'in-progress') actions.push('set_paid');
  }
  if (viewer.type === 'admin' && viewer.canManage) {
    const cancelable =
      (row.type === 'pay_in' && (row.status === 'new' || row.status === 'in-progress')) ||
      (row.type === 'pay_out' && row.status === 'new');
    if (cancelable) actions.push('cancel');
    if (row.status === 'paid' || row.status === 'canceled') actions.push('webhook_resend');
    if (canDispute(row)) actions.push('dispute');
  }
  return actions;
}

/** Who sees payment details (SPEC §6): admin, merchant, trader; an executor of a pay-out always (it pays there). */
function seesDetails(row: OrderRow, viewer: Viewer) {
  if (viewer.type === 'partner') return row.type === 'pay_out' && row.executorId === viewer.id;
  return viewer.type === 'admin' || viewer.type === 'merchant' || viewer.type === 'trader';
}

/** The order as the screens list it; `report` is its payer's report when the caller read it (else none is shown). */
export function orderView(
  named: OrderWithNames,
  viewer: Viewer,
  reference: ReferenceData,
  language: Language,
  report?: OrderPayerReport,
): Order {
  const { order: row } = named;
  const crypto = cryptoCurrency(row.crypto);
  return {
    guid: row.id,
    type: row.type as OrderType,
    status: { slug: row.status, title: translate(language, `order_status.${row.status}`) },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    fiat_money: { amount: fiatText(row, reference), currency: { code: row.fiat } },
    crypto_money: {
      amount: formatMoney(row.cryptoAmountMinor, crypto),
      currency: { code: crypto.code, name: crypto.name },
    },
    rate: rateText(row.rate),
    executor:
      named.executor && row.executorType
        ? {
            type: { slug: row.executorType as 'trader' | 'partner' },
            trader:
              row.executorType === 'trader' ? { uuid: named.executor.id, username: named.executor.username } : null,
            partner:
              row.executorType === 'partner'
                ? {
                    partner: { title: named.partner?.title ?? named.executor.username },
                    slug: named.partner?.slug ?? '',
                  }
                : null,
          }
        : null,
    merchant: { uuid: named.merchant.id, username: named.merchant.username },
    flow: { uuid: named.flow.id, name: named.flow.name },
    client_order_id: row.clientOrderId,
    payment_details: seesDetails(row, viewer) ? paymentDetailsOf(row, reference, language) : null,
    payer_report: payerReportView(row, viewer, report),
    actions: actionsFor(row, viewer),
  };
}

/**
 * The order as the merchant and executor API (and the webhooks) carry it; `paymentUrl` is the link of its payer's
 * page when the caller hands one out (DESIGN §20).
 */
export function apiOrderView(row: OrderRow, reference: ReferenceData, paymentUrl: string | null = null): ApiOrder {
  const crypto = cryptoCurrency(row.crypto);
  return {
    guid: row.id,
    client_order_id: row.clientOrderId,
    client_id: row.clientId,
    type: row.type as OrderType,
    status: row.status as OrderStatus,
    amount: fiatText(row, reference),
    currency: row.fiat,
    crypto_amount: formatMoney(row.cryptoAmountMinor, crypto),
    crypto_currency: row.crypto,
    rate: rateText(row.rate),
    payment_details:
      row.type === 'pay_in' && row.paymentOption && row.paymentType
        ? { payment_option: row.paymentOption, payment_type: row.paymentType, attributes: row.details }
        : null,
    recipient: row.type === 'pay_out' ? row.details : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    payment_url: paymentUrl,
  };
}

/** An executor as the lists name it: a partner by its system's title, a trader by its username. */
const executorName = (named: OrderWithNames) =>
  named.executor ? (named.partner?.title ?? named.executor.username) : null;

/** The columns of the orders export (DESIGN §13): those of the admin's order list, amounts exact. */
export function orderCsvColumns(reference: ReferenceData): CsvColumn<OrderWithNames>[] {
  return [
    { header: 'csv.column.id', exact: true, cell: ({ order }) => order.id },
    { header: 'csv.column.created_at', exact: true, cell: ({ order }) => order.createdAt.toISOString() },
    { header: 'csv.column.type', exact: true, cell: ({ order }) => order.type },
    { header: 'csv.column.status', cell: ({ order }, language) => translate(language, `order_status.${order.status}`) },
    { header: 'csv.column.status_code', exact: true, cell: ({ order }) => order.status },
    { header: 'csv.column.amount', exact: true, cell: ({ order }) => fiatText(order, reference) },
    { header: 'csv.column.currency', exact: true, cell: ({ order }) => order.fiat },
    {
      header: 'csv.column.crypto_amount',
      exact: true,
      cell: ({ order }) => formatMoney(order.cryptoAmountMinor, cryptoCurrency(order.crypto)),
    },
    { header: 'csv.column.crypto_currency', exact: true, cell: ({ order }) => order.crypto },
    { header: 'csv.column.rate', exact: true, cell: ({ order }) => rateText(order.rate) },
    {
      header: 'csv.column.payment_details',
      cell: ({ order }, language) => {
        const details = paymentDetailsOf(order, reference, language);
        return [details.card_number ?? details.phone ?? details.correspondent_account, details.holder, details.bank]
          .filter(Boolean)
          .join(', ');
      },
    },
    { header: 'csv.column.executor', cell: executorName },
    { header: 'csv.column.merchant', cell: (named) => named.merchant.username },
    { header: 'csv.column.flow', cell: (named) => named.flow.name },
    { header: 'csv.column.client_order_id', cell: ({ order }) => order.clientOrderId },
  ];
}
