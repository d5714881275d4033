import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { publishEvents } from '../events/events.module';
import { enqueueJobs, type NewJob } from '../jobs/jobs.module';
import { postTransfers, type TransferSpec } from '../ledger/ledger.module';
import type { ReferenceData } from '../reference/reference.read';
import { announcements, expiryOf, historyOf, type OrderActor, takersOf } from './announce';
import { type Edge, edgeOf, isOpen, type OrderEvent } from './lifecycle';
import { announceChecks, announceWebhooks, type WebhookOptions } from './order-news';
import * as repo from './orders.repository';
import { releaseTransfer, settlementTransfers } from './settlement';

export interface OrderDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
  /**
   * The engine's clock: every time it writes (an order's times, its timeline, its transfers) and every "now" it decides
   * by. Unset is the wall clock; demo mode sets it to make its month of history through the engine.
   */
  now?: () => Date;
  /**
   * What the caller commits with an order it creates or moves, in the same transaction before the money: the API's
   * Idempotency-Key and its answer (issue 20, R2). Throwing rolls the change back.
   */
  commitWith?: (tx: Tx, order: repo.OrderRow) => Promise<void>;
}

/** The time by the engine's clock (`OrderDeps.now`). */
export const engineTime = (deps: Pick<OrderDeps, 'now'>): Date => deps.now?.() ?? new Date();

/** One order moving along an edge of the lifecycle, locked by the caller's transaction. */
export interface Move {
  order: repo.OrderRow;
  event: OrderEvent;
  actor: OrderActor;
  /** What else changes on the order with this move (a pay-out's executor when taken, a new expiry). */
  changes?: Partial<repo.NewOrder>;
  /** A line for the timeline. */
  note?: string;
  /** A dispute's resolution: the transfers it computed (the edge's money is `resolution`). */
  transfers?: TransferSpec[];
  /** What the edge's webhook carries besides the order (the dispute of a dispute edge). */
  webhook?: WebhookOptions;
}

/** JSON of the columns a move sets, to move alike orders in one statement. */
const setKey = (set: Partial<repo.NewOrder>) =>
  JSON.stringify(set, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

function columnsOf(move: Move, edge: Edge, now: Date): Partial<repo.NewOrder> {
  return {
    updatedAt: now,
    ...move.changes,
    status: edge.to,
    ...(move.event === 'mark_paid' ? { paidAt: now, paidBy: move.actor.kind } : {}),
    ...(move.event === 'cancel' || move.event === 'expire' ? { canceledAt: now } : {}),
  };
}

/** The orders' rows as they are after the moves, in the moves' order: alike changes in one statement each. */
async function updateRows(tx: Tx, moves: Move[], edges: Edge[], now: Date): Promise<repo.OrderRow[]> {
  const groups = new Map<string, { set: Partial<repo.NewOrder>; ids: string[] }>();
  moves.forEach((move, index) => {
    const set = columnsOf(move, edges[index] as Edge, now);
    const key = setKey(set);
    const group = groups.get(key) ?? { set, ids: [] };
    group.ids.push(move.order.id);
    groups.set(key, group);
  });
  const byId = new Map<string, repo.OrderRow>();
  for (const { set, ids } of groups.values()) {
    for (const row of await repo.updateOrders(tx, ids, set)) byId.set(row.id, row);
  }
  return moves.map((move) => {
    const after = byId.get(move.order.id);
    if (!after) throw new Error('an order moved is gone');
    return after;
  });
}

/** The money of each move by its edge (DESIGN §5): settlements, releases and resolutions, per currency. */
function moneyOf(moves: Move[], edges: Edge[], after: repo.OrderRow[], reference: ReferenceData) {
  const byCurrency = new Map<string, TransferSpec[]>();
  moves.forEach((move, index) => {
    const edge = edges[index] as Edge;
    const moved = after[index] as repo.OrderRow;
    const transfers =
      edge.money === 'settle'
        ? settlementTransfers(moved, reference)
        : edge.money === 'release'
          ? [releaseTransfer(move.order)]
          : edge.money === 'resolution'
            ? (move.transfers ?? [])
            : [];
    byCurrency.set(move.order.crypto, [...(byCurrency.get(move.order.crypto) ?? []), ...transfers]);
  });
  return byCurrency;
}

/**
 * Moves locked orders along their edges in the caller's transaction (DESIGN §16): each move checked against the
 * lifecycle table (an edge that is not there is a 409 and moves nothing), then for all of them together the rows,
 * the timeline, the webhooks and the jobs, the real-time notes and, last, the money — one ledger statement, so the
 * shared accounts it credits are held only from there to the commit. Returns the orders as they are now.
 */
export async function moveLockedOrders(
  deps: OrderDeps,
  tx: Tx,
  moves: Move[],
  now = engineTime(deps),
  beforeMoney?: (after: repo.OrderRow[]) => Promise<void>,
) {
  if (moves.length === 0) return [];
  const edges = moves.map((move) => edgeOf(move.order, move.event, move.actor.kind, now));
  const after = await updateRows(tx, moves, edges, now);
  await repo.insertEvents(
    tx,
    moves.map((move, index) =>
      historyOf(move.order, move.order.status, (edges[index] as Edge).to, move.actor, move.note, now),
    ),
  );
  const jobs: NewJob[] = [];
  // Webhooks of one type go out together; a dispute's carry the dispute, one by one.
  const plain = new Map<string, repo.OrderRow[]>();
  for (const [index, move] of moves.entries()) {
    const type = (edges[index] as Edge).webhook;
    if (!type) continue;
    if (move.webhook)
      jobs.push(...(await announceWebhooks(tx, deps.reference, [after[index] as repo.OrderRow], type, move.webhook)));
    else plain.set(type, [...(plain.get(type) ?? []), after[index] as repo.OrderRow]);
  }
  for (const [type, rows] of plain) {
    jobs.push(...(await announceWebhooks(tx, deps.reference, rows, type as NonNullable<Edge['webhook']>)));
  }
  moves.forEach((move, index) => {
    const moved = after[index] as repo.OrderRow;
    const restarted = moved.expiresAt && moved.expiresAt.getTime() !== move.order.expiresAt?.getTime();
    if (restarted && isOpen(moved.status)) jobs.push(expiryOf(moved.id, moved.expiresAt as Date));
  });
  // The anti-fraud rules look at orders canceled after an executor had them (DESIGN §13).
  const canceled = moves.filter(
    (move, index) =>
      (edges[index] as Edge).to === 'canceled' && move.event !== 'dispute_reject' && move.order.executorId,
  );
  if (canceled.length > 0)
    jobs.push(
      ...(await announceChecks(
        tx,
        canceled.map((move) => move.order.id),
        'canceled',
      )),
    );
  if (jobs.length > 0) await enqueueJobs(tx, jobs);
  // A pay-out taken or gone is news to every executor who could have taken it.
  const takers = new Map<string, string[]>();
  for (const { order } of moves) {
    if (order.type === 'pay_out' && order.status === 'new' && !takers.has(order.flowId)) {
      takers.set(order.flowId, await takersOf(tx, order.flowId));
    }
  }
  await publishEvents(
    tx,
    moves.flatMap((move, index) =>
      announcements(
        after[index] as repo.OrderRow,
        'order.updated',
        move.order.type === 'pay_out' && move.order.status === 'new' ? takers.get(move.order.flowId) : [],
      ),
    ),
  );
  await beforeMoney?.(after);
  // The money last (DESIGN §16).
  for (const [crypto, transfers] of moneyOf(moves, edges, after, deps.reference)) {
    await postTransfers(tx, transfers, crypto, now);
  }
  return after;
}
