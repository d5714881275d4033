import type { OrderType } from '@paydesk/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { publishEvents } from '../events/events.module';
import { enqueueJobs, type NewJob } from '../jobs/jobs.module';
import { postTransfersAtEnd, type TransferSpec } from '../ledger/ledger.module';
import type { ReferenceData } from '../reference/reference.read';
import { announcements, expiryOf, historyOf, type OrderActor, takersOf } from './announce';
import {
  type CheckAnnounced,
  creationEdge,
  type Edge,
  edgeOf,
  type GivenColumn,
  isOpen,
  type OrderEvent,
} from './lifecycle';
import { announceChecks, announceMoved, announceWebhooks, type WebhookOptions } from './order-news';
import * as repo from './orders.repository';
import { holdTransfer, releaseTransfer, settlementTransfers } from './settlement';

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
  /** The columns the use case supplies, only those the edge names (`EdgeWrites.given`): the executor that takes. */
  changes?: Partial<Pick<repo.NewOrder, GivenColumn>>;
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

/** The time to pay of an order of this type (DESIGN §5), counted from `from`. */
export function expiryFrom(config: Config, type: string, from: Date): Date {
  const seconds = type === 'pay_in' ? config.ORDER_PAY_IN_TTL_SECONDS : config.ORDER_PAY_OUT_TTL_SECONDS;
  return new Date(from.getTime() + seconds * 1000);
}

/**
 * The columns a move writes: its edge's status and what the edge declares it writes, with the columns the use case
 * supplied only where the edge names them. Anything else is a bug in the caller, refused before anything is written.
 */
export function columnsOf(move: Move, edge: Edge, now: Date, config: Config): Partial<repo.NewOrder> {
  const { writes } = edge;
  const given = Object.keys(move.changes ?? {}).filter(
    (column) => !(writes.given ?? []).includes(column as GivenColumn),
  );
  if (given.length > 0) throw new Error(`the ${edge.event} edge does not write ${given.join(', ')}`);
  return {
    updatedAt: now,
    ...move.changes,
    status: edge.to,
    ...(writes.paid ? { paidAt: now, paidBy: writes.paid === 'actor' ? move.actor.kind : writes.paid } : {}),
    ...(writes.canceled ? { canceledAt: now } : {}),
    ...(writes.taken ? { takenAt: now } : {}),
    ...(writes.restartsExpiry ? { expiresAt: expiryFrom(config, move.order.type, now) } : {}),
    ...(writes.statusBeforeDispute
      ? { statusBeforeDispute: writes.statusBeforeDispute === 'remember' ? move.order.status : null }
      : {}),
  };
}

/**
 * The orders' rows as they are after the moves, in the moves' order: alike changes in one statement each. With
 * `atEnd`, the rows are the locked ones with the changes applied, and the updates go with the transaction's deferred
 * writes (db/deferred.ts), for a caller whose transaction reads no order after the move (the group commit).
 */
async function updateRows(
  tx: Tx,
  config: Config,
  moves: Move[],
  edges: Edge[],
  now: Date,
  atEnd = false,
): Promise<repo.OrderRow[]> {
  const groups = new Map<string, { set: Partial<repo.NewOrder>; ids: string[] }>();
  moves.forEach((move, index) => {
    const set = columnsOf(move, edges[index] as Edge, now, config);
    const key = setKey(set);
    const group = groups.get(key) ?? { set, ids: [] };
    group.ids.push(move.order.id);
    groups.set(key, group);
  });
  if (atEnd) {
    for (const { set, ids } of groups.values()) await repo.updateOrdersAtEnd(tx, ids, set);
    return moves.map((move, index) => ({ ...move.order, ...columnsOf(move, edges[index] as Edge, now, config) }));
  }
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

/** The checks the moves' edges ask of anti-fraud (DESIGN §13), one announcement per kind. */
async function checksOf(tx: Tx, moves: Move[], edges: Edge[]): Promise<NewJob[]> {
  const byKind = new Map<CheckAnnounced, string[]>();
  moves.forEach((move, index) => {
    const kind = (edges[index] as Edge).checks;
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), move.order.id]);
  });
  const jobs: NewJob[] = [];
  for (const [kind, ids] of byKind) jobs.push(...(await announceChecks(tx, ids, kind)));
  return jobs;
}

