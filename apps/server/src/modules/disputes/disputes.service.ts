import {
  type apiDisputeCreateSchema,
  type Dispute,
  type DisputeListQuery,
  type DisputeStatusUpdate,
  formatAmount,
  type Language,
  type ListData,
  paginate,
  parseAmount,
  type UserType,
} from '@paydesk/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { keysetChunks } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { dateRange } from '../../lib/date-range';
import { DomainError } from '../../lib/errors';
import { readEvidence } from '../../lib/evidence';
import type { FileStorage } from '../../lib/file-storage';
import { derivedId, newId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import {
  type AccountKey,
  accountKeyText,
  lockedBalances,
  type TransferSpec,
  userAccount,
} from '../ledger/ledger.module';
import * as orders from '../orders/orders.module';
import {
  canDispute,
  moveByDispute,
  type OrderActor,
  payerOf,
  settlementTransfers,
  withFiatAmount,
} from '../orders/orders.module';
import type { ReferenceData } from '../reference/reference.read';
import { adjustment } from './adjustment';
import * as repo from './disputes.repository';
import { disputeCsvColumns, disputeView } from './disputes.view';

export interface DisputeDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
  files: FileStorage;
  /**
   * Runs last in the transaction that opens a dispute, with the dispute as its opener will be answered: an API request
   * keeps its Idempotency-Key's answer here, so the answer commits with the dispute (issue 20, R2).
   */
  answerWith?: (tx: Executor, dispute: Dispute) => Promise<void>;
}

/** Who opens a dispute: an admin on the screens, a merchant through the API on its own orders. */
export interface Opener {
  id: string;
  type: UserType;
  /** A merchant's order appealed by its payer on the payer's page (DESIGN §20): the timeline names the payer. */
  payer?: boolean;
}

type DisputeBody = z.output<typeof apiDisputeCreateSchema>;

const sum = (transfers: TransferSpec[]) => transfers.reduce((total, transfer) => total + transfer.amountMinor, 0n);

/** The disputes of these rows as their viewers see them: their orders and files read once for all. */
async function viewsOf(
  deps: DisputeDeps,
  rows: repo.DisputeRow[],
  language: Language,
  db: Executor = deps.db,
): Promise<Dispute[]> {
  const readOrders = () =>
    orders.ordersWithNames(
      db,
      rows.map((row) => row.orderId),
    );
  const readFiles = () =>
    repo.filesOf(
      db,
      rows.map((row) => row.id),
    );
  // On the pool both reads go at once; inside a transaction they share its one connection, so one after the other.
  const [named, files] =
    db === deps.db ? await Promise.all([readOrders(), readFiles()]) : [await readOrders(), await readFiles()];
  return rows.map((row) => {
    const order = named.get(row.orderId);
    if (!order) throw new Error('the order of a dispute is gone');
    return disputeView(row, order, files.get(row.id) ?? [], deps.reference, language);
  });
}

async function oneView(deps: DisputeDeps, id: string, language: Language, db: Executor = deps.db): Promise<Dispute> {
  const row = await repo.findDispute(db, id);
  if (!row) throw new DomainError('not_found');
  const [view] = await viewsOf(deps, [row], language, db);
  if (!view) throw new DomainError('not_found');
  return view;
}

/** The webhook's note of the dispute (DESIGN §10: the order, and the dispute that moved it). */
const webhookDispute = (row: repo.DisputeRow, reference: ReferenceData, fiat: string) => ({
  uuid: row.id,
  reason: row.reason,
  status: row.status,
  resolved_fiat_amount:
    row.resolvedFiatAmountMinor === null
      ? null
      : formatAmount(row.resolvedFiatAmountMinor, reference.currencies.get(fiat)?.ratioFraction ?? 2),
});

/**
 * POST /dispute and POST /api/v1/orders/{guid}/dispute (DESIGN §12): a dispute on a paid order, or a canceled one an
 * executor had taken; one open per order. The evidence is checked by content and stored before the transaction; if
 * the transaction fails, what was stored is removed. The order shows `dispute` until the dispute closes.
 */
