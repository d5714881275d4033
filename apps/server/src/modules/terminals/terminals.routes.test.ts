import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { merchantPayIn, type OrderWorld, orderStatus, orderWorld, readyTrader } from '../../../test/orders-fixture';
import { roleClients } from '../../../test/role-clients';
import { demoHeartbeat, forwardDemoPayment, seedDemoTerminal } from '../../demo/device';
import { newId } from '../../lib/ids';
import { antiFraudCases } from '../anti-fraud/anti-fraud.table';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { orderEvents, orders } from '../orders/orders.table';
import { requisites } from '../requisites/requisites.table';
import { webhookDeliveries } from '../webhooks/webhooks.table';
import { sweepLostConnections } from './terminals.service';
import { bankMessages, terminals } from './terminals.table';

let ctx: TestContext;
let world: OrderWorld;
let as: Awaited<ReturnType<typeof roleClients>>;

const device = {
  android_id: 'a1b2c3d4e5f60718',
  android_version: '14',
  app_version: '1.4.2',
  device_model: 'Pixel 7',
  location: { latitude: 55.75, longitude: 37.61 },
  sims: [{ carrierName: 'MTS', countryIso: 'ru', mcc: '250', mnc: '01' }],
};

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  as = await roleClients(ctx);
});
afterAll(() => ctx.close());

/** The card number of the world's trader's requisite. */
async function cardOf(requisiteId: string) {
  const [row] = await ctx.app.db.select().from(requisites).where(eq(requisites.id, requisiteId));
  return row?.attributes.card_number ?? '';
}

