import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';
import { selectRows } from '../../db/client';
import { derivedId, newId } from '../../lib/ids';
import { requisites } from '../requisites/requisites.table';
import { agentLinks, traderProfiles } from '../users/users.table';
import { refreshDirections, refreshStatistics } from './statistics.refresh';

/** Its own database: the platform-wide figures are exactly this file's orders. */
let ctx: TestContext;
let world: OrderWorld;
let paid: string[] = [];
let canceled: string;

const create = async (amount: string) => {
  const response = await world.merchant.api.post('/api/v1/orders', payIn(amount));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { guid: string }).guid;
};
const setPaid = async (guid: string) => {
  const response = await world.trader.browser.post(`/api/inner/order/${guid}/set-paid`);
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  // The merchant's referral agent is also the trader's team lead: each order pays it twice, once per role.
  await ctx.database.db.insert(agentLinks).values({
    userId: world.trader.id,
    agentId: world.agent.id,
    payInHundredths: 75,
    payOutHundredths: 0,
    isMain: true,
  });
  paid = [await create('1500'), await create('2750.50'), await create('999.99')];
  for (const guid of paid) await setPaid(guid);
  canceled = await create('1234');
  expect((await world.merchant.api.post(`/api/v1/orders/${canceled}/cancel`)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

interface StatisticData {
  statistic: {
    sum: { status: { slug: string }; orders: number; amount: string; currency: { code: string; name: string } }[];
    role_rewards: { role: { slug: string }; rewards: { amount: string; currency: { code: string } }[] }[];
    per_day: { date: string; orders: number; amounts: { amount: string; currency: string }[] }[];
    refreshed_at: string | null;
  };
  context: { available_filters: { name: string }[] };
}
const statisticOf = async (client: Client, path: string) => {
  const response = await client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as StatisticData;
};
const amountOf = (data: StatisticData, code: string) =>
  data.statistic.sum.find((row) => row.currency.code === code)?.amount;
const rewardOf = (data: StatisticData, role: string) =>
  data.statistic.role_rewards.find((row) => row.role.slug === role)?.rewards.find((r) => r.currency.code === 'USDT')
    ?.amount;

/**
 * What the ledger paid each agent share of these orders, by role, found by the transfers' own ids (settlement names
 * them after the share's place in the order), as USDT decimal text.
 */
async function agentSums(orderIds: string[]) {
  const shares = await selectRows<{ id: string; agent_shares: unknown }>(
    ctx.app.db,
    sql`select id, agent_shares from orders where id = any(${sql.param(orderIds)}::uuid[])`,
  );
  const byRole = new Map<string, string[]>();
  for (const order of shares) {
    const list = (typeof order.agent_shares === 'string' ? JSON.parse(order.agent_shares) : order.agent_shares) as {
      role: string;
    }[];
    list.forEach((share, index) => {
      byRole.set(share.role, [...(byRole.get(share.role) ?? []), derivedId(`order:${order.id}:settle:agent:${index}`)]);
    });
  }
  const sums = new Map<string, string>();
  for (const [role, ids] of byRole) {
    const [row] = await selectRows<{ amount: string }>(
      ctx.app.db,
      sql`select (sum(amount_minor) / 1000000.0)::numeric(38, 6)::text as amount from ledger_transfers
          where id = any(${sql.param(ids)}::uuid[])`,
    );
    sums.set(role, (row?.amount ?? '0').replace(/\.?0+$/, ''));
  }
  return sums;
}

/** The ledger's own sums for these orders, by transfer code, as USDT decimal text. */
async function ledgerSums(orderIds: string[]) {
  const rows = await selectRows<{ code: string; amount: string }>(
    ctx.app.db,
    sql`select code, (sum(amount_minor) / 1000000.0)::numeric(38, 6)::text as amount from ledger_transfers
        where reference_id = any(${sql.param(orderIds)}::uuid[]) group by code`,
  );
  const trim = (text: string) => text.replace(/\.?0+$/, '');
  return new Map(rows.map((row) => [row.code, trim(row.amount)]));
}

describe('statistics (SPEC §2.9, DESIGN §13)', () => {
  it("sums the paid orders per currency and each role's reward exactly as the ledger settled them", async () => {
    await refreshStatistics(ctx.app.db);
    const data = await statisticOf(world.admin.browser, '/api/inner/order/statistic/');
    expect(data.statistic.sum).toEqual([
      {
        status: { slug: 'total', title: 'Total' },
        orders: 3,
        amount: '5250.49',
        currency: { code: 'RUB', name: expect.any(String) },
      },
      {
        status: { slug: 'total', title: 'Total' },
        orders: 3,
        amount: expect.any(String),
        currency: { code: 'USDT', name: expect.any(String) },
      },
    ]);
    const orders = await selectRows<{ crypto: string }>(
      ctx.app.db,
      sql`select (sum(crypto_amount_minor) / 1000000.0)::numeric(38, 6)::text as crypto from orders
          where id = any(${sql.param(paid)}::uuid[])`,
    );
    expect(Number(amountOf(data, 'USDT'))).toBe(Number(orders[0]?.crypto));
    const ledger = await ledgerSums(paid);
    expect(rewardOf(data, 'trader')).toBe(ledger.get('order_reward'));
    const agents = await agentSums(paid);
    expect(agents.get('referral')).toBeDefined();
    expect(agents.get('teamlead')).toBeDefined();
    expect(rewardOf(data, 'referral')).toBe(agents.get('referral'));
    expect(rewardOf(data, 'teamlead')).toBe(agents.get('teamlead'));
    expect(rewardOf(data, 'platform')).toBe(ledger.get('order_fee'));
    // Nothing was created or lost: what the merchant got and every reward add up to what the holds gave.
    expect(data.statistic.per_day).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        orders: 3,
        amounts: expect.arrayContaining([{ amount: '5250.49', currency: 'RUB' }]),
      },
    ]);
    expect(data.statistic.refreshed_at).not.toBeNull();
    expect(data.context.available_filters.map((filter) => filter.name)).toEqual([
      'date_from',
      'date_to',
      'type',
      'status',
      'flow',
      'merchant',
      'trader',
    ]);
  });

  it('narrows by status, type, dates, merchant and executor', async () => {
    const admin = world.admin.browser;
    const canceledOnly = await statisticOf(admin, '/api/inner/order/statistic/?filter[status]=canceled');
    expect(amountOf(canceledOnly, 'RUB')).toBe('1234');
    expect(canceledOnly.statistic.role_rewards.every((row) => row.rewards.every((r) => r.amount === '0'))).toBe(true);
    const both = await statisticOf(admin, '/api/inner/order/statistic/?filter[status]=paid,canceled');
    expect(amountOf(both, 'RUB')).toBe('6484.49');
    expect((await statisticOf(admin, '/api/inner/order/statistic/?filter[type]=pay_out')).statistic.sum).toEqual([]);
    expect((await statisticOf(admin, '/api/inner/order/statistic/?filter[date_to]=2020-01-01')).statistic.sum).toEqual(
      [],
    );
    const other = await createUser(ctx.database, { type: 'merchant' });
    expect(
      (await statisticOf(admin, `/api/inner/order/statistic/?filter[merchant]=${other.id}`)).statistic.sum,
    ).toEqual([]);
    const byTrader = await statisticOf(admin, `/api/inner/order/statistic/?filter[trader]=${world.trader.id}`);
    expect(amountOf(byTrader, 'RUB')).toBe('5250.49');
    const byFlow = await statisticOf(admin, `/api/inner/order/statistic/?filter[flow]=${world.flowId}`);
    expect(amountOf(byFlow, 'RUB')).toBe('5250.49');
  });

  it("gives each user its own orders and only its own role's rewards", async () => {
    const ledger = await ledgerSums(paid);
    const merchant = await statisticOf(world.merchant.browser, '/api/inner/my/order/statistic/');
    expect(amountOf(merchant, 'RUB')).toBe('5250.49');
    expect(merchant.statistic.role_rewards).toEqual([]);
    expect(merchant.context.available_filters.map((filter) => filter.name)).not.toContain('merchant');

    const trader = await statisticOf(world.trader.browser, '/api/inner/my/order/statistic/');
    expect(amountOf(trader, 'RUB')).toBe('5250.49');
    expect(trader.statistic.role_rewards.map((row) => row.role.slug)).toEqual(['trader']);
    expect(rewardOf(trader, 'trader')).toBe(ledger.get('order_reward'));

    const agent = await statisticOf(
      await new Client(ctx.app).signIn(world.agent.username),
      '/api/inner/my/order/statistic/',
    );
    // Each order once, though it paid the agent under both roles.
    expect(amountOf(agent, 'RUB')).toBe('5250.49');
    expect(agent.statistic.sum.find((row) => row.currency.code === 'RUB')?.orders).toBe(3);
    expect(agent.statistic.role_rewards.map((row) => row.role.slug)).toEqual(['referral', 'teamlead']);
    const agents = await agentSums(paid);
    expect(rewardOf(agent, 'referral')).toBe(agents.get('referral'));
    expect(rewardOf(agent, 'teamlead')).toBe(agents.get('teamlead'));
    expect(ledger.get('order_referral')).toBeDefined();

    // Somebody else's view of the same call: nothing of this merchant's.
    const stranger = await createUser(ctx.database, { type: 'trader' });
    const theirs = await statisticOf(
      await new Client(ctx.app).signIn(stranger.username),
      '/api/inner/my/order/statistic/',
    );
    expect(theirs.statistic.sum).toEqual([]);
    // The admin's narrowing is not the personal call's: a merchant cannot look at another merchant.
    const narrowed = await statisticOf(
      world.merchant.browser,
      `/api/inner/my/order/statistic/?filter[merchant]=${stranger.id}`,
    );
    expect(amountOf(narrowed, 'RUB')).toBe('5250.49');
  });

  it('follows new payments on the next refresh, rebuilding only the days that changed', async () => {
    expect(await refreshStatistics(ctx.app.db)).toEqual([new Date().toISOString().slice(0, 10)]);
    const more = await create('100');
    await setPaid(more);
    const before = await statisticOf(world.admin.browser, '/api/inner/order/statistic/');
    expect(amountOf(before, 'RUB')).toBe('5250.49');
    await refreshStatistics(ctx.app.db);
    const after = await statisticOf(world.admin.browser, '/api/inner/order/statistic/');
    expect(amountOf(after, 'RUB')).toBe('5350.49');
    paid = [...paid, more];
    const ledger = await ledgerSums(paid);
    expect(rewardOf(after, 'trader')).toBe(ledger.get('order_reward'));
    // An order of an old day changed: that day alone is rebuilt.
    await ctx.app.db.execute(
      sql`update orders set created_at = '2025-03-01T10:00:00Z', updated_at = now() where id = ${canceled}::uuid`,
    );
    const days = await refreshStatistics(ctx.app.db);
    expect(days).toContain('2025-03-01');
    const march = await statisticOf(
      world.admin.browser,
      '/api/inner/order/statistic/?filter[status]=canceled&filter[date_from]=2025-03-01&filter[date_to]=2025-03-01',
    );
    expect(amountOf(march, 'RUB')).toBe('1234');
  });

  it('refuses bad filters with a clear 422 and the personal call to an admin', async () => {
    for (const query of [
      'filter[status]=lost',
      'filter[type]=sideways',
      'filter[merchant]=not-an-id',
      'filter[flow]=1',
      'filter[date_from]=3001-01-01',
      'filter[date_to]=2024-02-30',
      'filter[date_from]=2024-01-01%00',
    ]) {
      const response = await world.admin.browser.get(`/api/inner/order/statistic/?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().localized_message, query).toBeTruthy();
    }
    expect((await world.admin.browser.get('/api/inner/my/order/statistic/')).statusCode).toBe(403);
    expect((await world.merchant.browser.get('/api/inner/order/statistic/')).statusCode).toBe(403);
  });
});

describe('directions (SPEC §2.15, DESIGN §13)', () => {
  interface DirectionRow {
    id: string;
    state: { slug: string };
    executors: { active: number; total: number };
    requisites: { active: number; total: number };
    flows: { active: number; total: number };
    rate: { value: string | null; source: string | null; stale: boolean };
    open_orders: number;
    last_24h: { created: number; paid: number; conversion: string | null; median_seconds_to_pay: number | null };
  }
  const directions = async () => {
    const response = await world.admin.browser.get('/api/inner/direction');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items as DirectionRow[];
  };

  it('counts executors, requisites, open orders and the last day per direction, and goes short when the trader pauses', async () => {
    // The trader also takes SBP: a direction it alone serves.
    await ctx.database.db.insert(requisites).values({
      id: newId(),
      userId: world.trader.id,
      name: 'SBP',
      currency: 'RUB',
      paymentOption: 'sbp',
      paymentType: 'tbank',
      attributes: { phone: '+79991234567', holder: 'IVAN PETROV' },
    });
    const open = await create('500');
    await refreshDirections(ctx.app.db);
    const rows = await directions();
    const card = rows.find((row) => row.id === 'RUB.USDT.card');
    expect(card).toMatchObject({
      state: { slug: 'ok' },
      executors: { active: 1, total: 1 },
      requisites: { active: 1, total: 1 },
      flows: { active: 1, total: 1 },
      rate: { value: '92.5', stale: false },
      open_orders: 1,
    });
    // Four paid and one open today (the canceled one was moved to an old day above).
    expect(card?.last_24h.created).toBe(5);
    expect(card?.last_24h.paid).toBe(4);
    expect(card?.last_24h.conversion).toBe('80.00');
    expect(card?.last_24h.median_seconds_to_pay).not.toBeNull();
    expect(rows.find((row) => row.id === 'RUB.USDT.sbp')).toMatchObject({ state: { slug: 'ok' }, open_orders: 0 });

    await ctx.database.db
      .update(traderProfiles)
      .set({ depositOpen: false })
      .where(eq(traderProfiles.userId, world.trader.id));
    const paused = await directions();
    expect(paused.find((row) => row.id === 'RUB.USDT.sbp')).toMatchObject({
      state: { slug: 'short', title: 'Short' },
      executors: { active: 0, total: 1 },
    });
    const details = await world.admin.browser.get('/api/inner/direction/RUB.USDT.sbp');
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      flows: [{ uuid: world.flowId, is_active: true, open_orders: 0 }],
      executors: [{ uuid: world.trader.id, type: 'trader', state: { slug: 'deposits_closed' } }],
    });
    const short = await world.admin.browser.get('/api/inner/direction?filter[state]=short');
    expect(short.json().data.items.map((row: DirectionRow) => row.id)).toEqual(['RUB.USDT.card', 'RUB.USDT.sbp']);
    await ctx.database.db
      .update(traderProfiles)
      .set({ depositOpen: true })
      .where(eq(traderProfiles.userId, world.trader.id));
    expect((await directions()).find((row) => row.id === 'RUB.USDT.sbp')?.state.slug).toBe('ok');
    await world.merchant.api.post(`/api/v1/orders/${open}/cancel`);
  });

  it('answers an unknown direction 404 and a malformed one 422', async () => {
    expect((await world.admin.browser.get('/api/inner/direction/RUB.USDT.carrier-pigeon')).statusCode).toBe(404);
    const malformed = await world.admin.browser.get('/api/inner/direction/rub;drop');
    expect(malformed.statusCode).toBe(422);
    expect((await world.admin.browser.get('/api/inner/direction?filter[state]=dire')).statusCode).toBe(422);
  });
});
