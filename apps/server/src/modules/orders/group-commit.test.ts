import { apiOrderCreateSchema } from '@paydesk/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';
import { selectRows } from '../../db/client';
import type { DomainError } from '../../lib/errors';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { moveOrder } from './group-commit';
import { cancelByMerchant, createOrder, markPaidByExecutor } from './orders.service';
import { orders } from './orders.table';

/**
 * Group commit (DESIGN §16): settlements that arrive together are one transaction, each order checked on its own — a
 * refused one leaves the group with its own answer and the others settle — and a group that fails as a whole is
 * tried again order by order, so only the bad one fails.
 */
let ctx: TestContext;
let world: OrderWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await orderWorld(ctx);
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.app.db, config: ctx.config, reference: ctx.app.reference });

async function payIns(count: number, from: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const order = await createOrder(
      deps(),
      world.merchant.id,
      apiOrderCreateSchema.parse(payIn(String(from + index))),
      'en',
    );
    ids.push(order.id);
  }
  return ids;
}

const settledCount = async (ids: string[]) =>
  (
    await selectRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from ledger_transfers
          where reference_id = any(${sql.param(ids)}::uuid[]) and code = 'order_settle'`,
    )
  )[0]?.n;

describe('group commit of settlements (DESIGN §16)', () => {
  it('settles a group in one transaction and answers a refused order on its own', async () => {
    const ids = await payIns(6, 4100);
    const canceled = ids[2] as string;
    await cancelByMerchant(deps(), world.merchant.id, canceled);
    const outcomes = await Promise.allSettled(ids.map((id) => markPaidByExecutor(deps(), world.trader.id, id)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as DomainError).code).toBe('order_status_conflict');
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const rows = await ctx.app.db.select().from(orders).where(inArray(orders.id, ids));
    const paid = rows.filter((row) => row.status === 'paid');
    expect(paid).toHaveLength(5);
    // One transaction: one moment for all of them.
    expect(new Set(paid.map((row) => row.paidAt?.toISOString())).size).toBe(1);
    expect(rows.find((row) => row.id === canceled)?.status).toBe('canceled');
    expect(await settledCount(ids)).toBe(5);
    expect((await reconcileLedger(ctx.app.db)).ok).toBe(true);
  });

  it('tries a group that failed as a whole again order by order, so only the bad one fails', async () => {
    const ids = await payIns(4, 4200);
    const bad = ids[1] as string;
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        moveOrder(deps(), {
          id,
          event: 'mark_paid',
          actor: { kind: 'executor', id: world.trader.id },
          check: () => {
            // Not a refusal: something broke while checking this one.
            if (id === bad) throw new Error('broken check');
          },
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(((outcomes[1] as PromiseRejectedResult).reason as Error).message).toBe('broken check');
    const [left] = await ctx.app.db.select().from(orders).where(eq(orders.id, bad));
    expect(left?.status).toBe('new');
    expect(await settledCount(ids)).toBe(3);
    expect((await reconcileLedger(ctx.app.db)).ok).toBe(true);
  });

  it('answers the second of two moves of one order after the first, never both', async () => {
    const [id] = await payIns(1, 4300);
    const outcomes = await Promise.allSettled([
      markPaidByExecutor(deps(), world.trader.id, id as string),
      markPaidByExecutor(deps(), world.trader.id, id as string),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(await settledCount([id as string])).toBe(1);
  });
});
