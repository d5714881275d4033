import { apiOrderCreateSchema, USDT } from '@paydesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut, readyTrader } from '../../../test/orders-fixture';
import { selectRows } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { closeDispute, openDispute } from '../disputes/disputes.service';
import { disputes } from '../disputes/disputes.table';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { edgeOf, lifecycle, type OrderEvent } from './lifecycle';
import {
  cancelByAdmin,
  cancelByMerchant,
  confirmPayIn,
  createOrder,
  expireOrder,
  markPaidByExecutor,
  takePayOut,
} from './orders.service';
import { orderEvents, orders } from './orders.table';

/**
 * The lifecycle as a property (DESIGN §16): random events, from random parties, against random orders, through the
 * engine's own use cases. Whatever happens, money is conserved (the ledger reconciles and the world's accounts sum to
 * what they held), no order settles twice, every order's timeline is a walk along the table's edges, and a move the
 * table does not have is refused without a trace.
 */
let ctx: TestContext;
let world: OrderWorld;
let stranger: Awaited<ReturnType<typeof readyTrader>>;
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  stranger = await readyTrader(ctx, { flowId: world.flowId, funds: '500' });
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.app.db, config: ctx.config, reference: ctx.app.reference, files: ctx.app.files });

type Step =
  | { kind: 'confirm' | 'paid' | 'paid_by_stranger' | 'take' | 'take_by_stranger' | 'cancel' | 'cancel_admin' }
  | { kind: 'expire' | 'dispute' | 'resolve' | 'reject' };

const stepArbitrary = fc.record({
  order: fc.nat({ max: 3 }),
  step: fc.constantFrom<Step['kind']>(
    'confirm',
    'paid',
    'paid_by_stranger',
    'take',
    'take_by_stranger',
    'cancel',
    'cancel_admin',
    'expire',
    'dispute',
    'resolve',
    'reject',
  ),
});

/** The world's balances, summed: users' accounts of every kind and the platform's revenue and rounding. */
async function worldTotal(userIds: string[]): Promise<bigint> {
  const [row] = await selectRows<{ total: string }>(
    ctx.app.db,
    sql`select coalesce(sum(balance_minor), 0)::text as total from ledger_accounts
        where currency = ${USDT.code}
          and (owner_id = any(${sql.param(userIds)}::uuid[]) or (owner_id is null and kind in ('revenue', 'rounding')))`,
  );
  return BigInt(row?.total ?? '0');
}

let serial = 0;
let made = 0;

async function apply(orderId: string, kind: Step['kind']): Promise<void> {
  const d = deps();
  const admin = world.admin.id;
  switch (kind) {
    case 'confirm':
      await confirmPayIn(d, world.merchant.id, orderId);
      return;
    case 'paid':
      await markPaidByExecutor(d, world.trader.id, orderId);
      return;
    case 'paid_by_stranger':
      await markPaidByExecutor(d, stranger.id, orderId);
      return;
    case 'take':
      await takePayOut(d, world.trader.id, orderId);
      return;
    case 'take_by_stranger':
      await takePayOut(d, stranger.id, orderId);
      return;
    case 'cancel':
      await cancelByMerchant(d, world.merchant.id, orderId);
      return;
    case 'cancel_admin':
      await cancelByAdmin(d, admin, orderId);
      return;
    case 'expire':
      await ctx.app.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
      await expireOrder(d, orderId);
      return;
    case 'dispute':
      await openDispute(
        d,
        { id: admin, type: 'admin' },
        orderId,
        { reason: 'other', comment: 'checked', files: [] },
        'en',
      );
      return;
    case 'resolve':
    case 'reject': {
      const [open] = await ctx.app.db
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open')));
      if (!open) throw new DomainError('not_found');
      await closeDispute(d, admin, open.id, { status: kind === 'resolve' ? 'resolved' : 'rejected' }, 'en');
      return;
    }
  }
}

const refusals = new Set([
  'not_found',
  'order_status_conflict',
  'dispute_exists',
  'dispute_not_allowed',
  'dispute_status_conflict',
  'no_executor_available',
]);

describe('the order lifecycle under random events (DESIGN §16)', () => {
  it('conserves money, settles each order once and moves only along the table’s edges', async () => {
    const users = [world.merchant.id, world.trader.id, world.agent.id, stranger.id];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('pay_in', 'pay_out'), { minLength: 1, maxLength: 4 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }),
        async (types, steps) => {
          const before = await worldTotal(users);
          const ids: string[] = [];
          for (const type of types) {
            serial += 1;
            const body = type === 'pay_in' ? payIn(String(1000 + serial)) : payOut(String(1000 + serial));
            const created = await createOrder(deps(), world.merchant.id, apiOrderCreateSchema.parse(body), 'en').catch(
              (error: unknown) => {
                if (error instanceof DomainError) return null;
                throw error;
              },
            );
            if (created) ids.push(created.id);
          }
          made += ids.length;
          for (const { order, step } of steps) {
            const id = ids[order % Math.max(ids.length, 1)];
            if (!id) continue;
            const [was] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
            await apply(id, step).catch((error: unknown) => {
              if (!(error instanceof DomainError && refusals.has(error.code))) throw error;
              // A refusal leaves the order as it was.
              return ctx.app.db
                .select()
                .from(orders)
                .where(eq(orders.id, id))
                .then(([now]) => expect(now?.status).toBe(was?.status));
            });
          }
          expect(await worldTotal(users)).toBe(before);
          for (const id of ids) {
            const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
            const timeline = await ctx.app.db
              .select()
              .from(orderEvents)
              .where(eq(orderEvents.orderId, id))
              .orderBy(orderEvents.createdAt, orderEvents.id);
            // Every line of the timeline is an edge of the table, and they chain from creation to the status now.
            let status: string | null = null;
            for (const line of timeline) {
              expect(line.fromStatus).toBe(status);
              expect(
                lifecycle.some(
                  (edge) => edge.type === order?.type && edge.from === line.fromStatus && edge.to === line.toStatus,
                ),
                `${order?.type}: ${line.fromStatus} → ${line.toStatus}`,
              ).toBe(true);
              status = line.toStatus;
            }
            expect(status).toBe(order?.status);
            const [money] = await selectRows<{ settled: number; released: number; held: number }>(
              ctx.app.db,
              sql`select count(*) filter (where code = 'order_settle')::int as settled,
                         count(*) filter (where code = 'order_release')::int as released,
                         count(*) filter (where code = 'order_hold')::int as held
                  from ledger_transfers where reference_id = ${id}`,
            );
            expect(money?.held).toBe(1);
            // Settled once at most, released once at most (a canceled order a dispute resolves is both, in that order).
            expect(money?.settled).toBeLessThanOrEqual(1);
            expect(money?.released).toBeLessThanOrEqual(1);
            if (order?.status === 'canceled') expect(money?.settled).toBe(0);
          }
          const reconciliation = await reconcileLedger(ctx.app.db);
          expect(reconciliation.ok).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
    // The property was about real orders: most creations went through.
    expect(made).toBeGreaterThan(12);
  }, 240_000);

  it('knows every event it is driven with', () => {
    const driven: OrderEvent[] = ['payer_reported', 'mark_paid', 'take', 'cancel', 'expire', 'dispute_open'];
    for (const event of driven) expect(lifecycle.some((edge) => edge.event === event)).toBe(true);
    expect(() =>
      edgeOf(
        { type: 'pay_in', status: 'paid', executorId: 'x', statusBeforeDispute: null, expiresAt: null },
        'take',
        'executor',
      ),
    ).toThrow(DomainError);
  });
});