export async function openDispute(
  deps: DisputeDeps,
  opener: Opener,
  orderId: string,
  input: DisputeBody,
  language: Language,
): Promise<Dispute> {
  const evidence = input.files.map(readEvidence);
  const stored: { key: string; name: string; type: string; size: number }[] = [];
  const id = newId();
  let answered: Dispute | undefined;
  try {
    for (const file of evidence) {
      stored.push({ key: await deps.files.put(file.bytes), name: file.name, type: file.type, size: file.bytes.length });
    }
    await deps.db.transaction(async (tx) => {
      const order = await orders.lockOrderForChange(tx, orderId);
      if (!order || (opener.type === 'merchant' && order.merchantId !== opener.id)) throw new DomainError('not_found');
      if (order.status === 'dispute') throw new DomainError('dispute_exists');
      if (!canDispute(order)) throw new DomainError('dispute_not_allowed');
      const dispute = await repo.insertDispute(tx, {
        id,
        orderId,
        reason: input.reason,
        fields: {
          paid_amount: input.paid_amount ?? null,
          paid_at: input.paid_at ?? null,
          comment: input.comment || null,
        },
        orderStatusBefore: order.status,
        openedBy: opener.id,
      });
      await repo.insertFiles(
        tx,
        stored.map((file) => ({
          id: newId(),
          disputeId: id,
          storageKey: file.key,
          name: file.name,
          contentType: file.type,
          sizeBytes: file.size,
        })),
      );
      const kind = opener.payer ? 'payer' : opener.type === 'merchant' ? 'merchant' : 'admin';
      const actor: OrderActor = { kind, id: kind === 'payer' ? null : opener.id };
      await moveByDispute(deps, tx, {
        order,
        event: 'dispute_open',
        actor,
        note: 'dispute',
        dispute: webhookDispute(dispute, deps.reference, order.fiat),
      });
      if (deps.answerWith) {
        answered = await oneView(deps, id, language, tx);
        await deps.answerWith(tx, answered);
      }
    });
  } catch (error) {
    await Promise.all(stored.map((file) => deps.files.remove(file.key)));
    if (isUniqueViolation(error)) throw new DomainError('dispute_exists');
    throw error;
  }
  return answered ?? oneView(deps, id, language);
}

/**
 * What the payer's available balance lacks for `need`, taken from its insurance deposit (DESIGN §12: that is what
 * insurance is for). The accounts the resolution touches are locked first, so the balance read is the one posted on.
 */
async function insuranceTopUp(
  tx: Tx,
  payerId: string,
  need: bigint,
  touched: TransferSpec[],
  disputeId: string,
  referenceId: string,
  currency: string,
): Promise<TransferSpec[]> {
  const available = userAccount(payerId, 'available');
  const insurance = userAccount(payerId, 'insurance');
  const keys: AccountKey[] = [
    available,
    insurance,
    ...touched.flatMap((transfer) => [transfer.debit, transfer.credit]),
  ];
  const balances = await lockedBalances(tx, keys, currency);
  const shortfall = need - (balances.get(accountKeyText(available)) ?? 0n);
  if (shortfall <= 0n) return [];
  return [
    {
      id: derivedId(`dispute:${disputeId}:insurance`),
      code: 'dispute_insurance',
      debit: insurance,
      credit: available,
      amountMinor: shortfall,
      referenceId,
    },
  ];
}

/**
 * The money of a resolution: a canceled order is paid now (its hold taken again from the payer, then settled as any
 * paid order); a paid order whose amount was corrected moves each party's difference. Nothing else moves.
 */
async function resolutionTransfers(
  deps: DisputeDeps,
  tx: Tx,
  dispute: repo.DisputeRow,
  order: orders.OrderRow,
  target: orders.OrderRow,
): Promise<TransferSpec[]> {
  const payerId = payerOf(order);
  if (dispute.orderStatusBefore === 'canceled') {
    const charge: TransferSpec = {
      id: derivedId(`dispute:${dispute.id}:charge`),
      code: 'dispute_charge',
      debit: userAccount(payerId, 'available'),
      credit: userAccount(payerId, 'hold'),
      amountMinor: target.holdMinor,
      referenceId: order.id,
    };
    const settle = settlementTransfers(target, deps.reference);
    const topUp = await insuranceTopUp(
      tx,
      payerId,
      charge.amountMinor,
      [charge, ...settle],
      dispute.id,
      order.id,
      order.crypto,
    );
    return [...topUp, charge, ...settle];
  }
  if (target.fiatAmountMinor === order.fiatAmountMinor) return [];
  const { back, out } = adjustment(
    settlementTransfers(order, deps.reference),
    settlementTransfers(target, deps.reference),
    payerId,
    dispute.id,
    order.id,
  );
  const topUp = await insuranceTopUp(
    tx,
    payerId,
    sum(out) - sum(back),
    [...back, ...out],
    dispute.id,
    order.id,
    order.crypto,
  );
  return [...back, ...topUp, ...out];
}

/**
 * PUT /dispute/{uuid}/status (DESIGN §12): only an open dispute moves. Rejected restores the order's status; resolved
 * leaves the order paid — a canceled one settled now, a corrected amount settled by compensating transfers — all in
 * one transaction with the order's timeline, its events and the `dispute.closed` webhook.
 */
