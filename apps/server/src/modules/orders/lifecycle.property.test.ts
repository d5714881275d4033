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

/** The event each step drives. */
const eventOf: Record<Step['kind'], OrderEvent> = {
  confirm: 'payer_reported',
  paid: 'mark_paid',
  paid_by_stranger: 'mark_paid',
  take: 'take',
  take_by_stranger: 'take',
  cancel: 'cancel',
  cancel_admin: 'cancel',
  expire: 'expire',
  dispute: 'dispute_open',
  resolve: 'dispute_resolve',
  reject: 'dispute_reject',
};

type OrderRow = typeof orders.$inferSelect;

const timelineLength = async (orderId: string) =>
  (await ctx.app.db.select({ id: orderEvents.id }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).length;

/** The money transfers of an order, by code. */
async function transfersOf(orderId: string): Promise<Record<string, number>> {
  const rows = await selectRows<{ code: string; count: number }>(
    ctx.app.db,
    sql`select code, count(*)::int as count from ledger_transfers where reference_id = ${orderId} group by code`,
  );
  return Object.fromEntries(rows.map((row) => [row.code, row.count]));
}

/**
 * One move, checked against the edge it took: the status is the edge's, the columns it declares it writes are written
 * and no other of them changed, and the money it declares (and no other) was posted.
 */
function expectEdgeApplied(
  was: OrderRow,
  now: OrderRow,
  event: OrderEvent,
  money: { before: Record<string, number>; after: Record<string, number> },
) {
  const edge = lifecycle.find(
    (candidate) =>
      candidate.type === was.type &&
      candidate.from === was.status &&
      candidate.event === event &&
      candidate.to === now.status &&
      (candidate.guard?.holds(was, new Date()) ?? true),
  );
  expect(edge, `${was.type}: ${was.status} ${event} → ${now.status}`).toBeDefined();
  if (!edge) return;
  const { writes } = edge;
  const given = writes.given ?? [];
  const same = <K extends keyof OrderRow>(column: K) => expect(now[column], String(column)).toEqual(was[column]);
  if (writes.paid) {
    expect(now.paidAt).not.toBeNull();
    expect(now.paidBy).toBe(writes.paid === 'dispute' ? 'dispute' : event === 'mark_paid' ? 'executor' : null);
  } else {
    same('paidAt');
    same('paidBy');
  }
  if (writes.canceled) expect(now.canceledAt).not.toBeNull();
  else same('canceledAt');
  if (writes.taken) expect(now.takenAt).not.toBeNull();
  else same('takenAt');
  if (writes.restartsExpiry) expect(now.expiresAt?.getTime()).not.toBe(was.expiresAt?.getTime());
  else same('expiresAt');
  if (writes.statusBeforeDispute === 'remember') expect(now.statusBeforeDispute).toBe(was.status);
  else if (writes.statusBeforeDispute === 'forget') expect(now.statusBeforeDispute).toBeNull();
  else same('statusBeforeDispute');
  for (const column of ['executorId', 'executorType', 'executorFeeHundredths', 'agentShares'] as const) {
    if (given.includes(column)) continue;
    same(column);
  }
  for (const column of ['fiatAmountMinor', 'cryptoAmountMinor', 'holdMinor'] as const) {
    if (!given.includes(column)) same(column);
  }
  const added = (code: string) => (money.after[code] ?? 0) - (money.before[code] ?? 0);
  const posted = Object.keys(money.after).filter((code) => added(code) > 0);
  if (edge.money === 'settle') {
    // The hold paid out to every party: the executor's or merchant's settlement, fees and referral shares.
    expect(posted).toContain('order_settle');
    expect(posted).not.toContain('order_release');
    expect(posted).not.toContain('order_hold');
  } else if (edge.money === 'release') expect(posted).toEqual(['order_release']);
  else if (edge.money === 'none') expect(posted).toEqual([]);
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
            // Its time is up before it expires (an expiry before then is refused).
            if (step === 'expire')
              await ctx.app.db
                .update(orders)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(eq(orders.id, id));
            const [was] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
            const moneyBefore = await transfersOf(id);
            const linesBefore = await timelineLength(id);
            await apply(id, step).catch((error: unknown) => {
              if (!(error instanceof DomainError && refusals.has(error.code))) throw error;
            });
            // A move writes a line of the timeline; a refusal (or an expiry that found the order gone on) none.
            const moved = (await timelineLength(id)) > linesBefore;
            const [now] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
            if (!was || !now) throw new Error('an order of the property is gone');
            // A refusal leaves the order and its money as they were; a move is its edge, columns and money.
            if (moved)
              expectEdgeApplied(was, now, eventOf[step], { before: moneyBefore, after: await transfersOf(id) });
            else {
              expect(now).toEqual(was);
              expect(await transfersOf(id)).toEqual(moneyBefore);
            }
            // Money is conserved after every step, not only at the end.
            expect(await worldTotal(users)).toBe(before);
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
  });

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
