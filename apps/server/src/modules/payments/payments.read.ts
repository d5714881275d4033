import {
  type BalanceHistoryQuery,
  type Language,
  type ListData,
  type MyWithdrawalListQuery,
  type Payment,
  type PaymentListQuery,
  paginate,
} from '@paydesk/contract';
import type { Executor } from '../../db/client';
import { keysetChunks } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { dateRange } from '../../lib/date-range';
import { DomainError } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import * as repo from './payments.repository';
import { historyEventView, historyFilters, paymentCsvColumns, paymentFilters, paymentView } from './payments.view';

const sortedPageOf = (query: { page: number; count: number; sort?: string }) => ({
  ...pageOf(query),
  ascending: query.sort === 'created_at',
});

/** One payment with its people and the owner's balance around its first movement. */
export async function getPayment(db: Executor, id: string, language: Language): Promise<Payment> {
  const row = await repo.findPaymentWithPeople(db, id);
  if (!row) throw new DomainError('not_found');
  const movements = await repo.firstMovements(db, [id]);
  return paymentView(row, movements.get(id), language);
}

type PaymentFilterQuery = Omit<PaymentListQuery, 'page' | 'count'>;

function filterOf(query: PaymentFilterQuery): repo.PaymentListFilter {
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  return {
    type: query['filter[type]'],
    statuses: query['filter[status]'],
    id: query['filter[uuid]'],
    username: query['filter[username]'],
    from,
    until,
  };
}

/** The wire payments of rows, with the owner's balance around each (one query for all). */
async function viewsOf(db: Executor, rows: repo.PaymentWithPeople[], language: Language): Promise<Payment[]> {
  const movements = await repo.firstMovements(
    db,
    rows.map((row) => row.payment.id),
  );
  return rows.map((row) => paymentView(row, movements.get(row.payment.id), language));
}

/** GET /transaction: payments of every user for the admin's screen (SPEC §2.13). */
export async function listPayments(
  db: Executor,
  query: PaymentListQuery,
  language: Language,
): Promise<ListData<Payment>> {
  const { rows, count } = await repo.listPayments(db, filterOf(query), sortedPageOf(query));
  return {
    items: await viewsOf(db, rows, language),
    context: {
      available_filters: paymentFilters(language),
      pagination: paginate(count.total, query, count.estimated),
    },
  };
}

/**
 * GET /my/withdrawals: the caller's own withdrawals with their address, state, hash and the reason of a rejection.
 * Which admin decided is the back office's business, not the owner's: left out.
 */
export async function myWithdrawals(
  db: Executor,
  ownerId: string,
  query: MyWithdrawalListQuery,
  language: Language,
): Promise<ListData<Payment>> {
  const filter: repo.PaymentListFilter = { type: 'withdraw', ownerId, statuses: query['filter[status]'] };
  const { rows, count } = await repo.listPayments(db, filter, sortedPageOf(query));
  const items = await viewsOf(db, rows, language);
  return {
    items: items.map((item) => ({ ...item, decided_by: null })),
    context: {
      // A short list beside the balance history's own filters: the state can be asked for, no filter bar is offered.
      available_filters: [],
      pagination: paginate(count.total, query, count.estimated),
    },
  };
}

/** GET /transaction/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
export function exportPayments(db: Executor, query: PaymentFilterQuery, language: Language) {
  const filter = filterOf(query);
  const ascending = query.sort === 'created_at';
  async function* chunks() {
    for await (const rows of keysetChunks((after, size) => repo.paymentChunk(db, filter, ascending, after, size))) {
      yield await viewsOf(db, rows, language);
    }
  }
  return csvStream(paymentCsvColumns, language, chunks());
}

/**
 * GET /my/transaction: the signed-in user's balance history, one row per business event (issue 21): an order's hold,
 * its settlement, its release each one row with its parts. Pages by keyset when the previous page's cursor is given.
 */
export async function balanceHistory(
  db: Executor,
  self: { id: string; username: string },
  query: BalanceHistoryQuery,
  language: Language,
) {
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  const page = await repo.historyEventsOf(
    db,
    self.id,
    { codes: query['filter[type]'], accounts: query['filter[account]'], from, until },
    { ...sortedPageOf(query), from: query.cursor === undefined ? undefined : BigInt(query.cursor) },
  );
  return {
    items: eventsOf(page.starts, page.entries).map((entries) => historyEventView(entries, self, language)),
    context: {
      available_filters: historyFilters(language),
      pagination: {
        ...paginate(page.count.total, query, page.count.estimated),
        next_cursor: page.next === null ? null : page.next.toString(),
      },
    },
  };
}

/**
 * The entries of a page cut at the seqs where its events start (both in the page's order). A transfer's two entries
 * share its seq: when both are the user's (available to hold), the second one stays in the event the first started.
 */
function eventsOf(starts: bigint[], entries: repo.HistoryEntry[]): repo.HistoryEntry[][] {
  const startSet = new Set(starts.map(String));
  const events: repo.HistoryEntry[][] = [];
  let previousSeq: string | undefined;
  for (const entry of entries) {
    const current = events.at(-1);
    if (!current || (startSet.has(entry.seq) && entry.seq !== previousSeq)) events.push([entry]);
    else current.push(entry);
    previousSeq = entry.seq;
  }
  // Inside an event its parts read in the order the money moved (a transfer's debit before its credit), whichever way
  // the page is sorted.
  const order = (a: repo.HistoryEntry, b: repo.HistoryEntry) =>
    compare(BigInt(a.seq), BigInt(b.seq)) || compare(BigInt(a.amount), BigInt(b.amount));
  return events.map((entries) => entries.sort(order));
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