async function createTerminal(trader = world.trader, name = 'Pixel') {
  const response = await trader.browser.post('/api/inner/terminal', { name, requisites: [trader.requisiteId] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { terminal: { guid: string; status: { slug: string } }; pairing_code: string };
}

const devicePost = (url: string, body: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/device/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

async function pair(code: string) {
  const response = await devicePost('/pair', { code, device });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

/** A terminal of the world's trader, paired and approved by the admin: ready to settle. */
async function enabledTerminal() {
  const created = await createTerminal();
  const token = await pair(created.pairing_code);
  const approved = await world.admin.browser.post(`/api/inner/terminal/${created.terminal.guid}/enable/`);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().data.status.slug).toBe('enabled');
  return { guid: created.terminal.guid, token };
}

let messageSerial = 0;
const message = (body: string, receivedAt = new Date()) => {
  messageSerial += 1;
  return { id: `m-${messageSerial}`, package: null, title: '900', body, received_at: receivedAt.toISOString() };
};

const createPayIn = (amount: string) => merchantPayIn(world, amount);
const statusOf = (guid: string) => orderStatus(ctx.app.db, guid);

describe('terminals of a trader (SPEC §2.18)', () => {
  it('creates one on its own requisites, open to deposits only, unpaired, with a one-time code and its QR', async () => {
    const created = await createTerminal(world.trader, 'Main phone');
    expect(created.terminal).toMatchObject({
      name: 'Main phone',
      status: { slug: 'unassigned', title: 'Not paired' },
      deposit_open: true,
      withdraw_open: false,
      device: null,
      requisites: [{ id: world.trader.requisiteId }],
    });
    expect(created.pairing_code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const [row] = await ctx.app.db.select().from(terminals).where(eq(terminals.id, created.terminal.guid));
    expect(row?.pairingCodeHash).not.toContain(created.pairing_code.replace('-', ''));
  });

  it("refuses an empty name and no requisites with the spec's words, and another's requisites, changing nothing", async () => {
    const before = (await ctx.app.db.select().from(terminals)).length;
    const empty = await world.trader.browser.post('/api/inner/terminal', { name: ' ', requisites: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ["Name can't be empty string"], requisites: ['Select requisites'] });
    const stranger = await readyTrader(ctx);
    const foreign = await world.trader.browser.post('/api/inner/terminal', {
      name: 'Theirs',
      requisites: [stranger.requisiteId],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.requisites).toBeDefined();
    expect((await ctx.app.db.select().from(terminals)).length).toBe(before);
  });

  it("lists a trader's own only, and hides another's terminal (404) from every call", async () => {
    const stranger = await readyTrader(ctx);
    const theirs = await createTerminal(stranger, 'Theirs');
    const list = await world.trader.browser.get('/api/inner/trader/terminal');
    expect(list.statusCode).toBe(200);
    const guids = list.json().data.items.map((item: { guid: string }) => item.guid);
    expect(guids).not.toContain(theirs.terminal.guid);
    const url = `/api/inner/terminal/${theirs.terminal.guid}`;
    for (const response of [
      await world.trader.browser.request('PUT', url, { name: 'Mine now' }),
      await world.trader.browser.request('DELETE', `${url}/`),
      await world.trader.browser.post(`${url}/pairing_code/`),
      await world.trader.browser.post(`${url}/disable/`),
      await world.trader.browser.get(`${url}/notification/`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const admin = await world.admin.browser.get('/api/inner/terminal?count=50');
    expect(admin.json().data.items.map((item: { guid: string }) => item.guid)).toContain(theirs.terminal.guid);
  });

  it('edits the name and requisites, and deletes with the device signed out', async () => {
    const created = await createTerminal();
    const token = await pair(created.pairing_code);
    const url = `/api/inner/terminal/${created.terminal.guid}`;
    const edited = await world.trader.browser.request('PUT', url, { name: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('Renamed');
    const deleted = await world.trader.browser.request('DELETE', `${url}/`);
    expect(deleted.statusCode).toBe(200);
    expect((await devicePost('/heartbeat', { device }, token)).statusCode).toBe(401);
    const list = await world.trader.browser.get('/api/inner/trader/terminal?count=50');
    expect(list.json().data.items.map((item: { guid: string }) => item.guid)).not.toContain(created.terminal.guid);
  });

  it('refuses every wrong role', async () => {
    const created = await createTerminal();
    const url = `/api/inner/terminal/${created.terminal.guid}`;
    for (const name of ['merchant', 'agent', 'partner']) {
      expect((await as(name).get('/api/inner/terminal')).statusCode).toBe(403);
      expect((await as(name).post('/api/inner/terminal', { name: 'x', requisites: [] })).statusCode).toBe(403);
      expect((await as(name).post(`${url}/enable/`)).statusCode).toBe(403);
    }
    // A support admin reads, and changes nothing.
    expect((await as('support').get('/api/inner/terminal')).statusCode).toBe(200);
    expect((await as('support').get(`${url}/notification/`)).statusCode).toBe(200);
    for (const response of [
      await as('support').post(`${url}/enable/`),
      await as('support').post(`${url}/disable/`),
      await as('support').request('PATCH', `${url}/mode/`, { direction: 'pay_in', is_enabled: false }),
      await as('support').request('DELETE', `${url}/`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    // The trader does not approve its own.
    expect((await world.trader.browser.post(`${url}/enable/`)).statusCode).toBe(403);
    expect((await world.trader.browser.post('/api/inner/terminal', {})).statusCode).toBe(422);
  });
});

describe('the device API and the statuses of DESIGN §11', () => {
  it('pairs once with the code, waits for moderation, is approved, paused and played', async () => {
    const created = await createTerminal();
    const token = await pair(created.pairing_code.toLowerCase());
    expect((await devicePost('/pair', { code: created.pairing_code, device })).statusCode).toBe(422);
    const url = `/api/inner/terminal/${created.terminal.guid}`;
    const list = await world.admin.browser.get('/api/inner/terminal?count=50');
    const shown = list.json().data.items.find((item: { guid: string }) => item.guid === created.terminal.guid);
    expect(shown).toMatchObject({
      status: { slug: 'moderation' },
      is_online: true,
      device: { android_id: device.android_id, device_model: 'Pixel 7', sims: device.sims },
    });
    expect((await world.admin.browser.post(`${url}/enable/`)).json().data.status.slug).toBe('enabled');
    expect((await world.admin.browser.post(`${url}/disable/`)).json().data.status.slug).toBe('disabled_by_admin');
    expect((await world.admin.browser.post(`${url}/enable/`)).statusCode).toBe(409);
    expect((await world.admin.browser.post(`${url}/moderate/`)).json().data.status.slug).toBe('moderation');
    const heartbeat = await devicePost('/heartbeat', { device }, token);
    expect(heartbeat.json().data).toEqual({ status: 'moderation', deposit_open: true, withdraw_open: false });
  });

  it('loses the connection after the timeout through the sweep, and is back on the next heartbeat', async () => {
    const { guid, token } = await enabledTerminal();
    const later = new Date(Date.now() + (ctx.config.DEVICE_HEARTBEAT_TIMEOUT_SECONDS + 1) * 1000);
    const lost = await sweepLostConnections(ctx.app, later);
    expect(lost.map((row) => row.id)).toContain(guid);
    const [row] = await ctx.app.db.select().from(terminals).where(eq(terminals.id, guid));
    expect(row?.status).toBe('lost_connection');
    const back = await devicePost('/heartbeat', { device }, token);
    expect(back.json().data.status).toBe('enabled');
  });

  it('a re-paired device of an approved terminal waits for its first heartbeat, the old one is signed out', async () => {
    const { guid, token } = await enabledTerminal();
    const renewed = await world.trader.browser.post(`/api/inner/terminal/${guid}/pairing_code/`);
    expect(renewed.statusCode).toBe(200);
    const second = await pair(renewed.json().data.pairing_code);
    expect((await devicePost('/heartbeat', { device }, token)).statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(terminals).where(eq(terminals.id, guid));
    expect(row?.status).toBe('pending');
    expect((await devicePost('/heartbeat', { device }, second)).json().data.status).toBe('enabled');
  });

  it('refuses a missing or wrong token and bad input, clearly', async () => {
    expect((await devicePost('/heartbeat', { device })).json().error.code).toBe('device_token_invalid');
    expect((await devicePost('/heartbeat', { device }, 'x'.repeat(43))).statusCode).toBe(401);
    const { token } = await enabledTerminal();
    const bad = await devicePost('/notifications', { notifications: [{ id: '1', body: 'x\u0000' }] }, token);
    expect(bad.statusCode).toBe(422);
    const farFuture = await devicePost(
      '/notifications',
      { notifications: [message('Зачисление 100р', new Date('2999-01-01T00:00:00Z'))] },
      token,
    );
    expect(farFuture.statusCode).toBe(422);
  });
});

describe('bank messages settle pay-ins (DESIGN §11)', () => {
  it('settles exactly the one open pay-in of that amount, once, and links the message', async () => {
    const { guid: terminal, token } = await enabledTerminal();
    const order = await createPayIn('4321');
    const tail = (await cardOf(world.trader.requisiteId)).slice(-4);
    const text = message(`MIR-${tail} 10:15 Зачисление 4 321р от Иван И. Баланс: 15 432.10р`);
    const first = await devicePost('/notifications', { notifications: [text] }, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.results).toEqual([{ id: text.id, state: 'new', outcome: 'matched' }]);
    expect(await statusOf(order)).toBe('paid');
    const again = await devicePost('/notifications', { notifications: [text, { ...text, id: 'another-id' }] }, token);
    expect(again.json().data.results.map((result: { state: string }) => result.state)).toEqual([
      'duplicate',
      'duplicate',
    ]);
    const listed = await world.trader.browser.get(`/api/inner/terminal/${terminal}/notification/`);
    expect(listed.json().data.items[0]).toMatchObject({
      orderGuid: order,
      outcome: { slug: 'matched' },
      payload: { operationType: { slug: 'income' }, amount: '4321', currency: { code: 'RUB' } },
    });
    const events = await ctx.app.db.select().from(bankMessages).where(eq(bankMessages.orderId, order));
    expect(events).toHaveLength(1);
  });

  it('settles a batch at once: each income its own pay-in, with its timeline, webhook and money', async () => {
    const { token } = await enabledTerminal();
    const paidBefore = await ctx.app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'paid'));
    const created = [await createPayIn('1101'), await createPayIn('1102'), await createPayIn('1103')];
    const batch = [
      message('Зачисление 1 101р от Анна А.'),
      message('Зачисление 1 102р от Борис Б.'),
      // A second payment of an amount the batch already settled: its pay-in is no longer open.
      message('Зачисление 1 101р от Вера В.'),
      message('Зачисление 1 103р от Глеб Г.'),
    ];
    const response = await devicePost('/notifications', { notifications: batch }, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'matched',
      'matched',
      'unmatched',
      'matched',
    ]);
    for (const guid of created) {
      expect(await statusOf(guid)).toBe('paid');
      const timeline = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, guid));
      expect(timeline.map((event) => [event.toStatus, event.actorKind])).toEqual([
        ['new', 'merchant'],
        ['paid', 'terminal'],
      ]);
      const webhooks = await ctx.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, guid));
      expect(webhooks.map((delivery) => delivery.type).sort()).toEqual(['order.created', 'order.paid']);
      const [linked] = await ctx.app.db.select().from(bankMessages).where(eq(bankMessages.orderId, guid));
      expect(linked?.outcome).toBe('matched');
    }
    const paidAfter = await ctx.app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'paid'));
    expect(paidAfter.length - paidBefore.length).toBe(3);
    expect(await reconcileLedger(ctx.app.db)).toMatchObject({ ok: true });
  });

  it('leaves an ambiguous, an unknown, a late and a balance-only message unmatched, settling nothing', async () => {
    // Two cards on one terminal: the same amount may be open once per card, so twice on this terminal.
    const secondCard = newId();
    await ctx.app.db.insert(requisites).values({
      id: secondCard,
      userId: world.trader.id,
      name: 'Second card',
      currency: 'RUB',
      paymentOption: 'card',
      paymentType: 'sberbank',
      attributes: { card_number: '4276000011112222', holder: 'IVAN PETROV' },
    });
    const created = await world.trader.browser.post('/api/inner/terminal', {
      name: 'Two cards',
      requisites: [world.trader.requisiteId, secondCard],
    });
    const token = await pair(created.json().data.pairing_code);
    await world.admin.browser.post(`/api/inner/terminal/${created.json().data.terminal.guid}/enable/`);
    const one = await createPayIn('2750');
    const two = await createPayIn('2750');
    const early = new Date(Date.now() - 10 * 60 * 1000);
    const messages = [
      message('Зачисление 2 750р от Петр П.'),
      message('Зачисление 9 999р от Петр П.'),
      message('Зачисление 3 100р от Петр П.', early),
      message('Баланс карты: 2 750р'),
    ];
    await createPayIn('3100');
    const response = await devicePost('/notifications', { notifications: messages }, token);
    expect(response.json().data.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'ambiguous',
      'unmatched',
      'unmatched',
      'ignored',
    ]);
    expect([await statusOf(one), await statusOf(two)]).toEqual(['new', 'new']);
  });

  it('settles nothing with a late message: its pay-in was canceled before the bank spoke', async () => {
    const { token } = await enabledTerminal();
    const order = await createPayIn('1777');
    const canceled = await world.merchant.api.post(`/api/v1/orders/${order}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    const response = await devicePost('/notifications', { notifications: [message('Зачисление 1 777р')] }, token);
    expect(response.json().data.results[0].outcome).toBe('unmatched');
    expect(await statusOf(order)).toBe('canceled');
  });

  it('stores a message sent twice in one batch once, under either id', async () => {
    const { guid, token } = await enabledTerminal();
    const text = message('Покупка 350р SBERMARKET');
    const response = await devicePost('/notifications', { notifications: [text, { ...text, id: 'twin' }] }, token);
    expect(response.json().data.results.map((result: { state: string }) => result.state)).toEqual(['new', 'duplicate']);
    expect(await ctx.app.db.select().from(bankMessages).where(eq(bankMessages.terminalId, guid))).toHaveLength(1);
  });

  it('settles nothing from a paused terminal', async () => {
    const { guid, token } = await enabledTerminal();
    await world.admin.browser.post(`/api/inner/terminal/${guid}/disable/`);
    const order = await createPayIn('1234');
    const response = await devicePost('/notifications', { notifications: [message('Зачисление 1 234р')] }, token);
    expect(response.json().data.results[0].outcome).toBe('ignored');
    expect(await statusOf(order)).toBe('new');
  });

  it('switches the requisite off when the bank says it is blocked', async () => {
    const trader = await readyTrader(ctx, { flowId: world.flowId });
    const created = await createTerminal(trader);
    const token = await pair(created.pairing_code);
    await world.admin.browser.post(`/api/inner/terminal/${created.terminal.guid}/enable/`);
    const tail = (await cardOf(trader.requisiteId)).slice(-4);
    const response = await devicePost(
      '/notifications',
      { notifications: [message(`Карта MIR-${tail} заблокирована по 115-ФЗ. Обратитесь в банк.`)] },
      token,
    );
    expect(response.json().data.results[0].outcome).toBe('blocked');
    const [row] = await ctx.app.db.select().from(requisites).where(eq(requisites.id, trader.requisiteId));
    expect(row?.isActive).toBe(false);
    // And an anti-fraud case for the admins (DESIGN §11), which keeps the card out of matching until released.
    const cases = await ctx.app.db
      .select()
      .from(antiFraudCases)
      .where(eq(antiFraudCases.targetRequisiteId, trader.requisiteId));
    expect(cases).toMatchObject([
      { rule: 'requisite_blocked_by_bank', targetKind: 'requisite', evidence: { bank: 'sberbank', terminal: 'Pixel' } },
    ]);
  });
});

// Last: it leaves this file's address throttled for pairing.
describe('pairing under the throttle (DESIGN §3)', () => {
  it('throttles guessing pairing codes from one address', async () => {
    let last = 0;
    for (let attempt = 0; attempt < ctx.config.LOGIN_MAX_FAILURES_PER_IP + 2; attempt += 1) {
      last = (await devicePost('/pair', { code: `WRONG${attempt}`, device })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the demo phone (DESIGN §7, §11)', () => {
  it("forwards its bank's message of a paid pay-in, which settles it like a real device's", async () => {
    // The world's trader is the flow's one executor with an active card now (the blocked one is off).
    await ctx.app.db.transaction((tx) => seedDemoTerminal(tx, world.trader.id, [world.trader.requisiteId]));
    const order = await createPayIn('6420');
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order));
    if (!row?.requisiteId) throw new Error('no requisite');
    expect(row.executorId).toBe(world.trader.id);
    const [requisite] = await ctx.app.db.select().from(requisites).where(eq(requisites.id, row.requisiteId));
    const result = await forwardDemoPayment(ctx.app, row, requisite?.attributes ?? {});
    expect(result?.outcome).toBe('matched');
    expect(await statusOf(order)).toBe('paid');
    await demoHeartbeat(ctx.app.db);
  });
});
