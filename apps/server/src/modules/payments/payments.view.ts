import {
  type AvailableFilter,
  type BalanceHistoryRow,
  cryptoCurrency,
  formatMoney,
  type Language,
  type Payment,
  paymentStatuses,
  transferCodes,
  userAccountKinds,
} from '@paydesk/contract';
import type { CsvColumn } from '../../http/csv';
import { translate } from '../../i18n/messages';
import { eventCodeOf, eventParts, mainAccountOf } from '../ledger/ledger.module';
import type { HistoryEntry, PaymentWithPeople } from './payments.repository';

const titled = (language: Language, prefix: string, slug: string) => ({
  slug,
  title: translate(language, `${prefix}.${slug}`),
});

/** A merchant withdrawal is a withdrawal settled through a trader; its type title says so. */
function paymentTypeOf(row: PaymentWithPeople, language: Language) {
  const slug = row.payment.type;
  const titleKey = row.payment.traderId ? 'payment_type.merchant_withdrawal' : `payment_type.${slug}`;
  return { slug, title: translate(language, titleKey) };
}

export function paymentView(
  row: PaymentWithPeople,
  movement: { before: bigint; after: bigint } | undefined,
  language: Language,
): Payment {
  const { payment } = row;
  const currency = cryptoCurrency(payment.currency);
  return {
    guid: payment.id,
    type: paymentTypeOf(row, language),
    status: titled(language, 'payment_status', payment.status),
    date: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
    money: { amount: formatMoney(payment.amountMinor, currency), currency },
    payable: { uuid: row.owner.id, username: row.owner.username },
    order_uuid: payment.orderId,
    balance_before: movement ? formatMoney(movement.before, currency) : null,
    balance_after: movement ? formatMoney(movement.after, currency) : null,
    address: payment.address,
    tx_hash: payment.txHash,
    trader: row.trader?.id ? { uuid: row.trader.id, username: row.trader.username } : null,
    source: payment.source as Payment['source'],
    comment: payment.comment,
    decided_by: row.decider?.id ? { uuid: row.decider.id, username: row.decider.username } : null,
    decided_at: payment.decidedAt?.toISOString() ?? null,
  };
}

/**
 * One history row from the entries of one event (issue 21): its parts as eventParts makes them (what the user
 * received by reason, what left each account as one part), the row's amount and balances those of its main account.
 */
export function historyEventView(entries: HistoryEntry[], self: { id: string; username: string }, language: Language) {
  const [head] = entries;
  if (!head) throw new Error('an event has at least one entry');
  const currency = cryptoCurrency(head.currency);
  const parts = eventParts(
    entries.map((entry) => ({
      code: entry.code,
      accountKind: entry.account_kind,
      amountMinor: BigInt(entry.amount),
      balanceBeforeMinor: BigInt(entry.before),
      balanceAfterMinor: BigInt(entry.after),
    })),
  );
  const main = mainAccountOf(parts);
  const ofMain = entries.filter((entry) => entry.account_kind === main);
  const net = ofMain.reduce((sum, entry) => sum + BigInt(entry.amount), 0n);
  const first = ofMain[0] ?? head;
  const last = ofMain.at(-1) ?? head;
  const view: BalanceHistoryRow = {
    guid: head.transfer_id,
    type: titled(language, 'transfer', eventCodeOf(entries)),
    // A movement without a payment (an order's) is complete by being in the ledger.
    status: titled(language, 'payment_status', head.payment_status ?? 'done'),
    money: { amount: formatMoney(net < 0n ? -net : net, currency), currency },
    date: new Date(head.created_at).toISOString(),
    action: titled(language, 'action', net < 0n ? 'out' : 'in'),
    account: titled(language, 'account', main),
    payable:
      head.payable_id && head.payable_username
        ? { uuid: head.payable_id, username: head.payable_username }
        : { uuid: self.id, username: self.username },
    payment_guid: head.payment_id,
    order_guid: head.order_id,
    balance_before: formatMoney(BigInt(first.before), currency),
    balance_after: formatMoney(BigInt(last.after), currency),
    parts: parts.map((part) => ({
      type: titled(language, 'transfer', part.code),
      account: titled(language, 'account', part.accountKind),
      amount: formatMoney(part.amountMinor, currency),
      balance_before: formatMoney(part.balanceBeforeMinor, currency),
      balance_after: formatMoney(part.balanceAfterMinor, currency),
    })),
  };
  return view;
}

const options = (language: Language, prefix: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: translate(language, `${prefix}.${value}`) }));

/** The filters of the balance history (SPEC §2.6); labels are keys of the web's namespace, options are localized. */
export function historyFilters(language: Language): AvailableFilter[] {
  return [
    { name: 'type', label: 'filters.type', type: 'multiselect', options: options(language, 'transfer', transferCodes) },
    {
      name: 'account',
      label: 'filters.account',
      type: 'multiselect',
      options: options(language, 'account', userAccountKinds),
    },
    { name: 'date_from', label: 'filters.date_from', type: 'date' },
    { name: 'date_to', label: 'filters.date_to', type: 'date' },
  ];
}

/** The filters of the payments screen (SPEC §2.13); the tab chooses the type. */
export function paymentFilters(language: Language): AvailableFilter[] {
  return [
    {
      name: 'status',
      label: 'filters.status',
      type: 'multiselect',
      options: options(language, 'payment_status', paymentStatuses),
    },
    { name: 'username', label: 'filters.username', type: 'text' },
    { name: 'uuid', label: 'filters.uuid', type: 'text' },
    { name: 'date_from', label: 'filters.date_from', type: 'date' },
    { name: 'date_to', label: 'filters.date_to', type: 'date' },
  ];
}

/** The columns of the payments export (DESIGN §13): those of the /pay screen, amounts exact. */
export const paymentCsvColumns: CsvColumn<Payment>[] = [
  { header: 'csv.column.id', exact: true, cell: (payment) => payment.guid },
  { header: 'csv.column.created_at', exact: true, cell: (payment) => payment.date },
  { header: 'csv.column.type', cell: (payment) => payment.type.title },
  { header: 'csv.column.status', cell: (payment) => payment.status.title },
  { header: 'csv.column.status_code', exact: true, cell: (payment) => payment.status.slug },
  { header: 'csv.column.owner', cell: (payment) => payment.payable.username },
  { header: 'csv.column.amount', exact: true, cell: (payment) => payment.money.amount },
  { header: 'csv.column.currency', exact: true, cell: (payment) => payment.money.currency.code },
  { header: 'csv.column.balance_before', exact: true, cell: (payment) => payment.balance_before },
  { header: 'csv.column.balance_after', exact: true, cell: (payment) => payment.balance_after },
  { header: 'csv.column.address', exact: true, cell: (payment) => payment.address },
  { header: 'csv.column.tx_hash', exact: true, cell: (payment) => payment.tx_hash },
  { header: 'csv.column.order_id', exact: true, cell: (payment) => payment.order_uuid },
  { header: 'csv.column.executor', cell: (payment) => payment.trader?.username ?? null },
  { header: 'csv.column.comment', cell: (payment) => payment.comment },
];
