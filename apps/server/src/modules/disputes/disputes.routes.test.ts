import { readdirSync } from 'node:fs';
import { USDT } from '@paydesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  Client,
  crashingAfterCommit,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/harness';
import { type OrderWorld, orderWorld, payIn, payOut } from '../../../test/orders-fixture';
import { newId } from '../../lib/ids';
import { balancesOf } from '../ledger/ledger.read';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { postTransfers, userAccount } from '../ledger/ledger.service';
import { ledgerTransfers } from '../ledger/ledger.table';
import { orders } from '../orders/orders.table';
import { webhookDeliveries } from '../webhooks/webhooks.table';
import { disputeFiles, disputes } from './disputes.table';

let ctx: TestContext;
let world: OrderWorld;
const clients = new Map<string, Client>();

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  for (const [name, type, roles] of [
    ['support', 'admin', ['support']],
    ['stranger merchant', 'merchant', []],
    ['stranger trader', 'trader', []],
    ['russian admin', 'admin', []],
  ] as const) {
    const user = await createUser(ctx.database, { type, roles: [...roles] });
    const headers: Record<string, string> = name === 'russian admin' ? { 'x-language': 'ru' } : {};
    clients.set(name, await new Client(ctx.app, headers).signIn(user.username));
  }
});
afterAll(() => ctx.close());
// Whatever a test moved, the ledger still adds up.
afterEach(async () => {
  expect(await reconcileLedger(ctx.app.db)).toMatchObject({ ok: true });
});

const as = (name: string) => {
  const client = clients.get(name);
  if (!client) throw new Error(`no client ${name}`);
  return client;
};

/** The smallest PNG there is: a transparent pixel. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const receipt = { name: 'receipt.png', data: dataUrl(pngBytes) };

const balance = async (userId: string) => (await balancesOf(ctx.app.db, [userId], 'USDT')).get(userId);
const statusOf = async (guid: string) =>
  (await ctx.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, guid)))[0]?.status;

async function create(w: OrderWorld, body: Record<string, unknown>) {
  const response = await w.merchant.api.post('/api/v1/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.guid as string;
}

async function paidPayIn(w: OrderWorld, amount: string) {
  const guid = await create(w, payIn(amount));
  const paid = await w.trader.browser.post(`/api/inner/order/${guid}/set-paid`);
  expect(paid.statusCode, paid.body).toBe(200);
  return guid;
}

async function canceledPayIn(w: OrderWorld, amount: string) {
  const guid = await create(w, payIn(amount));
  const canceled = await w.admin.browser.post(`/api/inner/order/${guid}/cancel`);
  expect(canceled.statusCode, canceled.body).toBe(200);
  return guid;
}

const openBody = (guid: string, extra: Record<string, unknown> = {}) => ({
  order_uuid: guid,
  reason: 'payment_not_credited',
  paid_amount: '1500',
  paid_at: new Date().toISOString(),
  files: [receipt],
  ...extra,
});

async function open(w: OrderWorld, guid: string, extra: Record<string, unknown> = {}) {
  const response = await w.admin.browser.post('/api/inner/dispute', openBody(guid, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { uuid: string; files: { url: string }[] };
}

const close = (w: OrderWorld, uuid: string, body: Record<string, unknown>) =>
  w.admin.browser.request('PUT', `/api/inner/dispute/${uuid}/status`, body);

/** How each party's balances moved between two readings. */
async function deltas(w: OrderWorld, run: () => Promise<unknown>) {
  const ids = [w.merchant.id, w.trader.id, w.agent.id];
  const before = await Promise.all(ids.map(balance));
  await run();
  const after = await Promise.all(ids.map(balance));
  return ids.map((_, index) => ({
    available: (after[index]?.available ?? 0n) - (before[index]?.available ?? 0n),
    hold: (after[index]?.hold ?? 0n) - (before[index]?.hold ?? 0n),
    insurance: (after[index]?.insurance ?? 0n) - (before[index]?.insurance ?? 0n),
  }));
}

describe('dispute reasons (GET /dispute/reason)', () => {
  it('lists every reason with the fields it asks for and its names in English and Russian', async () => {
    const response = await world.merchant.browser.get('/api/inner/dispute/reason');
    expect(response.statusCode, response.body).toBe(200);
    const reasons = response.json().data as { value: string; fields: string[]; names: { en: string; ru: string } }[];
    expect(reasons.map((reason) => [reason.value, reason.fields])).toEqual([
      ['payment_not_credited', ['paid_amount', 'paid_at']],
      ['wrong_amount', ['paid_amount']],
      ['duplicate_payment', []],
      ['other', ['comment']],
    ]);
    expect(reasons[0]?.names).toEqual({ en: 'Payment made but not credited', ru: 'Оплата прошла, но не зачислена' });
  });
});

