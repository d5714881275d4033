import { describe, expect, it } from 'vitest';
import { createPageCache, dropOrdersEverywhere } from './payer-page.cache';
import type { PageContext } from './payer-page.state';

const contextOf = (orderId: string) => ({ order: { id: orderId } }) as unknown as PageContext;

describe('the pages a process keeps', () => {
  it('answers a kept page until it is as old as the limit, then reads it again', () => {
    const cache = createPageCache(30_000, 10);
    cache.set('t1', contextOf('o1'), 1_000);
    expect(cache.get('t1', 30_999)?.order.id).toBe('o1');
    expect(cache.get('t1', 31_000)).toBeUndefined();
    expect(cache.size()).toBe(0);
    cache.close();
  });

  it('forgets the pages of orders that moved, here or in every app of the process', () => {
    const one = createPageCache(30_000, 10);
    const two = createPageCache(30_000, 10);
    one.set('t1', contextOf('o1'), 0);
    one.set('t2', contextOf('o2'), 0);
    two.set('t3', contextOf('o3'), 0);
    one.dropOrders(['o1']);
    expect(one.get('t1', 1)).toBeUndefined();
    expect(one.get('t2', 1)?.order.id).toBe('o2');
    dropOrdersEverywhere(['o2', 'o3']);
    expect(one.get('t2', 1)).toBeUndefined();
    expect(two.get('t3', 1)).toBeUndefined();
    one.close();
    two.close();
  });

  it('keeps at most its limit of pages, dropping the oldest first', () => {
    const cache = createPageCache(30_000, 2);
    cache.set('t1', contextOf('o1'), 0);
    cache.set('t2', contextOf('o2'), 0);
    cache.set('t3', contextOf('o3'), 0);
    expect(cache.size()).toBe(2);
    expect(cache.get('t1', 1)).toBeUndefined();
    expect(cache.get('t3', 1)?.order.id).toBe('o3');
    // A dropped order whose page was evicted changes nothing else.
    cache.dropOrders(['o1']);
    expect(cache.size()).toBe(2);
    cache.close();
  });
});