export interface MoveOptions {
  /** The engine's time of the moves (`engineTime` when absent). */
  now?: Date;
  /** What the caller writes with the moved orders, before the money. */
  beforeMoney?: (after: repo.OrderRow[]) => Promise<void>;
  /** The orders' rows are written with the transaction's deferred writes: nothing reads an order after the moves. */
  rowsAtEnd?: boolean;
}

/**
 * Moves locked orders along their edges in the caller's transaction (DESIGN §16): each move checked against the
 * lifecycle table (an edge that is not there is a 409 and moves nothing), then for all of them together the rows,
 * the timeline, the webhooks and the jobs, the real-time notes and, last, the money — one ledger statement, so the
 * shared accounts it credits are held only from there to the commit. Returns the orders as they are now.
 */
export async function moveLockedOrders(deps: OrderDeps, tx: Tx, moves: Move[], options: MoveOptions = {}) {
  if (moves.length === 0) return [];
  const { now = engineTime(deps), beforeMoney } = options;
  const edges = moves.map((move) => edgeOf(move.order, move.event, move.actor.kind, now));
  const after = await updateRows(tx, deps.config, moves, edges, now, options.rowsAtEnd);
  await announceMoved(
    tx,
    after.map((order) => order.id),
  );
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
  after.forEach((moved, index) => {
    if ((edges[index] as Edge).writes.restartsExpiry && isOpen(moved.status) && moved.expiresAt)
      jobs.push(expiryOf(moved.id, moved.expiresAt));
  });
  jobs.push(...(await checksOf(tx, moves, edges)));
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
    await postTransfersAtEnd(tx, transfers, crypto, now);
  }
  return after;
}

/** A new order as its use case priced and matched it: every column but those the creation edge writes. */
export type NewOrderRow = Omit<repo.NewOrder, 'type' | 'status' | 'expiresAt' | 'createdAt' | 'updatedAt'> & {
  type: OrderType;
};

export interface CreationMove {
  row: NewOrderRow;
  actor: OrderActor;
  /** Who else hears of it in real time (a pay-out's takers). */
  also?: readonly string[];
  /** The merchants who switched `order.created` off, read with the order's context. */
  merchantsOff?: ReadonlySet<string>;
}

/**
 * Creates an order along its type's creation edge (DESIGN §5, §16), in the caller's transaction, as `moveLockedOrders`
 * moves one: the row with the edge's status and time to pay, the timeline's first line, the edge's webhook, expiry
 * job and anti-fraud check (of a pay-in with a payer), the real-time notes, what the caller commits with it, and the
 * edge's money last.
 */
export async function createLockedOrder(
  deps: OrderDeps,
  tx: Tx,
  creation: CreationMove,
  now = engineTime(deps),
): Promise<repo.OrderRow> {
  const edge = creationEdge(creation.row.type);
  if (!edge.who.includes(creation.actor.kind)) throw new Error(`${creation.actor.kind} may not create orders`);
  const order = await repo.insertOrderAtEnd(tx, {
    ...creation.row,
    status: edge.to,
    expiresAt: edge.writes.restartsExpiry ? expiryFrom(deps.config, creation.row.type, now) : null,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertEvents(tx, [historyOf(order, null, order.status, creation.actor, undefined, now)]);
  const checked = edge.checks && (edge.checks !== 'created' || order.clientId);
  await enqueueJobs(tx, [
    ...(edge.webhook
      ? await announceWebhooks(tx, deps.reference, [order], edge.webhook, {
          ...(creation.merchantsOff ? { merchantsOff: creation.merchantsOff } : {}),
        })
      : []),
    ...(order.expiresAt ? [expiryOf(order.id, order.expiresAt)] : []),
    ...(checked && edge.checks ? await announceChecks(tx, [order.id], edge.checks) : []),
  ]);
  await publishEvents(tx, announcements(order, 'order.created', creation.also));
  await deps.commitWith?.(tx, order);
  if (edge.money === 'hold') await postTransfersAtEnd(tx, [holdTransfer(order)], order.crypto, now);
  return order;
}
