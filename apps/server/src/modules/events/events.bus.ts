import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { deferNotices } from '../../db/deferred';
import { countOrderAnnouncements } from '../../lib/metrics';

/** The one channel every server process listens on (DESIGN §1: events cross processes through PostgreSQL). */
export const eventsChannel = 'paydesk_events';

/** A message for one user's open sockets (SPEC §7 real-time: `type` and `message`). */
export interface UserEvent {
  userId: string;
  type: string;
  message: string;
}

/** SPEC §3 Deposit message: its type contains "added", and the web shows a Deposit toast. */
export const depositAddedType = 'deposit.added';
/** The audience of events every admin's socket hears (new orders and order changes). */
export const adminsAudience = 'admins';

/** A balance changed for another reason (a withdrawal requested, accepted, sent or returned). */
export const balanceChangedType = 'balance.changed';

/**
 * Queues an event inside the caller's transaction. PostgreSQL hands it to every listening process when the
 * transaction commits, and drops it when it rolls back, so a client never hears of money that did not move.
 */
export async function publishEvent(tx: Executor, event: UserEvent): Promise<void> {
  await deferNotices(tx, eventsChannel, [JSON.stringify(event)]);
}

/** User ids per notification: with a short message, well within PostgreSQL's 8000-byte payload. */
const idsPerNotification = 150;

/** One event for many users: an order's merchant, executor, the admins, the executors who may take it. */
export interface EventForMany {
  userIds: Iterable<string>;
  type: string;
  /** Short: the users' ids and the message share a notification. */
  message: string;
}

/**
 * The same event for many users, in as few notifications as fit, in the caller's transaction like `publishEvent`.
 * The message must be short.
 */
export async function publishEventToMany(
  tx: Executor,
  userIds: Iterable<string>,
  type: string,
  message: string,
): Promise<void> {
  await publishEvents(tx, [{ userIds, type, message }]);
}

/** Many events for many users (the orders of one batch), each in as few notifications as fit, sent with the writes. */
export async function publishEvents(tx: Executor, events: EventForMany[]): Promise<void> {
  countOrderAnnouncements(tx, events);
  const payloads: string[] = [];
  for (const { userIds, type, message } of events) {
    const unique = [...new Set(userIds)];
    for (let start = 0; start < unique.length; start += idsPerNotification) {
      payloads.push(JSON.stringify({ userIds: unique.slice(start, start + idsPerNotification), type, message }));
    }
  }
  // Sent with the transaction's deferred writes, in one statement, when its work is done (db/deferred.ts).
  await deferNotices(tx, eventsChannel, payloads);
}

type Handler = (event: UserEvent) => void;

function parseEvents(payload: string): UserEvent[] | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { userId, userIds, type, message } = value as Record<string, unknown>;
    if (typeof type !== 'string' || typeof message !== 'string') return null;
    if (typeof userId === 'string') return [{ userId, type, message }];
    if (!Array.isArray(userIds) || !userIds.every((id) => typeof id === 'string')) return null;
    return userIds.map((id: string) => ({ userId: id, type, message }));
  } catch {
    return null;
  }
}

/** This process's side of the channel: it listens once and hands each event to the sockets of its user. */
export function createEventHub(database: Database, log: FastifyBaseLogger) {
  const handlers = new Map<string, Set<Handler>>();
  const everyEvent = new Set<Handler>();
  let unlisten: (() => Promise<void>) | null = null;

  function deliver(payload: string) {
    const events = parseEvents(payload);
    if (!events) {
      log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed event');
      return;
    }
    for (const event of events) {
      for (const handler of [...everyEvent, ...(handlers.get(event.userId) ?? [])]) {
        try {
          handler(event);
        } catch (error) {
          log.warn({ err: error }, 'event handler failed');
        }
      }
    }
  }

  return {
    async start() {
      unlisten ??= await database.listen(eventsChannel, deliver);
    },
    /** Hears every user's events (what this process keeps of a user is stale once one arrives). */
    subscribeAll(handler: Handler): () => void {
      everyEvent.add(handler);
      return () => everyEvent.delete(handler);
    },
    subscribe(userId: string, handler: Handler): () => void {
      const set = handlers.get(userId) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(userId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(userId);
      };
    },
    async close() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