describe('opening a dispute (POST /dispute, DESIGN §12)', () => {
  it('opens one on a canceled pay-in with a receipt: the order shows dispute, one open per order, the merchant told', async () => {
    const guid = await canceledPayIn(world, '1501');
    const opened = await open(world, guid);
    expect(opened).toMatchObject({
      order_uuid: guid,
      status: { slug: 'open', title: 'Open' },
      reason: { value: 'payment_not_credited' },
      fields: { paid_amount: '1500' },
      order_status_before: 'canceled',
      merchant: { uuid: world.merchant.id },
      executor: { uuid: world.trader.id },
      files: [{ name: 'receipt.png', content_type: 'image/png' }],
    });
    expect(await statusOf(guid)).toBe('dispute');
    const order = (await world.merchant.browser.get(`/api/inner/order/${guid}`)).json().data;
    expect(order.order.status.slug).toBe('dispute');
    expect(order.timeline.at(-1)).toMatchObject({ status: { slug: 'dispute' }, from_status: 'canceled' });

    const again = await as('russian admin').post('/api/inner/dispute', openBody(guid));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'dispute_exists' },
      localized_message: 'По этому заказу уже открыта апелляция.',
    });
    const [webhook] = await ctx.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, 'dispute.opened'));
    expect(webhook?.payload).toMatchObject({
      type: 'dispute.opened',
      data: { guid, status: 'dispute' },
      dispute: { uuid: opened.uuid, status: 'open', reason: 'payment_not_credited' },
    });
  });

  it('serves the receipt to the admin, the order’s merchant and its executor only, as what it is', async () => {
    const guid = await canceledPayIn(world, '1502');
    const { files } = await open(world, guid);
    const url = files[0]?.url ?? '';
    for (const client of [world.admin.browser, as('support'), world.merchant.browser, world.trader.browser]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="receipt.png"; filename*=UTF-8''receipt.png`,
      );
      expect(response.rawPayload.equals(pngBytes)).toBe(true);
    }
    for (const client of [as('stranger merchant'), as('stranger trader')]) {
      expect((await client.get(url)).statusCode).toBe(404);
    }
    expect((await world.admin.browser.get(`/api/inner/dispute/file/${newId()}`)).statusCode).toBe(404);
  });

  it('serves a PDF as an attachment to download, never inline (issue 20)', async () => {
    const guid = await canceledPayIn(world, '1509');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const { files } = await open(world, guid, { files: [{ name: 'чек.pdf', data: dataUrl(pdf, 'application/pdf') }] });
    const response = await world.merchant.browser.get(files[0]?.url ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('чек.pdf')}`,
    );
  });

  it('refuses a file that is not what its name says, one too large and a script, storing nothing', async () => {
    const huge = await world.admin.browser.post(
      '/api/inner/dispute',
      openBody(newId(), { files: [{ name: 'huge.png', data: dataUrl(Buffer.alloc(9 * 1024 * 1024)) }] }),
    );
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ _: ['The request is too large.'] });
    const guid = await canceledPayIn(world, '1503');
    const before = await ctx.app.db.select().from(disputeFiles);
    const filesOnDisk = () => readdirSync(ctx.config.FILES_DIR ?? '', { recursive: true }).length;
    const onDisk = filesOnDisk();
    const cases: [string, Record<string, unknown>, string][] = [
      ['a text called .png', { name: 'receipt.png', data: dataUrl(Buffer.from('not a picture')) }, 'PNG, JPG or PDF'],
      ['a PNG called .pdf', { name: 'receipt.pdf', data: dataUrl(pngBytes, 'application/pdf') }, 'PNG, JPG or PDF'],
      ['a script', { name: 'receipt.js', data: dataUrl(Buffer.from('alert(1)'), 'text/javascript') }, 'PNG, JPG'],
      [
        'six megabytes',
        { name: 'big.png', data: dataUrl(Buffer.concat([pngBytes, Buffer.alloc(6 * 1024 * 1024)])) },
        'larger than 5 MB',
      ],
      ['no data URL', { name: 'receipt.png', data: 'hello' }, 'could not be read'],
    ];
    for (const [label, file, message] of cases) {
      const response = await world.admin.browser.post('/api/inner/dispute', openBody(guid, { files: [file] }));
      expect(response.statusCode, label).toBe(422);
      expect(JSON.stringify(response.json().errors), label).toContain(message);
    }
    expect(await statusOf(guid)).toBe('canceled');
    expect(await ctx.app.db.select().from(disputes).where(eq(disputes.orderId, guid))).toHaveLength(0);
    expect(await ctx.app.db.select().from(disputeFiles)).toHaveLength(before.length);
    expect(filesOnDisk()).toBe(onDisk);
  });

  it('asks for the fields of the reason, and refuses bad input with messages per field', async () => {
    const guid = await canceledPayIn(world, '1504');
    const response = await world.admin.browser.post('/api/inner/dispute', {
      order_uuid: guid,
      reason: 'payment_not_credited',
      paid_at: '1999-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      paid_amount: ['This field is required.'],
      paid_at: ['Enter when it was paid: from 2000 up to a day from now.'],
    });
    // Three days ahead: the message names the rule that refused it (issue 20).
    const ahead = await world.admin.browser.post('/api/inner/dispute', {
      order_uuid: guid,
      reason: 'payment_not_credited',
      paid_amount: '1504',
      paid_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors.paid_at).toEqual(['Enter when it was paid: from 2000 up to a day from now.']);
    for (const body of [
      { order_uuid: 'nope', reason: 'other', comment: 'x' },
      { order_uuid: guid, reason: 'because', comment: 'x' },
      { order_uuid: guid, reason: 'other', comment: 'x\u0000'.repeat(600) },
      { order_uuid: guid, reason: 'wrong_amount', paid_amount: '1'.repeat(1000) },
    ]) {
      expect((await world.admin.browser.post('/api/inner/dispute', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await statusOf(guid)).toBe('canceled');
  });

  it('refuses a dispute on an open order and on a canceled pay-out nobody took, and on an unknown order', async () => {
    const openOrder = await create(world, payIn('1505'));
    const payout = await create(world, payOut('1506'));
    await world.merchant.api.post(`/api/v1/orders/${payout}/cancel`);
    for (const guid of [openOrder, payout]) {
      const response = await world.admin.browser.post('/api/inner/dispute', openBody(guid));
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('dispute_not_allowed');
    }
    expect((await world.admin.browser.post('/api/inner/dispute', openBody(newId()))).statusCode).toBe(404);
    await world.merchant.api.post(`/api/v1/orders/${openOrder}/cancel`);
  });
});

describe('closing a dispute (PUT /dispute/{uuid}/status, DESIGN §12)', () => {
  it('resolved on a canceled pay-in settles it as paid, from the executor’s available balance, as a paid order would', async () => {
    const normal = await deltas(world, () => paidPayIn(world, '1510'));
    const guid = await canceledPayIn(world, '1510');
    const { uuid } = await open(world, guid);
    const disputed = await deltas(world, async () => {
      const resolved = await close(world, uuid, { status: 'resolved' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json().data).toMatchObject({ status: { slug: 'resolved' }, resolved_fiat_amount: null });
    });
    expect(disputed).toEqual(normal);
    expect(await statusOf(guid)).toBe('paid');
    const codes = (await ctx.app.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, guid))).map(
      (transfer) => transfer.code,
    );
    expect(codes).toContain('dispute_charge');
    expect(codes).not.toContain('dispute_insurance');
    const [closed] = await ctx.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, 'dispute.closed'));
    expect(closed?.payload).toMatchObject({ data: { guid, status: 'paid' }, dispute: { uuid, status: 'resolved' } });
  });

  it('takes what the executor’s available balance lacks from its insurance deposit, and refuses beyond it', async () => {
    const w = await orderWorld(ctx);
    const guid = await canceledPayIn(w, '9250');
    const second = await canceledPayIn(w, '9250');
    // The trader keeps 40 USDT available and 100 in insurance; the order needs 100 USDT held again.
    const held = (await balance(w.trader.id))?.available ?? 0n;
    await ctx.app.db.transaction((tx) =>
      postTransfers(
        tx,
        [
          {
            id: newId(),
            code: 'insurance',
            debit: userAccount(w.trader.id, 'available'),
            credit: userAccount(w.trader.id, 'insurance'),
            amountMinor: held - 40_000_000n,
          },
        ],
        USDT.code,
      ),
    );
    const { uuid } = await open(w, guid);
    const moved = await deltas(w, async () => {
      const resolved = await close(w, uuid, { status: 'resolved' });
      expect(resolved.statusCode, resolved.body).toBe(200);
    });
    // 40 available and 60 of the insurance held the order's 100 USDT again; the trader keeps its 2.5 % reward.
    expect(moved[1]?.insurance).toBe(-60_000_000n);
    expect((await balance(w.trader.id))?.available).toBe(2_500_000n);
    expect(await statusOf(guid)).toBe('paid');

    // The other canceled pay-in, whose money the trader no longer has at all.
    const drained = await balance(w.trader.id);
    await ctx.app.db.transaction((tx) =>
      postTransfers(
        tx,
        [
          {
            id: newId(),
            code: 'withdrawal',
            debit: userAccount(w.trader.id, 'insurance'),
            credit: { ownerId: null, kind: 'custody' },
            amountMinor: drained?.insurance ?? 0n,
          },
          {
            id: newId(),
            code: 'withdrawal',
            debit: userAccount(w.trader.id, 'available'),
            credit: { ownerId: null, kind: 'custody' },
            amountMinor: drained?.available ?? 0n,
          },
        ],
        USDT.code,
      ),
    );
    const { uuid: refusedUuid } = await open(w, second);
    const refused = await close(w, refusedUuid, { status: 'resolved' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('insufficient_funds');
    expect(await statusOf(second)).toBe('dispute');
    const [still] = await ctx.app.db.select().from(disputes).where(eq(disputes.id, refusedUuid));
    expect(still?.status).toBe('open');
  });

  it('corrects a paid pay-in’s amount by compensating transfers: everyone ends as if it had been for that amount', async () => {
    for (const [paid, corrected] of [
      ['1000', '1200'],
      ['1000', '777.77'],
    ] as const) {
      // Two worlds alike: in one the order is paid for one amount and corrected, in the other paid for the right one.
      const a = await orderWorld(ctx);
      const b = await orderWorld(ctx);
      let guid = '';
      const correctedLater = await deltas(a, async () => {
        guid = await paidPayIn(a, paid);
        const { uuid } = await open(a, guid, { reason: 'wrong_amount', paid_amount: corrected, paid_at: undefined });
        const resolved = await close(a, uuid, { status: 'resolved', fiat_amount: corrected });
        expect(resolved.statusCode, resolved.body).toBe(200);
        expect(resolved.json().data).toMatchObject({
          resolved_fiat_amount: { amount: corrected, currency: { code: 'RUB' } },
          fiat_amount: { amount: corrected },
        });
      });
      const rightAtOnce = await deltas(b, () => paidPayIn(b, corrected));
      expect(correctedLater).toEqual(rightAtOnce);
      expect(correctedLater[0]?.available).not.toBe(0n);
      expect(await statusOf(guid)).toBe('paid');
      const codes = (await ctx.app.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, guid))).map(
        (transfer) => transfer.code,
      );
      expect(codes).toContain('dispute_adjustment');
    }
  });

  it('rejected restores the order’s status and moves no money; a closed dispute moves no more', async () => {
    const guid = await paidPayIn(world, '1520');
    const { uuid } = await open(world, guid, {
      reason: 'duplicate_payment',
      paid_amount: undefined,
      paid_at: undefined,
    });
    const withAmount = await close(world, uuid, { status: 'rejected', fiat_amount: '10' });
    expect(withAmount.statusCode).toBe(422);
    expect(withAmount.json().errors).toEqual({ fiat_amount: ['A corrected amount goes only with resolved.'] });
    const moved = await deltas(world, async () => {
      const rejected = await close(world, uuid, { status: 'rejected' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data.status).toEqual({ slug: 'rejected', title: 'Rejected' });
    });
    expect(moved.every((party) => party.available === 0n && party.hold === 0n)).toBe(true);
    expect(await statusOf(guid)).toBe('paid');
    for (const status of ['resolved', 'rejected']) {
      const again = await close(world, uuid, { status });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('dispute_status_conflict');
    }
    expect((await close(world, uuid, { status: 'open' })).statusCode).toBe(422);
    expect((await close(world, newId(), { status: 'rejected' })).statusCode).toBe(404);
  });

  it('is refused to a trader, a merchant and a support admin, who change nothing', async () => {
    const guid = await paidPayIn(world, '1521');
    const { uuid } = await open(world, guid);
    for (const client of [world.trader.browser, world.merchant.browser, as('support')]) {
      const response = await client.request('PUT', `/api/inner/dispute/${uuid}/status`, { status: 'resolved' });
      expect(response.statusCode).toBe(403);
      expect((await client.post('/api/inner/dispute', openBody(guid))).statusCode).toBe(403);
    }
    expect(await statusOf(guid)).toBe('dispute');
    await close(world, uuid, { status: 'rejected' });
  });
});

