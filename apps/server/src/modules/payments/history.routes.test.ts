import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut } from '../../../test/orders-fixture';

/**
 * The balance history as business events (issue 21 item 3): an order's hold, its settlement and its release are one row
 * each, the parts in the row; the platform's rounding and the other parties' shares never appear; keyset pages agree
 * with numbered pages.
 */

let ctx: TestContext;
let world: OrderWorld;
let agent: Client;

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  agent = await new Client(ctx.app).signIn(world.agent.username);
});
afterAll(() => ctx.close());

interface Part {
  type: { slug: string };
  account: { slug: string };
  amount: string;
  balance_before: string;
  balance_after: string;
}
interface Row {
  guid: string;
  type: { slug: string; title: string };
  account: { slug: string };
  action: { slug: string };
  money: { amount: string };
  order_guid: string | null;
  balance_before: string;
  balance_after: string;
  parts: Part[];
}

const create = async (body: Record<string, unknown>) => {
  const response = await world.merchant.api.post('/api/v1/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { guid: string }).guid;
};
const history = async (client: Client, query = '') => {
  const response = await client.get(`/api/inner/my/transaction${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    items: Row[];
    context: { pagination: { total_count: number; next_cursor: string | null } };
  };
};
const summary = (row: Row) => [row.type.slug, row.account.slug, row.action.slug, row.money.amount];
const partsOf = (row: Row) => row.parts.map((part) => [part.type.slug, part.account.slug, part.amount]);

describe('balance history, one row per business event (GET /my/transaction)', () => {
  let paid: string;
  let canceled: string;

  beforeAll(async () => {
    paid = await create(payIn('1800'));
    expect((await world.trader.browser.post(`/api/inner/order/${paid}/set-paid`)).statusCode).toBe(200);
    canceled = await create(payIn('925'));
    expect((await world.admin.browser.post(`/api/inner/order/${canceled}/cancel`)).statusCode).toBe(200);
  });

  it("shows the trader's orders as hold, settlement and release rows, their parts inside, no rounding", async () => {
    const { items, context } = await history(world.trader.browser);
    expect(items.map(summary)).toEqual([
      ['order_release', 'available', 'in', '10'],
      ['order_hold', 'available', 'out', '10'],
      ['order_settle', 'available', 'in', expect.any(String)],
      ['order_hold', 'available', 'out', expect.any(String)],
      ['deposit', 'available', 'in', '1000'],
    ]);
    expect(context.pagination.total_count).toBe(5);
    const [release, , settle, hold] = items as [Row, Row, Row, Row];
    expect(release.order_guid).toBe(canceled);
    expect(partsOf(release)).toEqual([
      ['order_release', 'hold', '-10'],
      ['order_release', 'available', '10'],
    ]);
    expect(settle.order_guid).toBe(paid);
    const held = hold.money.amount;
    // The settlement took its whole hold as one part (how it was split is not the trader's) and paid its reward.
    expect(partsOf(settle)).toEqual([
      ['order_settle', 'hold', `-${held}`],
      ['order_reward', 'available', settle.money.amount],
    ]);
    expect(Number(settle.balance_after) - Number(settle.balance_before)).toBeCloseTo(Number(settle.money.amount), 6);
    const body = JSON.stringify(items);
    for (const hidden of ['order_rounding', 'order_fee', 'order_referral', 'rounding', 'revenue']) {
      expect(body, hidden).not.toContain(hidden);
    }
  });

  it('gives the merchant one row per settlement and the agent one row for its referral share', async () => {
    const merchant = await history(world.merchant.browser);
    expect(merchant.items.slice(0, 1).map(summary)).toEqual([['order_settle', 'available', 'in', expect.any(String)]]);
    expect(merchant.items[0]?.parts).toHaveLength(1);
    const own = await history(agent);
    expect(own.items.map(summary)).toEqual([['order_referral', 'available', 'in', expect.any(String)]]);
    expect(own.items[0]?.order_guid).toBe(paid);
  });

  it("keeps a pay-out's hold and settlement of the merchant as two rows, the split out of its hold as one part", async () => {
    const guid = await create(payOut('3000'));
    expect((await world.trader.browser.post(`/api/inner/order/${guid}/take`)).statusCode).toBe(200);
    expect((await world.trader.browser.post(`/api/inner/order/${guid}/set-paid`)).statusCode).toBe(200);
    const { items } = await history(world.merchant.browser);
    const [settled, hold] = items as [Row, Row];
    expect(summary(hold)).toEqual(['order_hold', 'available', 'out', expect.any(String)]);
    expect(summary(settled)).toEqual(['order_settle', 'hold', 'out', hold.money.amount]);
    expect(partsOf(settled)).toEqual([['order_settle', 'hold', `-${hold.money.amount}`]]);
  });

  it('pages by keyset exactly as by number, both ways, and filters by reason and account', async () => {
    for (const sort of ['', '&sort=created_at']) {
      const all = (await history(world.trader.browser, `?count=50${sort}`)).items.map((row) => row.guid);
      const walked: string[] = [];
      let cursor: string | null = null;
      let page = 1;
      do {
        const query: string = `?count=2&page=${page}${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const answer = await history(world.trader.browser, query);
        const numbered = await history(world.trader.browser, `?count=2&page=${page}${sort}`);
        expect(answer.items.map((row) => row.guid)).toEqual(numbered.items.map((row) => row.guid));
        walked.push(...answer.items.map((row) => row.guid));
        cursor = answer.context.pagination.next_cursor;
        page += 1;
      } while (cursor);
      expect(walked).toEqual(all);
    }
    // Its pay-in's reward and the pay-out's it took, each alone: the holds and settlements' other parts are filtered out.
    const rewards = await history(world.trader.browser, '?filter[type]=order_reward&filter[account]=available');
    expect(rewards.items.map(summary)).toEqual([
      ['order_reward', 'available', 'in', expect.any(String)],
      ['order_reward', 'available', 'in', expect.any(String)],
    ]);
    expect(rewards.items.map((row) => row.parts.length)).toEqual([1, 1]);
    expect((await world.trader.browser.get('/api/inner/my/transaction?cursor=-1')).statusCode).toBe(422);
  });

  it('is refused to an admin, who has no balance of its own (the admin reads an order’s transfers)', async () => {
    expect((await world.admin.browser.get('/api/inner/my/transaction')).statusCode).toBe(403);
  });
});