export async function closeDispute(
  deps: DisputeDeps,
  adminId: string,
  id: string,
  input: DisputeStatusUpdate,
  language: Language,
): Promise<Dispute> {
  if (input.status === 'rejected' && input.fiat_amount !== undefined) {
    throw new DomainError('validation_failed', { fiat_amount: ['disputes.errors.amount_with_resolved'] });
  }
  await deps.db.transaction(async (tx) => {
    const dispute = await repo.lockDispute(tx, id);
    if (!dispute) throw new DomainError('not_found');
    if (dispute.status !== 'open') throw new DomainError('dispute_status_conflict');
    const order = await orders.lockOrderForChange(tx, dispute.orderId);
    if (!order) throw new Error('the order of a dispute is gone');
    const actor: OrderActor = { kind: 'admin', id: adminId };
    const now = new Date();
    const rejected = input.status === 'rejected';
    const fraction = deps.reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
    const fiatMinor =
      rejected || input.fiat_amount === undefined ? order.fiatAmountMinor : parseAmount(input.fiat_amount, fraction);
    const target = fiatMinor === order.fiatAmountMinor ? order : withFiatAmount(order, fiatMinor, deps.reference);
    const closed = await repo.updateDispute(tx, id, {
      status: input.status,
      closedAt: now,
      closedBy: adminId,
      resolvedFiatAmountMinor: fiatMinor === order.fiatAmountMinor ? null : fiatMinor,
    });
    const announced = webhookDispute(closed, deps.reference, order.fiat);
    if (rejected) {
      await moveByDispute(deps, tx, {
        order,
        event: 'dispute_reject',
        actor,
        note: 'dispute rejected',
        dispute: announced,
      });
      return;
    }
    await moveByDispute(deps, tx, {
      order,
      event: 'dispute_resolve',
      actor,
      amounts: {
        fiatAmountMinor: target.fiatAmountMinor,
        cryptoAmountMinor: target.cryptoAmountMinor,
        holdMinor: target.holdMinor,
      },
      transfers: await resolutionTransfers(deps, tx, dispute, order, target),
      note: 'dispute resolved',
      dispute: announced,
    });
  });
  return oneView(deps, id, language);
}

/** The role paths of GET [/{role}]/dispute/: an admin every dispute, a merchant its orders', an executor its own. */
function scopeOf(viewer: Opener): repo.DisputeScope {
  if (viewer.type === 'admin') return { kind: 'all' };
  if (viewer.type === 'merchant') return { kind: 'merchant', merchantId: viewer.id };
  return { kind: 'executor', executorId: viewer.id };
}

type DisputeFilterQuery = Omit<DisputeListQuery, 'page' | 'count'>;

function filterOf(query: DisputeFilterQuery): repo.DisputeFilter {
  const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
  return { statuses: query['filter[status]'], orderId: query['filter[order_uuid]'], from, until };
}

export async function listDisputes(
  deps: DisputeDeps,
  viewer: Opener,
  query: DisputeListQuery,
  language: Language,
): Promise<ListData<Dispute>> {
  const { rows, count } = await repo.listDisputes(deps.db, scopeOf(viewer), filterOf(query), pageOf(query));
  return {
    items: await viewsOf(deps, rows, language),
    context: { available_filters: [], pagination: paginate(count.total, query, count.estimated) },
  };
}

/** GET /dispute/export.csv (DESIGN §13): the same list, whole, streamed in keyset chunks. */
export function exportDisputes(deps: DisputeDeps, viewer: Opener, query: DisputeFilterQuery, language: Language) {
  const scope = scopeOf(viewer);
  const filter = filterOf(query);
  async function* chunks() {
    for await (const rows of keysetChunks((after, size) => repo.disputeChunk(deps.db, scope, filter, after, size))) {
      yield await viewsOf(
        deps,
        rows.map((row) => row.dispute),
        language,
      );
    }
  }
  return csvStream(disputeCsvColumns, language, chunks());
}

/**
 * A dispute's file, only to an admin, the order's merchant and its executor (DESIGN §12); to anyone else it does not
 * exist.
 */
export async function readDisputeFile(deps: DisputeDeps, viewer: Opener, fileId: string) {
  const found = await repo.findFile(deps.db, fileId);
  const allowed =
    found &&
    (viewer.type === 'admin' ||
      (viewer.type === 'merchant' && found.merchantId === viewer.id) ||
      ((viewer.type === 'trader' || viewer.type === 'partner') && found.executorId === viewer.id));
  if (!found || !allowed) throw new DomainError('not_found');
  const bytes = await deps.files.read(found.file.storageKey);
  if (!bytes) throw new DomainError('not_found');
  return { bytes, name: found.file.name, contentType: found.file.contentType };
}
