import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut, readyTrader } from '../../../test/orders-fixture';
import { receiptPdf } from '../../demo/receipt';
import { jobs } from '../jobs/jobs.table';
import { orders } from '../orders/orders.table';
import { antiFraudCheckJob } from './anti-fraud.jobs';
import { disputeShareMinOrders } from './anti-fraud.rules';
import { runOverdueSweep } from './anti-fraud.service';
import { antiFraudCases, antiFraudSettings } from './anti-fraud.table';

let ctx: TestContext;
let support: Client;

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  const user = await createUser(ctx.database, { type: 'admin', roles: ['support'] });
  support = await new Client(ctx.app).signIn(user.username);
  await ctx.app.jobs.start();
});
afterAll(async () => {
  await ctx.app.jobs.stop();
  await ctx.close();
});
// Each test switches on the rules it needs; the others stay off.
beforeEach(async () => {
  await ctx.app.db.update(antiFraudSettings).set({ value: '' });
});

async function setRules(world: OrderWorld, values: Record<string, string>) {
  const response = await world.admin.browser.request('PUT', '/api/inner/anti_fraud/settings/', values);
  expect(response.statusCode, response.body).toBe(200);
}

/** The anti-fraud checks queued so far have run (the job runner works in the background). */
async function checked() {
  ctx.app.jobs.wake();
  await expect
    .poll(
      async () =>
        (
          await ctx.app.db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.kind, antiFraudCheckJob), inArray(jobs.status, ['queued', 'running'])))
        ).length,
      { interval: 25 },
    )
    .toBe(0);
}

const casesOf = (rule: string) => ctx.app.db.select().from(antiFraudCases).where(eq(antiFraudCases.rule, rule));

