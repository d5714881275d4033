import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { OrderActor } from './announce';
import { edgeOf, type OrderEvent } from './lifecycle';
import { engineTime, type Move, moveLockedOrders, type OrderDeps } from './move';
import * as repo from './orders.repository';

/** A request to move one order, as a use case makes it. */
export interface MoveRequest {
  id: string;
  event: OrderEvent;
  actor: OrderActor;
  /** Checks the locked order before it moves (whose it is, say), throwing a DomainError to refuse. */
  check?: (order: repo.OrderRow) => void;
  /** The columns the use case supplies, only those its edge names. */
  changes?: Move['changes'];
  note?: string;
}

interface Pending {
  deps: OrderDeps;
  request: MoveRequest;
  resolve: (row: repo.OrderRow) => void;
  reject: (error: unknown) => void;
}

type Outcome = { row: repo.OrderRow } | { refused: unknown };

/** Most moves in one transaction. */
const maxGroup = 64;

/**
 * Group commit of order moves (DESIGN §16): the moves that arrive while a group is committing wait for the next one,
 * and each group is one transaction — the orders locked in id order, each checked on its own (a refused one leaves the
 * group with its own answer, the others go on), then moved together by `moveLockedOrders`, whose one ledger statement
 * holds the shared accounts (the merchant's, the platform's) once for the whole group and only through the commit.
 * Each caller gets its own answer after the commit. A group that fails as a whole (a database error, not a refusal)
 * is tried again move by move, so one bad move fails alone.
 */
function createGroupCommit(db: Db, concurrency: number) {
  const queue: Pending[] = [];
  let running = 0;

  function drain() {
    while (running < concurrency && queue.length > 0) {
      const group = nextGroup(queue);
      running += 1;
      void runGroup(db, group).finally(() => {
        running -= 1;
        drain();
      });
    }
  }

  return {
    submit(deps: OrderDeps, request: MoveRequest): Promise<repo.OrderRow> {
      return new Promise((resolve, reject) => {
        queue.push({ deps, request, resolve, reject });
        // The moves of this tick join the group before it starts.
        queueMicrotask(drain);
      });
    },
  };
}

/**
 * The next group, taken off the queue: in arrival order, one move per order (a second move of the same order waits its
 * turn).
 */
function nextGroup(queue: Pending[]): Pending[] {
  const group: Pending[] = [];
  const ids = new Set<string>();
  for (let index = 0; index < queue.length && group.length < maxGroup; ) {
    const pending = queue[index] as Pending;
    if (ids.has(pending.request.id)) {
      index += 1;
      continue;
    }
    ids.add(pending.request.id);
    group.push(pending);
    queue.splice(index, 1);
  }
  return group;
}

/** Commits a group and answers each of its moves; a group that fails as a whole is tried again move by move. */
async function runGroup(db: Db, group: Pending[]) {
  try {
    const outcomes = await commitGroup(db, group);
    for (const [index, pending] of group.entries()) answer(pending, outcomes[index]);
  } catch (error) {
    if (group.length === 1) {
      (group[0] as Pending).reject(error);
      return;
    }
    for (const pending of group) {
      await commitGroup(db, [pending]).then(
        ([outcome]) => answer(pending, outcome),
        (alone: unknown) => pending.reject(alone),
      );
    }
  }
}

/** Answers a move's caller with its order as moved, or with what refused it. */
const answer = (pending: Pending, outcome: Outcome | undefined) => {
  if (outcome && 'row' in outcome) pending.resolve(outcome.row);
  else pending.reject(outcome?.refused ?? new Error('a move of a group got no answer'));
};

/** One group's transaction: its orders locked, each move checked on its own, the rest moved together. */
async function commitGroup(db: Db, group: Pending[]): Promise<Outcome[]> {
  const deps = (group[0] as Pending).deps;
  return db.transaction(async (tx) => {
    const locked = new Map(
      (await repo.lockOrders(tx, [...new Set(group.map((pending) => pending.request.id))])).map((row) => [row.id, row]),
    );
    const now = engineTime(deps);
    const outcomes: Outcome[] = [];
    const moves: Move[] = [];
    const moving: number[] = [];
    for (const [index, { request }] of group.entries()) {
      const order = locked.get(request.id);
      try {
        if (!order) throw new DomainError('not_found');
        request.check?.(order);
        edgeOf(order, request.event, request.actor.kind, now);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = { refused: error };
        continue;
      }
      moves.push({ order, event: request.event, actor: request.actor, changes: request.changes, note: request.note });
      moving.push(index);
    }
    // The group's transaction reads no order after the moves: their rows go with its other writes, at its end.
    const moved = await moveLockedOrders(deps, tx, moves, {
      now,
      rowsAtEnd: true,
      beforeMoney: async (after) => {
        for (const [position, index] of moving.entries()) {
          await (group[index] as Pending).deps.commitWith?.(tx, after[position] as repo.OrderRow);
        }
      },
    });
    moving.forEach((index, position) => {
      outcomes[index] = { row: moved[position] as repo.OrderRow };
    });
    return outcomes;
  });
}

type GroupCommit = ReturnType<typeof createGroupCommit>;

/** One group commit per database handle, that is per process (PGlite: one connection, one group at a time). */
const groups = new WeakMap<Db, GroupCommit>();

/**
 * Moves one order along an edge of the lifecycle (DESIGN §16): through the process's group commit, in a transaction
 * with the moves that arrive at the same time. Answers the order as it is after the move, or the DomainError that
 * refused it (`not_found`, `order_status_conflict`, or the request's own check).
 */
export function moveOrder(deps: OrderDeps, request: MoveRequest): Promise<repo.OrderRow> {
  let group = groups.get(deps.db);
  if (!group) {
    // On PostgreSQL a few groups commit side by side (their ledger statements queue on the shared accounts, the rest
    // of their work overlaps); PGlite is one connection.
    group = createGroupCommit(deps.db, deps.config.DATABASE_URL ? 4 : 1);
    groups.set(deps.db, group);
  }
  return group.submit(deps, request);
}