describe('disputes through the merchant API (POST /api/v1/orders/{guid}/dispute)', () => {
  it('lets a merchant open one on its own order, not on another’s; an executor’s key is refused', async () => {
    const guid = await paidPayIn(world, '1530');
    const response = await world.merchant.api.post(`/api/v1/orders/${guid}/dispute`, {
      reason: 'other',
      comment: 'The payer says it paid twice',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      order_uuid: guid,
      fields: { comment: 'The payer says it paid twice' },
    });
    const other = await orderWorld(ctx);
    const foreign = await paidPayIn(other, '1531');
    expect(
      (await world.merchant.api.post(`/api/v1/orders/${foreign}/dispute`, { reason: 'duplicate_payment' })).statusCode,
    ).toBe(404);
    const traderApi = await ApiClient.of(ctx.app, world.trader.username);
    expect(
      (await traderApi.post(`/api/v1/orders/${foreign}/dispute`, { reason: 'duplicate_payment' })).statusCode,
    ).toBe(403);
    expect(await statusOf(foreign)).toBe('paid');
    await close(world, response.json().data.uuid, { status: 'rejected' });
  });

  it('answers a retry right after a crash past the commit with the dispute it opened (issue 20, R2)', async () => {
    const guid = await paidPayIn(world, '1532');
    const body = { reason: 'other', comment: 'Paid twice, says the payer' };
    const send = () => world.merchant.api.post(`/api/v1/orders/${guid}/dispute`, body, { idempotencyKey: 'crash-d' });
    // The process dies right after the dispute's transaction commits: nothing after the commit happens.
    const crashed = await crashingAfterCommit(ctx.app, send);
    expect(crashed.statusCode).toBe(500);
    expect(await statusOf(guid)).toBe('dispute');
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toMatchObject({
      order_uuid: guid,
      status: { slug: 'open' },
      fields: { comment: body.comment },
    });
    // A new key is a new request: the order has its dispute already.
    const again = await world.merchant.api.post(`/api/v1/orders/${guid}/dispute`, body, { idempotencyKey: 'crash-d2' });
    expect(again.json().error?.code).toBe('dispute_exists');
    await close(world, retry.json().data.uuid, { status: 'rejected' });
  });
});

