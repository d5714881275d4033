import { readFileSync } from 'node:fs';
import { orderStatuses } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import { type ActorKind, edgeOf, lifecycle, lifecycleDocument, type OrderEvent } from './lifecycle';

const events: OrderEvent[] = [
  'create',
  'payer_reported',
  'mark_paid',
  'take',
  'cancel',
  'expire',
  'dispute_open',
  'dispute_resolve',
  'dispute_reject',
];
const actors: ActorKind[] = ['merchant', 'payer', 'executor', 'admin', 'terminal', 'system'];
const past = new Date(Date.now() - 60_000);

describe('the lifecycle table (DESIGN §16)', () => {
  it('is what docs/order-lifecycle.md shows: the diagram is generated from it', () => {
    const committed = readFileSync(new URL('../../../../../docs/order-lifecycle.md', import.meta.url), 'utf8');
    expect(committed, 'run npm run docs:lifecycle --workspace apps/server').toBe(lifecycleDocument());
  });

  it('refuses every move that is not one of its edges with order_status_conflict', () => {
    let refused = 0;
    for (const type of ['pay_in', 'pay_out'] as const) {
      for (const status of orderStatuses) {
        for (const event of events) {
          for (const actor of actors) {
            for (const executorId of [null, 'someone']) {
              for (const statusBeforeDispute of [null, 'paid', 'canceled']) {
                const order = { type, status, executorId, statusBeforeDispute, expiresAt: past };
                const edges = lifecycle.filter(
                  (edge) =>
                    edge.type === type &&
                    edge.from === status &&
                    edge.event === event &&
                    edge.who.includes(actor) &&
                    (edge.guard?.holds(order, new Date()) ?? true),
                );
                expect(edges.length, `${type} ${status} ${event} ${actor}`).toBeLessThanOrEqual(1);
                if (edges.length === 0) {
                  refused += 1;
                  expect(() => edgeOf(order, event, actor)).toThrow(DomainError);
                } else expect(edgeOf(order, event, actor)).toBe(edges[0]);
              }
            }
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('pays out only from a hold, and only once per path: every path from creation settles or releases at most once', () => {
    // Walk every path of the graph from creation; along each, the money effects that spend the hold are one at most
    // before the order is final, and a dispute's resolution is the only way back to money once it is.
    for (const type of ['pay_in', 'pay_out'] as const) {
      const walk = (status: string | null, spent: number, seen: Set<string>) => {
        for (const edge of lifecycle.filter((candidate) => candidate.type === type && candidate.from === status)) {
          const key = `${edge.from}-${edge.event}-${edge.to}`;
          if (seen.has(key)) continue;
          const spends = edge.money === 'settle' || edge.money === 'release' ? 1 : 0;
          expect(spent + spends, `${type}: ${[...seen, key].join(' → ')}`).toBeLessThanOrEqual(1);
          walk(edge.to, spent + spends, new Set([...seen, key]));
        }
      };
      walk(null, 0, new Set());
    }
  });

  it('declares for every edge what it writes, and names an actor who may take it', () => {
    for (const edge of lifecycle) {
      expect(edge.who.length, `${edge.type} ${edge.event}`).toBeGreaterThan(0);
      // Paid orders carry when and by whom; canceled ones when; an order taken, by whom.
      if (edge.to === 'paid' && edge.from !== 'dispute') expect(edge.writes.paid).toBe('actor');
      if (edge.to === 'canceled' && edge.from !== 'dispute') expect(edge.writes.canceled).toBe(true);
      if (edge.event === 'take') expect(edge.writes.given).toContain('executorId');
      // A dispute remembers the status it left and forgets it when it closes.
      if (edge.to === 'dispute') expect(edge.writes.statusBeforeDispute).toBe('remember');
      if (edge.from === 'dispute') expect(edge.writes.statusBeforeDispute).toBe('forget');
      // The time to pay counts from creation and again when the payer reports.
      expect(Boolean(edge.writes.restartsExpiry), `${edge.type} ${edge.event}`).toBe(
        edge.event === 'create' || edge.event === 'payer_reported',
      );
    }
  });

  it('holds every order it creates, and takes a pay-out before it may be paid', () => {
    expect(lifecycle.filter((edge) => edge.event === 'create').map((edge) => [edge.type, edge.money, edge.to])).toEqual(
      [
        ['pay_in', 'hold', 'new'],
        ['pay_out', 'hold', 'new'],
      ],
    );
    const payOutNew = { type: 'pay_out', status: 'new', executorId: null, statusBeforeDispute: null, expiresAt: null };
    expect(() => edgeOf(payOutNew, 'mark_paid', 'executor')).toThrow(DomainError);
    expect(edgeOf({ ...payOutNew, status: 'in-progress' }, 'mark_paid', 'executor').money).toBe('settle');
    // Only an expired order expires.
    const payIn = { ...payOutNew, type: 'pay_in', expiresAt: new Date(Date.now() + 60_000) };
    expect(() => edgeOf(payIn, 'expire', 'system')).toThrow(DomainError);
  });
});
