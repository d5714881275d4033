import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn } from '../../../test/orders-fixture';
import { countStatementsOf, statementsOf } from '../../../test/statements';

/**
 * What one pay-in costs the database, in statements (issue 33): created through the signed merchant API with an
 * Idempotency-Key and said paid by its trader through the signed executor API, as `npm run orders` drives it. Begin
 * and commit count. The budget fails the suite when a change makes a pay-in send more; lower it when one sends fewer.
 */
const budget = { create: 7, paid: 4 };

let ctx: TestContext;
let world: OrderWorld;
let trader: ApiClient;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await orderWorld(ctx);
  trader = await ApiClient.of(ctx.app, world.trader.username);
  countStatementsOf(ctx.database);
});
afterAll(() => ctx.close());

/** A pay-in created and paid; the statements of each call. */
async function payInOnce(amount: string) {
  const created = await statementsOf(() => world.merchant.api.post('/api/v1/orders', payIn(amount)));
  expect(created.result.statusCode, created.result.body).toBe(201);
  const guid = created.result.json().data.guid as string;
  const paid = await statementsOf(() => trader.post(`/api/v1/executor/orders/${guid}/paid`));
  expect(paid.result.statusCode, paid.result.body).toBe(200);
  expect(paid.result.json().data.status).toBe('paid');
  return { create: created.statements, paid: paid.statements };
}

describe('a pay-in through the API', () => {
  it(`sends at most ${budget.create} statements to create and ${budget.paid} to be paid`, async () => {
    await payInOnce('1000.00');
    const counted = await payInOnce('1001.00');
    expect(counted.create).toBeGreaterThan(0);
    expect(counted).toEqual({
      create: Math.min(counted.create, budget.create),
      paid: Math.min(counted.paid, budget.paid),
    });
  });
});
