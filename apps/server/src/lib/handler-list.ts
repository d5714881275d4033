import type { Executor } from '../db/client';

/** A handler of an announcement: runs in the announcer's transaction and returns what the announcer needs back. */
export type Handler<Event, Result> = (tx: Executor, event: Event) => Promise<Result>;

/**
 * A typed list of handlers through which a core module tells the modules at the edges what happened (DESIGN §17)
 * without importing them: each edge module's plugin subscribes when the app starts, and the core announces inside its
 * own transaction, so whatever a handler writes commits or rolls back with the change that caused it. Handlers run
 * one after another (one transaction is one connection), in the order they subscribed; subscribing the same handler
 * again (a second app in one process, as the tests build) changes nothing.
 */
export interface HandlerList<Event, Result = void> {
  subscribe(handler: Handler<Event, Result>): void;
  announce(tx: Executor, event: Event): Promise<Result[]>;
}

export function handlerList<Event, Result = void>(): HandlerList<Event, Result> {
  const handlers = new Set<Handler<Event, Result>>();
  return {
    subscribe(handler) {
      handlers.add(handler);
    },
    async announce(tx, event) {
      const results: Result[] = [];
      for (const handler of handlers) results.push(await handler(tx, event));
      return results;
    },
  };
}
