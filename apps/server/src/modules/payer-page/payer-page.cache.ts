import type { PageContext } from './payer-page.state';

/** How long a page's context may be shown without a word of a change: the net under the drops below. */
export const pageCacheMaxAgeMs = 30_000;
/** Pages kept at most; the oldest go first. */
export const pageCacheMaxEntries = 10_000;

export interface PageCache {
  /** The context of the page `token` opens, if kept and not older than the limit. */
  get(token: string, now?: number): PageContext | undefined;
  set(token: string, context: PageContext, now?: number): void;
  /** Forgets the pages of these orders: they moved, or their payer acted on them. */
  dropOrders(orderIds: Iterable<string>): void;
  size(): number;
  close(): void;
}

/** The caches of the apps running in this process (one in production; the tests build several). */
const live = new Set<PageCache>();

/** Forgets these orders' pages in every app of this process. */
export function dropOrdersEverywhere(orderIds: readonly string[]): void {
  for (const cache of live) cache.dropOrders(orderIds);
}

/**
 * What views of a payer's page read, kept in this process (DESIGN §20): the page's script asks for its status every
 * five seconds for as long as the payer keeps the page open, and each ask read the order again. An entry is dropped
 * when its order moves — in this process when the move commits (the orders' `order.moved` event), from any process
 * when the move's announcement arrives through the database — when the payer acts on the page, and once it is
 * `maxAgeMs` old whatever happened (a receipt or a setting changed in another process, an announcement missed while
 * the database's connection was down). The payer's actions never read it: they read the order in their transaction.
 */
export function createPageCache(maxAgeMs = pageCacheMaxAgeMs, maxEntries = pageCacheMaxEntries): PageCache {
  const byToken = new Map<string, { context: PageContext; at: number }>();
  const tokenOfOrder = new Map<string, string>();
  const forget = (token: string) => {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    tokenOfOrder.delete(entry.context.order.id);
  };
  const cache: PageCache = {
    get(token, now = Date.now()) {
      const entry = byToken.get(token);
      if (!entry) return undefined;
      if (now - entry.at >= maxAgeMs) {
        forget(token);
        return undefined;
      }
      return entry.context;
    },
    set(token, context, now = Date.now()) {
      forget(token);
      byToken.set(token, { context, at: now });
      tokenOfOrder.set(context.order.id, token);
      while (byToken.size > maxEntries) {
        const oldest = byToken.keys().next().value;
        if (oldest === undefined) break;
        forget(oldest);
      }
    },
    dropOrders(orderIds) {
      for (const orderId of orderIds) {
        const token = tokenOfOrder.get(orderId);
        if (token !== undefined) forget(token);
      }
    },
    size: () => byToken.size,
    close() {
      live.delete(cache);
      byToken.clear();
      tokenOfOrder.clear();
    },
  };
  live.add(cache);
  return cache;
}
