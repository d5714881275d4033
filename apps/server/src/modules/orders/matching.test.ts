import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  bindExecutor,
  type OrderWorld,
  orderWorld,
  payIn,
  readyTrader,
  restrictRequisite,
} from '../../../test/orders-fixture';
import { flowExecutors, traderRestrictions } from '../flows/flows.table';
import { requisites } from '../requisites/requisites.table';
import { traderProfiles, userFees, users } from '../users/users.table';
import { orders } from './orders.table';

/**
 * The matcher of DESIGN §5, rule by rule: each test builds a flow whose first choice breaks one rule, and checks the
 * order goes to the next eligible executor — or is refused, with nothing created, when nobody is left.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
});
afterAll(() => ctx.close());

type Trader = Awaited<ReturnType<typeof readyTrader>>;

/** A flow whose own trader (priority 5) is the first choice, and a second trader (priority 1) behind it. */
async function twoTraders(): Promise<{ world: OrderWorld; first: OrderWorld['trader']; second: Trader }> {
  const world = await orderWorld(ctx);
  const second = await readyTrader(ctx);
  await bindExecutor(ctx, world.flowId, second.id, 'trader', 1);
  return { world, first: world.trader, second };
}

async function executorOf(world: OrderWorld, body: Record<string, unknown>) {
  const response = await world.merchant.api.post('/api/v1/orders', body);
  if (response.statusCode !== 201) return { refused: response.json().error.code as string };
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, response.json().data.guid));
  return { executor: row?.executorId, requisite: row?.requisiteId };
}

