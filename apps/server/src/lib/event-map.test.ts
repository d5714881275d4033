import { describe, expect, it } from 'vitest';
import { neededSubscribers } from '../app-events';
import type { Executor } from '../db/client';
import { eventMap } from './event-map';

interface TestEvents {
  'order.paid': { payload: { orderId: string }; result: string[] };
  'user.blocked': { payload: { userId: string }; result: undefined };
}

const tx = {} as Executor;

describe('eventMap', () => {
  it('hands each announcement to its subscribers in the order they subscribed, and returns what each answered', async () => {
    const events = eventMap<TestEvents>();
    const heard: string[] = [];
    events.on('order.paid', 'webhooks', async (_tx, { orderId }) => {
      heard.push(`webhooks ${orderId}`);
      return ['job-1'];
    });
    events.on('order.paid', 'anti-fraud', async (_tx, { orderId }) => {
      heard.push(`anti-fraud ${orderId}`);
      return ['job-2', 'job-3'];
    });
    expect(await events.announce(tx, 'order.paid', { orderId: 'o1' })).toEqual([['job-1'], ['job-2', 'job-3']]);
    expect(heard).toEqual(['webhooks o1', 'anti-fraud o1']);
    expect(await events.announce(tx, 'user.blocked', { userId: 'u1' })).toEqual([]);
  });

  it('keeps one subscription for a subscriber that subscribes again (a second app in one process)', async () => {
    const events = eventMap<TestEvents>();
    let calls = 0;
    const subscriber = async () => {
      calls++;
      return [];
    };
    events.on('order.paid', 'webhooks', subscriber);
    events.on('order.paid', 'webhooks', subscriber);
    await events.announce(tx, 'order.paid', { orderId: 'o1' });
    expect(calls).toBe(1);
    expect(events.subscribersOf('order.paid')).toEqual(['webhooks']);
  });

  it('refuses to start without a subscriber the app needs, naming each one missing', () => {
    const events = eventMap<TestEvents>();
    events.on('order.paid', 'webhooks', async () => []);
    const needs = { 'order.paid': ['webhooks', 'anti-fraud'], 'user.blocked': ['auth'] } as const;
    expect(() => events.assertSubscribed(needs)).toThrow(
      'events without the subscribers the app needs: order.paid (anti-fraud), user.blocked (auth)',
    );
    events.on('order.paid', 'anti-fraud', async () => []);
    events.on('user.blocked', 'auth', async () => undefined);
    expect(() => events.assertSubscribed(needs)).not.toThrow();
  });

  it("names a needed subscriber for every one of the app's events", () => {
    for (const [name, modules] of Object.entries(neededSubscribers)) expect(modules.length, name).toBeGreaterThan(0);
  });
});