async function create(world: OrderWorld, body: Record<string, unknown>) {
  return world.merchant.api.post('/api/v1/orders', body);
}
async function created(world: OrderWorld, body: Record<string, unknown>) {
  const response = await create(world, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.guid as string;
}
async function canceled(world: OrderWorld, amount: string) {
  const guid = await created(world, payIn(amount));
  expect((await world.merchant.api.post(`/api/v1/orders/${guid}/cancel`)).statusCode).toBe(200);
}

describe('anti-fraud settings (GET and PUT /anti_fraud/settings/)', () => {
  it('keeps a setting per rule, all off at first; a full admin changes them, audited', async () => {
    const world = await orderWorld(ctx);
    const read = await support.get('/api/inner/anti_fraud/settings/');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({
      trader_cancel_streak: '',
      trader_dispute_share_percent: '',
      payout_overdue_minutes: '',
      client_orders_per_hour: '',
      requisite_payers_per_day: '',
    });
    const put = await world.admin.browser.request('PUT', '/api/inner/anti_fraud/settings/', {
      trader_cancel_streak: ' 5 ',
      payout_overdue_minutes: '90',
    });
    expect(put.json().data).toMatchObject({ trader_cancel_streak: '5', payout_overdue_minutes: '90' });
    expect(
      (await support.request('PUT', '/api/inner/anti_fraud/settings/', { trader_cancel_streak: '' })).statusCode,
    ).toBe(403);
  });

  it('refuses a value out of its range, a word and an unknown key, with a message per key, changing nothing', async () => {
    const world = await orderWorld(ctx);
    const russian = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(
      (await createUser(ctx.database, { type: 'admin' })).username,
    );
    const refused = await russian.request('PUT', '/api/inner/anti_fraud/settings/', {
      trader_cancel_streak: '1',
      trader_dispute_share_percent: '101',
      client_orders_per_hour: 'ten',
      requisite_payers_per_day: '9'.repeat(1000),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      trader_cancel_streak: ['Целое число от 2 до 1000 или пусто, чтобы выключить правило.'],
      trader_dispute_share_percent: [expect.stringContaining('от 1 до 100')],
      client_orders_per_hour: [expect.any(String)],
      requisite_payers_per_day: [expect.any(String)],
    });
    const unknown = await world.admin.browser.request('PUT', '/api/inner/anti_fraud/settings/', { everything: '1' });
    expect(unknown.statusCode).toBe(422);
    expect((await support.get('/api/inner/anti_fraud/settings/')).json().data.trader_cancel_streak).toBe('');
  });
});

describe('the rules (DESIGN §13), each at its threshold', () => {
  it('trader_cancel_streak: the Nth canceled order in a row opens a case that keeps the trader out of matching until released', async () => {
    const world = await orderWorld(ctx);
    await setRules(world, { trader_cancel_streak: '3' });
    await canceled(world, '1001');
    await canceled(world, '1002');
    await checked();
    expect(await casesOf('trader_cancel_streak')).toHaveLength(0);
    await canceled(world, '1003');
    await checked();
    const [opened] = (await casesOf('trader_cancel_streak')).filter((row) => row.targetUserId === world.trader.id);
    expect(opened).toMatchObject({ targetKind: 'trader', approvedAt: null });

    // Out of matching: nobody else executes the flow, so the pay-in finds no executor; no pay-out may be taken.
    const refused = await create(world, payIn('1004'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('no_executor_available');
    const payout = await created(world, payOut('1005'));
    const take = await world.trader.browser.post(`/api/inner/order/${payout}/take`);
    expect(take.statusCode).toBe(422);
    expect(take.json().error.code).toBe('no_executor_available');

    const listed = await world.admin.browser.get('/api/inner/anti_fraud/?filter[is_approved]=false');
    expect(listed.json().data.items[0]).toMatchObject({
      guid: opened?.id,
      rule: { slug: 'trader_cancel_streak', title: 'Canceled orders in a row' },
      target: { kind: 'trader', username: world.trader.username },
      evidence: expect.stringContaining('canceled in a row: 3'),
      is_approved: false,
      approved_by: null,
    });
    expect((await support.request('PATCH', `/api/inner/anti_fraud/${opened?.id}/release`)).statusCode).toBe(403);
    const released = await world.admin.browser.request('PATCH', `/api/inner/anti_fraud/${opened?.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ is_approved: true, approved_by: { username: expect.any(String) } });
    const again = await world.admin.browser.request('PATCH', `/api/inner/anti_fraud/${opened?.id}/release`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('anti_fraud_case_released');

    // Released: matched again, and the streak counts afresh from the release.
    expect((await create(world, payIn('1006'))).statusCode).toBe(201);
    await canceled(world, '1007');
    await checked();
    expect((await casesOf('trader_cancel_streak')).filter((row) => row.targetUserId === world.trader.id)).toHaveLength(
      1,
    );
  });

  it('trader_dispute_share_percent: fires when the disputed share of a trader’s orders reaches the setting', async () => {
    const world = await orderWorld(ctx);
    await setRules(world, { trader_dispute_share_percent: '30' });
    const paid: string[] = [];
    for (let index = 0; index < disputeShareMinOrders; index += 1) {
      const guid = await created(world, payIn(String(2000 + index)));
      expect((await world.trader.browser.post(`/api/inner/order/${guid}/set-paid`)).statusCode).toBe(200);
      paid.push(guid);
    }
    const dispute = (guid: string) =>
      world.admin.browser.post('/api/inner/dispute', { order_uuid: guid, reason: 'duplicate_payment' });
    for (const guid of paid.slice(0, 2)) expect((await dispute(guid)).statusCode).toBe(200);
    await checked();
    expect(
      (await casesOf('trader_dispute_share_percent')).filter((row) => row.targetUserId === world.trader.id),
    ).toHaveLength(0);
    expect((await dispute(paid[2] ?? '')).statusCode).toBe(200);
    await checked();
    const [opened] = (await casesOf('trader_dispute_share_percent')).filter(
      (row) => row.targetUserId === world.trader.id,
    );
    expect(opened?.evidence).toMatchObject({ orders: 10, disputed: 3, percent: 30 });
  });

  it('payout_overdue_minutes: the sweep opens a case for a pay-out held longer than the setting, not for one in time', async () => {
    const world = await orderWorld(ctx);
    const late = await readyTrader(ctx, { flowId: world.flowId });
    await setRules(world, { payout_overdue_minutes: '30' });
    const first = await created(world, payOut('3001'));
    const second = await created(world, payOut('3002'));
    expect((await late.browser.post(`/api/inner/order/${first}/take`)).statusCode).toBe(200);
    expect((await world.trader.browser.post(`/api/inner/order/${second}/take`)).statusCode).toBe(200);
    await ctx.app.db.update(orders).set({ takenAt: sql`now() - interval '31 minutes'` }).where(eq(orders.id, first));
    await ctx.app.db.update(orders).set({ takenAt: sql`now() - interval '29 minutes'` }).where(eq(orders.id, second));
    expect(await runOverdueSweep(ctx.app.db)).toBe(1);
    expect(await runOverdueSweep(ctx.app.db)).toBe(0);
    const targets = (await casesOf('payout_overdue_minutes')).map((row) => row.targetUserId);
    expect(targets).toContain(late.id);
    expect(targets).not.toContain(world.trader.id);
  });

  it('client_orders_per_hour: one payer’s orders beyond the setting in an hour open a case about the payer', async () => {
    const world = await orderWorld(ctx);
    await setRules(world, { client_orders_per_hour: '2' });
    for (const amount of ['4001', '4002']) await created(world, payIn(amount, { client_id: 'payer-7' }));
    await checked();
    expect((await casesOf('client_orders_per_hour')).filter((row) => row.targetClientId === 'payer-7')).toHaveLength(0);
    await created(world, payIn('4003', { client_id: 'payer-7' }));
    await created(world, payIn('4004', { client_id: 'payer-8' }));
    await checked();
    const cases = await casesOf('client_orders_per_hour');
    expect(cases.map((row) => row.targetClientId)).toEqual(['payer-7']);
    // A payer's case is for the admins: the trader still takes orders.
    expect((await create(world, payIn('4005', { client_id: 'payer-7' }))).statusCode).toBe(201);
    const listed = (await world.admin.browser.get('/api/inner/anti_fraud/?filter[rule]=client_orders_per_hour')).json()
      .data.items;
    expect(listed[0].target).toEqual({
      kind: 'client',
      username: world.merchant.username,
      label: `payer-7 (${world.merchant.username})`,
    });
  });

  it('requisite_payers_per_day: a requisite paid by more payers than the setting is kept out of matching', async () => {
    const world = await orderWorld(ctx);
    await setRules(world, { requisite_payers_per_day: '2' });
    await created(world, payIn('5001', { client_id: 'a' }));
    await created(world, payIn('5002', { client_id: 'b' }));
    await created(world, payIn('5003', { client_id: 'a' }));
    await checked();
    expect(
      (await casesOf('requisite_payers_per_day')).filter((row) => row.targetRequisiteId === world.trader.requisiteId),
    ).toHaveLength(0);
    await created(world, payIn('5004', { client_id: 'c' }));
    await checked();
    const [opened] = (await casesOf('requisite_payers_per_day')).filter(
      (row) => row.targetRequisiteId === world.trader.requisiteId,
    );
    expect(opened?.evidence).toEqual({ payers_in_a_day: 3 });
    expect((await create(world, payIn('5005'))).json().error?.code).toBe('no_executor_available');
    await world.admin.browser.request('PATCH', `/api/inner/anti_fraud/${opened?.id}/release`);
    expect((await create(world, payIn('5006'))).statusCode).toBe(201);
  });
});

describe('the list of cases (GET /anti_fraud/)', () => {
  it('pages the cases newest first with the filters of the screen, and refuses a bad filter', async () => {
    const world = await orderWorld(ctx);
    const response = await support.get('/api/inner/anti_fraud/?count=2&page=1');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.items.length).toBeLessThanOrEqual(2);
    expect(data.context.available_filters.map((filter: { name: string }) => filter.name)).toEqual([
      'is_approved',
      'rule',
      'date_from',
      'date_to',
    ]);
    const dates = data.items.map((item: { created_at: string }) => item.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const query of ['filter[rule]=nope', 'filter[is_approved]=maybe', 'filter[date_from]=2026-02-30']) {
      expect((await world.admin.browser.get(`/api/inner/anti_fraud/?${query}`)).statusCode, query).toBe(422);
    }
    expect((await world.merchant.browser.get('/api/inner/anti_fraud/')).statusCode).toBe(403);
  });
});

const receipt = (bytes: Buffer, name = 'receipt.pdf') => ({
  file: { name, data: `data:application/pdf;base64,${bytes.toString('base64')}` },
});

describe('the receipts check (POST /anti_fraud/receipt/)', () => {
  it('reads the PDF’s sums and days and lists the orders of that sum made that day', async () => {
    const world = await orderWorld(ctx);
    const guid = await created(world, payIn('6789.50'));
    await created(world, payIn('6789.51'));
    const today = new Date().toISOString().slice(0, 10);
    const [year, month, day] = today.split('-');
    const response = await support.post(
      '/api/inner/anti_fraud/receipt/',
      receipt(receiptPdf(['Payment receipt', 'Amount: 6 789,50 RUB', `Date: ${day}.${month}.${year} 14:05`])),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ amounts: ['6789.50'], dates: [today] });
    expect(response.json().data.orders.map((order: { guid: string }) => order.guid)).toEqual([guid]);

    const none = await support.post(
      '/api/inner/anti_fraud/receipt/',
      receipt(receiptPdf(['Amount: 1 RUB', 'Date: 01.01.2020'])),
    );
    expect(none.json().data).toMatchObject({ amounts: ['1.00'], dates: ['2020-01-01'], orders: [] });
  });

  it('refuses a file that is not a PDF and a PDF that cannot be read, with a clear message', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const notPdf = await support.post('/api/inner/anti_fraud/receipt/', {
      file: { name: 'receipt.png', data: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors).toEqual({ file: ['Drop a PDF receipt.'] });
    const broken = await support.post('/api/inner/anti_fraud/receipt/', receipt(Buffer.from('%PDF-1.4\nnothing else')));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ file: ['The PDF could not be read.'] });
  });
});