describe('lists of disputes (GET [/{role}]/dispute/)', () => {
  it('shows each role the disputes of its own orders, newest first, and the APPEALS tab its open ones', async () => {
    const other = await orderWorld(ctx);
    const mine = await open(world, await paidPayIn(world, '1540'));
    const theirs = await open(other, await paidPayIn(other, '1541'));
    const uuids = (response: { json(): { data: { items: { uuid: string }[] } } }) =>
      response.json().data.items.map((item) => item.uuid);

    const all = await world.admin.browser.get('/api/inner/dispute/?filter[status]=open');
    expect(all.statusCode, all.body).toBe(200);
    expect(uuids(all).slice(0, 2)).toEqual([theirs.uuid, mine.uuid]);
    expect(all.json().data.context.pagination).toMatchObject({ per_page: 20 });

    const merchant = await world.merchant.browser.get('/api/inner/merchant/dispute/');
    expect(uuids(merchant)).toContain(mine.uuid);
    expect(uuids(merchant)).not.toContain(theirs.uuid);
    const trader = await other.trader.browser.get('/api/inner/trader/dispute/');
    expect(uuids(trader)).toEqual([theirs.uuid]);

    await close(world, mine.uuid, { status: 'rejected' });
    const stillOpen = await world.admin.browser.get('/api/inner/dispute/?filter[status]=open');
    expect(uuids(stillOpen)).not.toContain(mine.uuid);
    const byOrder = await world.admin.browser.get(`/api/inner/dispute/?filter[status]=rejected,resolved`);
    expect(uuids(byOrder)).toContain(mine.uuid);
    for (const [client, path] of [
      [world.merchant.browser, '/api/inner/dispute/'],
      [world.trader.browser, '/api/inner/merchant/dispute/'],
      [world.admin.browser, '/api/inner/trader/dispute/'],
    ] as const) {
      expect((await client.get(path)).statusCode, path).toBe(403);
    }
    expect((await world.admin.browser.get('/api/inner/dispute/?filter[status]=closed')).statusCode).toBe(422);
    await close(other, theirs.uuid, { status: 'rejected' });
  });
});