describe('matching a pay-in (DESIGN §5)', () => {
  it('takes the highest priority first, and among equals the one assigned least recently', async () => {
    const { world, first, second } = await twoTraders();
    expect((await executorOf(world, payIn('1000'))).executor).toBe(first.id);
    await ctx.app.db.update(flowExecutors).set({ priority: 5 }).where(eq(flowExecutors.userId, second.id));
    // Equal priorities now: the second was never assigned, so it goes first, then they alternate.
    const turns = [];
    for (let index = 0; index < 4; index += 1)
      turns.push((await executorOf(world, payIn(String(1100 + index)))).executor);
    expect(turns).toEqual([second.id, first.id, second.id, first.id]);
  });

  it('skips a trader whose insurance is unpaid, whose deposits are closed, who is blocked or inactive', async () => {
    for (const change of [
      { table: 'profile', set: { insurancePaid: false } },
      { table: 'profile', set: { depositOpen: false } },
      { table: 'user', set: { isBlocked: true } },
      { table: 'user', set: { isActive: false } },
    ] as const) {
      const { world, first, second } = await twoTraders();
      if (change.table === 'profile') {
        await ctx.app.db.update(traderProfiles).set(change.set).where(eq(traderProfiles.userId, first.id));
      } else {
        await ctx.app.db.update(users).set(change.set).where(eq(users.id, first.id));
      }
      expect((await executorOf(world, payIn('1000'))).executor, JSON.stringify(change.set)).toBe(second.id);
    }
  });

  it('skips a requisite that is switched off, of another currency, option or type than asked', async () => {
    const { world, first, second } = await twoTraders();
    await ctx.app.db.update(requisites).set({ isActive: false }).where(eq(requisites.id, first.requisiteId));
    expect((await executorOf(world, payIn('1000'))).executor).toBe(second.id);
    await ctx.app.db.update(requisites).set({ isActive: true }).where(eq(requisites.id, first.requisiteId));
    await ctx.app.db.update(requisites).set({ paymentType: 'tbank' }).where(eq(requisites.id, first.requisiteId));
    expect((await executorOf(world, payIn('1010', { payment_type: 'sberbank' }))).executor).toBe(second.id);
    expect((await executorOf(world, payIn('1020', { payment_type: 'tbank' }))).executor).toBe(first.id);
    expect((await executorOf(world, payIn('1030', { payment_option: 'sbp' }))).refused).toBe('no_executor_available');
  });

  it('honours every restriction of the requisite: amount range, daily and monthly volume and count, orders at once', async () => {
    const cases: [string, Record<string, string | null>, string[]][] = [
      ['amount_range', { min_amount: '2000', max_amount: '5000' }, ['1000']],
      ['amount_range', { min_amount: null, max_amount: '900' }, ['1000']],
      ['daily_limit', { max_volume: '1500', max_count: null }, ['1000', '600']],
      ['daily_limit', { max_volume: null, max_count: '1' }, ['1000', '1001']],
      ['monthly_limit', { max_volume: '1500', max_count: null }, ['1000', '600']],
      ['monthly_limit', { max_volume: null, max_count: '1' }, ['1000', '1001']],
      ['concurrent_orders', { max_open: '1' }, ['1000', '1001']],
    ];
    for (const [type, value, amounts] of cases) {
      const { world, first, second } = await twoTraders();
      await restrictRequisite(ctx, first.requisiteId, type, value);
      const taken = [];
      for (const amount of amounts) taken.push((await executorOf(world, payIn(amount))).executor);
      // The last amount breaks the restriction of the first trader's requisite; the ones before fit it.
      expect(taken.at(-1), `${type} ${JSON.stringify(value)}`).toBe(second.id);
      expect(
        taken.slice(0, -1).every((id) => id === first.id),
        `${type} ${JSON.stringify(value)}`,
      ).toBe(true);
    }
  });

  it('honours the trader’s restrictions in the flow: amount range, daily volume, payment options', async () => {
    const cases: [string, Record<string, string>, string[]][] = [
      ['amount_range', { min_amount: '5000', max_amount: '9000' }, ['1000']],
      ['daily_volume', { max_volume: '1500' }, ['1000', '600']],
      ['payment_options', { options: 'sbp,account' }, ['1000']],
    ];
    for (const [type, values, amounts] of cases) {
      const { world, first, second } = await twoTraders();
      await ctx.app.db
        .insert(traderRestrictions)
        .values({ id: crypto.randomUUID(), flowId: world.flowId, traderId: first.id, type, values });
      const taken = [];
      for (const amount of amounts) taken.push((await executorOf(world, payIn(amount))).executor);
      expect(taken.at(-1), type).toBe(second.id);
    }
  });

  it('gives no requisite two open orders of the same amount, so a bank message matches one', async () => {
    const { world, first, second } = await twoTraders();
    expect((await executorOf(world, payIn('1000'))).executor).toBe(first.id);
    expect((await executorOf(world, payIn('1000'))).executor).toBe(second.id);
    expect((await executorOf(world, payIn('1000'))).refused).toBe('no_executor_available');
    expect((await executorOf(world, payIn('1000.01'))).executor).toBe(first.id);
  });

  it('skips a trader without the available USDT for the hold, and refuses when nobody is left', async () => {
    const { world, second } = await twoTraders();
    // 1000 USDT on hand covers 92,500 RUB at 92.5; a larger pay-in can only go to a richer trader.
    expect((await executorOf(world, payIn('95000'))).refused).toBe('no_executor_available');
    const rich = await readyTrader(ctx, { funds: '2000' });
    await bindExecutor(ctx, world.flowId, rich.id, 'trader', 0);
    expect((await executorOf(world, payIn('95000'))).executor).toBe(rich.id);
    expect((await executorOf(world, payIn('92000'))).executor).not.toBe(second.id);
    const count = await ctx.app.db.select().from(orders).where(eq(orders.merchantId, world.merchant.id));
    expect(count).toHaveLength(2);
  });

  it('passes over a trader whose reward and team leads would exceed the merchant’s fee, refusing with pricing_invalid only when none fits', async () => {
    const { world, first, second } = await twoTraders();
    await ctx.app.db.update(userFees).set({ percentageHundredths: 600 }).where(eq(userFees.userId, first.id));
    expect((await executorOf(world, payIn('1000'))).executor).toBe(second.id);
    await ctx.app.db.update(userFees).set({ percentageHundredths: 600 }).where(eq(userFees.userId, second.id));
    expect((await executorOf(world, payIn('1001'))).refused).toBe('pricing_invalid');
  });
});
