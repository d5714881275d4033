import { parseAmount, USDT } from '@paydesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  createUser,
  depositAddressOf,
  externalAddress,
  fund,
  type TestContext,
} from '../../../test/harness';
import { randomTxHash } from '../../lib/tron';
import { auditEvents } from '../audit/audit.table';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { ledgerTransfers } from '../ledger/ledger.table';
import { traderProfiles, users } from '../users/users.table';
import { payments } from './payments.table';

let ctx: TestContext;
let root: Client;
let rootId: string;
beforeAll(async () => {
  ctx = await createTestApp({ WITHDRAWAL_AUTO_LIMIT: '1000' });
  const admin = await createUser(ctx.database, { type: 'admin', username: 'root', isRoot: true });
  rootId = admin.id;
  root = await new Client(ctx.app).signIn('root');
});
afterAll(() => ctx.close());

type Role = 'merchant' | 'trader' | 'agent' | 'partner' | 'admin';

async function signedIn(type: Role, options: { language?: string; roles?: string[]; insurancePaid?: boolean } = {}) {
  const user = await createUser(ctx.database, { type, roles: options.roles, insurancePaid: options.insurancePaid });
  const browser = await new Client(ctx.app, { 'x-language': options.language ?? 'en' }).signIn(user.username);
  return { user, browser };
}

const balanceOf = async (browser: Client) => (await browser.get('/api/inner/user/balance')).json().data;
const withdraw = (browser: Client, amount: string, address = externalAddress) =>
  browser.post('/api/inner/wallet/withdrawals', { address, currency: 'USDT', amount });

async function expectReconciled() {
  expect(await reconcileLedger(ctx.database.db)).toMatchObject({ ok: true });
}

describe('deposits credited by an admin (POST /wallet/deposits)', () => {
  it('credits a confirmed deposit once per transaction hash, audited, and shows it in history', async () => {
    const { user, browser } = await signedIn('merchant');
    const address = await depositAddressOf(ctx.app, user.id);
    const body = { tx_hash: randomTxHash(), address, amount: '125.5' };
    const first = await root.post('/api/inner/wallet/deposits', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      credited: true,
      payment: { type: { slug: 'deposit' }, status: { slug: 'done' }, money: { amount: '125.5' }, source: 'admin' },
    });
    const again = await root.post('/api/inner/wallet/deposits', { ...body, tx_hash: body.tx_hash.toUpperCase() });
    expect(again.json().data).toMatchObject({ credited: false, payment: { guid: first.json().data.payment.guid } });
    expect((await balanceOf(browser)).available).toBe('125.5');

    const trail = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.targetUserId, user.id));
    expect(trail.map((event) => [event.action, event.actorId])).toEqual([['payment.deposit_credited', rootId]]);

    const history = (await browser.get('/api/inner/my/transaction')).json().data;
    expect(history.items).toEqual([
      expect.objectContaining({
        type: { slug: 'deposit', title: 'Deposit' },
        action: { slug: 'in', title: 'Credit' },
        account: { slug: 'available', title: 'Available' },
        money: expect.objectContaining({ amount: '125.5' }),
        balance_before: '0',
        balance_after: '125.5',
      }),
    ]);
  });

  it('refuses a different amount for a hash already credited, an unknown address and a malformed hash', async () => {
    const { user } = await signedIn('merchant');
    const address = await depositAddressOf(ctx.app, user.id);
    const txHash = randomTxHash();
    await root.post('/api/inner/wallet/deposits', { tx_hash: txHash, address, amount: '10' });
    const cases: [Record<string, unknown>, string][] = [
      [{ tx_hash: txHash, address, amount: '11' }, 'amount'],
      [{ tx_hash: randomTxHash(), address: externalAddress, amount: '5' }, 'address'],
      [{ tx_hash: 'abc', address, amount: '5' }, 'tx_hash'],
      [{ tx_hash: randomTxHash(), address, amount: '0' }, 'amount'],
      [{ tx_hash: randomTxHash(), address, amount: '1.0000001' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const response = await root.post('/api/inner/wallet/deposits', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(count?.n).toBe(1);
  });

  it('is refused to a support admin and to everyone who is not an admin', async () => {
    const body = { tx_hash: randomTxHash(), address: externalAddress, amount: '1' };
    for (const [type, roles] of [
      ['admin', ['support']],
      ['merchant', []],
      ['trader', []],
    ] as const) {
      const { browser } = await signedIn(type, { roles: [...roles] });
      expect((await browser.post('/api/inner/wallet/deposits', body)).statusCode).toBe(403);
    }
  });
});

describe('insurance (SPEC §2.11, DESIGN §4)', () => {
  async function traderWithInsuranceDue(amount: string) {
    const { user, browser } = await signedIn('trader', { insurancePaid: false });
    await ctx.database.db
      .update(traderProfiles)
      .set({ insuranceAmountMinor: BigInt(amount) * 1_000_000n })
      .where(eq(traderProfiles.userId, user.id));
    return { user, browser };
  }

  it('fills the insurance first, then the available balance, and lifts the gate once covered', async () => {
    const { user, browser } = await traderWithInsuranceDue('100');
    expect((await browser.get('/api/inner/my/transaction')).statusCode).toBe(403);

    await fund(ctx.app, user.id, '60');
    let current = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(current.profile.insurance_paid).toBe(false);
    expect(await balanceOf(browser)).toMatchObject({ available: '0', insurance: '60', insurance_required: '100' });

    await fund(ctx.app, user.id, '70');
    // Money moved by someone else: the current user shows it once the event of the change reaches the process.
    const currentUser = async () => (await browser.get('/api/inner/user/current')).json().data.data;
    await expect.poll(async () => (await currentUser()).profile.insurance_paid, { interval: 20 }).toBe(true);
    current = await currentUser();
    expect(await balanceOf(browser)).toMatchObject({ available: '30', insurance: '100', insurance_paid: true });
    expect(current.wallets.map((wallet: { type: { slug: string } }) => wallet.type.slug)).toEqual(['virtual', 'real']);

    // The gate is lifted at once: the balance screen's calls now answer.
    const history = (await browser.get('/api/inner/my/transaction')).json().data.items;
    expect(
      history.map((row: { type: { slug: string }; account: { slug: string }; money: { amount: string } }) => [
        row.type.slug,
        row.account.slug,
        row.money.amount,
      ]),
    ).toEqual([
      // One deposit, one row: 40 filled the insurance, the 30 left over is available.
      ['deposit', 'available', '30'],
      ['insurance', 'insurance', '60'],
    ]);
    expect(
      history[0].parts.map((part: { type: { slug: string }; account: { slug: string }; amount: string }) => [
        part.type.slug,
        part.account.slug,
        part.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['insurance', 'insurance', '40'],
        ['deposit', 'available', '30'],
      ]),
    );
    await expectReconciled();
  });

  it('sees a trader paid at once when the requirement is lowered to what is held', async () => {
    const { user, browser } = await traderWithInsuranceDue('100');
    await fund(ctx.app, user.id, '40');
    const edit = await root.post(`/api/inner/user/${user.id}`, { profile: { insurance_payment_amount: '40' } });
    expect(edit.json().data.profile.insurance_paid).toBe(true);
    expect(edit.json().data.balance).toMatchObject({ virtual: '0', insurance: '40' });
    expect((await browser.get('/api/inner/user/current')).json().data.data.profile.insurance_paid).toBe(true);
  });
});

describe('withdrawals (POST /wallet/withdrawals)', () => {
  it('holds the money and sends it automatically below the limit: pending, then done with the hash', async () => {
    const { user, browser } = await signedIn('merchant');
    await fund(ctx.app, user.id, '500');
    const response = await withdraw(browser, '200.25');
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json().data;
    expect(payment).toMatchObject({
      type: { slug: 'withdraw', title: 'Withdrawal' },
      status: { slug: 'pending', title: 'Sending' },
      balance_before: '500',
      balance_after: '299.75',
      address: externalAddress,
    });
    expect(await balanceOf(browser)).toMatchObject({ available: '299.75', hold: '200.25' });

    const txHash = randomTxHash();
    const sent = await root.post(`/api/inner/transaction/${payment.guid}/sent`, { tx_hash: txHash });
    expect(sent.json().data).toMatchObject({ status: { slug: 'done' }, tx_hash: txHash });
    expect(await balanceOf(browser)).toMatchObject({ available: '299.75', hold: '0' });
    const system = (await root.get('/api/inner/system/balance')).json().data;
    expect(system.custody).not.toBe('0');
    await expectReconciled();
  });

  it('waits in moderation above the automatic limit or with manual withdrawal set', async () => {
    const { user, browser } = await signedIn('merchant');
    await fund(ctx.app, user.id, '3000');
    expect((await withdraw(browser, '1000.000001')).json().data.status.slug).toBe('moderation');
    expect((await withdraw(browser, '1000')).json().data.status.slug).toBe('pending');

    const manual = await signedIn('agent');
    await ctx.database.db.update(users).set({ manualWithdrawal: true }).where(eq(users.id, manual.user.id));
    await fund(ctx.app, manual.user.id, '10');
    expect((await withdraw(manual.browser, '5')).json().data.status.slug).toBe('moderation');
  });

  it('refuses bad input with a localized message and changes nothing', async () => {
    const { user, browser } = await signedIn('merchant', { language: 'ru' });
    await fund(ctx.app, user.id, '50');
    const own = await depositAddressOf(ctx.app, user.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: externalAddress, currency: 'USDT', amount: '0.5' }, 'amount', 'Минимальная сумма вывода — 1 USDT.'],
      [
        { address: externalAddress, currency: 'USDT', amount: '50.000001' },
        'amount',
        'Сумма больше доступного баланса.',
      ],
      [{ address: externalAddress, currency: 'BTC', amount: '5' }, 'currency', 'Выводить можно только USDT.'],
      [{ address: 'T123', currency: 'USDT', amount: '5' }, 'address', 'Пожалуйста, введите корректный адрес кошелька.'],
      [
        { address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HD', currency: 'USDT', amount: '5' },
        'address',
        expect.stringMatching(/адрес TRON/),
      ],
      [
        { address: own, currency: 'USDT', amount: '5' },
        'address',
        'Это адрес пополнения самой платформы; укажите внешний адрес.',
      ],
      [{ currency: 'USDT', amount: '5' }, 'address', 'Пожалуйста, введите адрес кошелька.'],
      [{ address: externalAddress, currency: 'USDT', amount: 'ten' }, 'amount', 'Введите число.'],
      [{ address: externalAddress, currency: 'USDT', amount: '1e9' }, 'amount', 'Введите число.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await browser.post('/api/inner/wallet/withdrawals', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await balanceOf(browser)).toMatchObject({ available: '50', hold: '0' });
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(count?.n).toBe(1);
  });

  it('is refused to a trader and an admin (Pay out is for merchants, partners and agents)', async () => {
    for (const type of ['trader', 'admin'] as const) {
      const { browser } = await signedIn(type);
      expect((await withdraw(browser, '5')).statusCode).toBe(403);
    }
    const partner = await signedIn('partner');
    await fund(ctx.app, partner.user.id, '5');
    expect((await withdraw(partner.browser, '5')).statusCode).toBe(200);
  });

  it('lets 100 parallel withdrawals of the same money succeed exactly as often as the balance allows', async () => {
    const { user, browser } = await signedIn('merchant');
    await fund(ctx.app, user.id, '37');
    const responses = await Promise.all(Array.from({ length: 100 }, () => withdraw(browser, '5')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 422)).toHaveLength(93);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(response.json().error.code).toBe('insufficient_funds');
    }
    expect(await balanceOf(browser)).toMatchObject({ available: '2', hold: '35' });
    await expectReconciled();
  });
});

describe('moderation (POST /transaction/{id}/accept, reject, sent)', () => {
  async function moderated(amount = '1500') {
    const { user, browser } = await signedIn('merchant');
    await fund(ctx.app, user.id, '2000');
    const payment = (await withdraw(browser, amount)).json().data;
    expect(payment.status.slug).toBe('moderation');
    return { user, browser, payment };
  }

  it('accepts a withdrawal in moderation once, audited; it is then sent', async () => {
    const { user, browser, payment } = await moderated();
    const accepted = await root.post(`/api/inner/transaction/${payment.guid}/accept`);
    expect(accepted.json().data).toMatchObject({
      status: { slug: 'pending' },
      decided_by: { uuid: rootId, username: 'root' },
      decided_at: expect.any(String),
    });
    expect((await root.post(`/api/inner/transaction/${payment.guid}/accept`)).statusCode).toBe(409);
    await root.post(`/api/inner/transaction/${payment.guid}/sent`, { tx_hash: randomTxHash() });
    expect(await balanceOf(browser)).toMatchObject({ available: '500', hold: '0' });
    const trail = await ctx.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, user.id))
      .orderBy(auditEvents.id);
    expect(trail.map((event) => event.action)).toEqual(['payment.withdrawal_accepted', 'payment.withdrawal_sent']);
    expect(trail[0]).toMatchObject({ actor: rootId, after: { payment: payment.guid, status: 'pending' } });
  });

  it('rejects with a reason and returns the money; a rejected withdrawal cannot be accepted or sent', async () => {
    const { browser, payment } = await moderated();
    const noReason = await root.post(`/api/inner/transaction/${payment.guid}/reject`, { comment: '  ' });
    expect(noReason.statusCode).toBe(422);
    const rejected = await root.post(`/api/inner/transaction/${payment.guid}/reject`, { comment: 'Address on a list' });
    expect(rejected.json().data).toMatchObject({ status: { slug: 'rejected' }, comment: 'Address on a list' });
    expect(await balanceOf(browser)).toMatchObject({ available: '2000', hold: '0' });
    expect((await root.post(`/api/inner/transaction/${payment.guid}/accept`)).statusCode).toBe(409);
    expect(
      (await root.post(`/api/inner/transaction/${payment.guid}/sent`, { tx_hash: randomTxHash() })).statusCode,
    ).toBe(409);
    expect((await root.post(`/api/inner/transaction/${payment.guid}/reject`, { comment: 'again' })).statusCode).toBe(
      409,
    );
    const history = (
      await browser.get('/api/inner/my/transaction?filter[type]=withdrawal_return&filter[account]=available')
    ).json().data.items;
    expect(history).toEqual([
      expect.objectContaining({ account: expect.objectContaining({ slug: 'available' }), balance_after: '2000' }),
    ]);
    await expectReconciled();
  });

  it('refuses a hash already used by another withdrawal, and answers 404 for a payment that is not a withdrawal', async () => {
    const first = await moderated('1200');
    const second = await moderated('1300');
    const txHash = randomTxHash();
    for (const { payment } of [first, second]) await root.post(`/api/inner/transaction/${payment.guid}/accept`);
    await root.post(`/api/inner/transaction/${first.payment.guid}/sent`, { tx_hash: txHash });
    const reused = await root.post(`/api/inner/transaction/${second.payment.guid}/sent`, { tx_hash: txHash });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.tx_hash).toEqual(['This transaction hash is already recorded for another withdrawal.']);
    expect(await balanceOf(second.browser)).toMatchObject({ hold: '1300' });

    const deposit = await fund(ctx.app, first.user.id, '1');
    expect((await root.post(`/api/inner/transaction/${deposit.paymentId}/accept`)).statusCode).toBe(404);
    expect((await root.post('/api/inner/transaction/01900000-0000-7000-8000-000000000000/accept')).statusCode).toBe(
      404,
    );
  });

  it('lets a support admin see payments but move no money, and refuses merchants and traders', async () => {
    const { payment } = await moderated();
    for (const type of ['merchant', 'trader'] as const) {
      const { browser } = await signedIn(type);
      expect((await browser.post(`/api/inner/transaction/${payment.guid}/accept`)).statusCode).toBe(403);
      expect((await browser.get('/api/inner/transaction')).statusCode).toBe(403);
    }
    const support = await signedIn('admin', { roles: ['support'] });
    expect((await support.browser.get('/api/inner/transaction?filter[type]=withdraw')).statusCode).toBe(200);
    for (const action of ['accept', 'reject', 'sent']) {
      const response = await support.browser.post(`/api/inner/transaction/${payment.guid}/${action}`, {
        comment: 'no',
        tx_hash: randomTxHash(),
      });
      expect(response.statusCode, action).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.guid));
    expect(row?.status).toBe('moderation');
  });
});

describe("the owner's withdrawals (GET /my/withdrawals)", () => {
  const mine = async (browser: Client, query = '') => {
    const response = await browser.get(`/api/inner/my/withdrawals${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      items: Record<string, unknown>[];
      context: { pagination: { total_count: number } };
    };
  };

  it("lists only the caller's withdrawals, newest first, with address, state, hash and a rejection's reason", async () => {
    const { user, browser } = await signedIn('merchant', { language: 'ru' });
    await fund(ctx.app, user.id, '5000');
    const rejected = (await withdraw(browser, '1500')).json().data;
    await root.post(`/api/inner/transaction/${rejected.guid}/reject`, { comment: 'Адрес в стоп-листе' });
    const sent = (await withdraw(browser, '1200')).json().data;
    await root.post(`/api/inner/transaction/${sent.guid}/accept`);
    const hash = randomTxHash();
    await root.post(`/api/inner/transaction/${sent.guid}/sent`, { tx_hash: hash });
    const waiting = (await withdraw(browser, '1100')).json().data;
    // Another owner's withdrawal and the caller's own deposit are not in it.
    const other = await signedIn('merchant');
    await fund(ctx.app, other.user.id, '2000');
    await withdraw(other.browser, '1300');

    const { items, context } = await mine(browser);
    expect(context.pagination.total_count).toBe(3);
    expect(items.map((item) => item.guid)).toEqual([waiting.guid, sent.guid, rejected.guid]);
    expect(items[0]).toMatchObject({
      status: { slug: 'moderation' },
      address: externalAddress,
      tx_hash: null,
      comment: null,
      money: { amount: '1100' },
    });
    expect(items[1]).toMatchObject({ status: { slug: 'done', title: expect.any(String) }, tx_hash: hash });
    expect(items[2]).toMatchObject({ status: { slug: 'rejected' }, comment: 'Адрес в стоп-листе' });
    // Which admin decided is not the owner's business.
    expect(items.map((item) => item.decided_by)).toEqual([null, null, null]);

    const onlyRejected = await mine(browser, '?filter%5Bstatus%5D=rejected&count=1');
    expect(onlyRejected.items.map((item) => item.guid)).toEqual([rejected.guid]);
    expect((await mine(other.browser)).items).toHaveLength(1);
  });

  it('refuses a bad status or page with a localized message', async () => {
    const { browser } = await signedIn('agent');
    for (const query of ['?filter%5Bstatus%5D=nope', '?page=0', '?count=100000', '?sort=amount']) {
      const response = await browser.get(`/api/inner/my/withdrawals${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().localized_message, query).toEqual(expect.any(String));
    }
  });

  it('is refused to a trader and to admins, who have no withdrawals of their own', async () => {
    for (const [type, roles] of [
      ['trader', []],
      ['admin', []],
      ['admin', ['support']],
    ] as const) {
      const { browser } = await signedIn(type, { roles: [...roles] });
      expect((await browser.get('/api/inner/my/withdrawals')).statusCode, `${type} ${roles}`).toBe(403);
    }
    expect((await new Client(ctx.app).get('/api/inner/my/withdrawals')).statusCode).toBe(401);
    const partner = await signedIn('partner');
    expect((await partner.browser.get('/api/inner/my/withdrawals')).statusCode).toBe(200);
  });
});

describe('merchant withdrawal (POST /wallet/merchant_withdrawal)', () => {
  async function parties() {
    const merchant = await signedIn('merchant');
    const trader = await signedIn('trader');
    await fund(ctx.app, merchant.user.id, '800');
    return { merchant, trader };
  }

  it('holds the merchant money and, once the trader transfer is reported, credits the trader', async () => {
    const { merchant, trader } = await parties();
    const response = await root.post('/api/inner/wallet/merchant_withdrawal', {
      user_uuid: trader.user.id,
      merchant_uuid: merchant.user.id,
      amount: '300',
      to_address: externalAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json().data;
    expect(payment).toMatchObject({
      type: { slug: 'withdraw', title: 'Merchant withdrawal' },
      status: { slug: 'pending' },
      payable: { uuid: merchant.user.id },
      trader: { uuid: trader.user.id },
    });
    expect(await balanceOf(merchant.browser)).toMatchObject({ available: '500', hold: '300' });
    await root.post(`/api/inner/transaction/${payment.guid}/sent`, { tx_hash: randomTxHash() });
    expect(await balanceOf(merchant.browser)).toMatchObject({ available: '500', hold: '0' });
    expect(await balanceOf(trader.browser)).toMatchObject({ available: '300' });
    const traderHistory = (await trader.browser.get('/api/inner/my/transaction')).json().data.items;
    expect(traderHistory[0]).toMatchObject({
      type: { slug: 'merchant_withdrawal' },
      payable: { uuid: merchant.user.id },
      balance_after: '300',
    });
    await expectReconciled();
  });

  it('answers each wrong field with the message keys of SPEC §5', async () => {
    const { merchant, trader } = await parties();
    const valid = {
      user_uuid: trader.user.id,
      merchant_uuid: merchant.user.id,
      amount: '10',
      to_address: externalAddress,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, user_uuid: undefined }, 'user_uuid', 'Please select a trader.'],
      [{ ...valid, user_uuid: merchant.user.id }, 'user_uuid', 'Please select a trader.'],
      [{ ...valid, merchant_uuid: 'nope' }, 'merchant_uuid', 'Please select a merchant.'],
      [{ ...valid, merchant_uuid: trader.user.id }, 'merchant_uuid', 'Please select a merchant.'],
      [{ ...valid, amount: '0' }, 'amount', 'Please enter a valid amount.'],
      [{ ...valid, amount: 'x' }, 'amount', 'Please enter a valid amount.'],
      [{ ...valid, amount: '801' }, 'amount', "The amount is more than the merchant's available balance."],
      [{ ...valid, to_address: '' }, 'to_address', 'Please enter wallet address.'],
      [{ ...valid, to_address: 'T12345' }, 'to_address', 'Please enter a valid wallet address.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await root.post('/api/inner/wallet/merchant_withdrawal', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await balanceOf(merchant.browser)).toMatchObject({ available: '800', hold: '0' });
  });

  it('is only for the root admin, a property of the account and not of the name', async () => {
    const { merchant, trader } = await parties();
    const body = {
      user_uuid: trader.user.id,
      merchant_uuid: merchant.user.id,
      amount: '10',
      to_address: externalAddress,
    };
    const other = await signedIn('admin');
    expect((await other.browser.post('/api/inner/wallet/merchant_withdrawal', body)).statusCode).toBe(403);
    expect((await merchant.browser.post('/api/inner/wallet/merchant_withdrawal', body)).statusCode).toBe(403);
    // An admin that takes the name "root" gets nothing of root's: the account is renamed root, then tries.
    await ctx.database.db
      .update(users)
      .set({ username: `root-${rootId.slice(0, 4)}` })
      .where(eq(users.id, rootId));
    await ctx.database.db.update(users).set({ username: 'root' }).where(eq(users.id, other.user.id));
    try {
      const impostor = await new Client(ctx.app).signIn('root');
      expect((await impostor.post('/api/inner/wallet/merchant_withdrawal', body)).statusCode).toBe(403);
      expect((await impostor.get('/api/inner/user/current')).json().data.data.isRoot).toBe(false);
      expect((await root.post('/api/inner/wallet/merchant_withdrawal', body)).statusCode).toBe(200);
    } finally {
      await ctx.database.db
        .update(users)
        .set({ username: `admin-${other.user.id.slice(-6)}` })
        .where(eq(users.id, other.user.id));
      await ctx.database.db.update(users).set({ username: 'root' }).where(eq(users.id, rootId));
    }
  });
});

describe('lists and balances', () => {
  it('lists payments per tab with filters, newest first, paged in SQL, with the owner balance around each', async () => {
    const { user, browser } = await signedIn('partner');
    await fund(ctx.app, user.id, '90');
    await withdraw(browser, '20');
    await withdraw(browser, '30');
    const query = `filter[username]=${encodeURIComponent(user.username)}`;
    const withdrawals = (await root.get(`/api/inner/transaction?filter[type]=withdraw&${query}`)).json().data;
    expect(withdrawals.items.map((p: { money: { amount: string } }) => p.money.amount)).toEqual(['30', '20']);
    expect(withdrawals.items[0]).toMatchObject({
      balance_before: '70',
      balance_after: '40',
      payable: { username: user.username },
    });
    expect(withdrawals.context.pagination).toMatchObject({ total_count: 2, current_page: 1 });
    expect(withdrawals.context.available_filters.map((f: { name: string }) => f.name)).toEqual([
      'status',
      'username',
      'uuid',
      'date_from',
      'date_to',
    ]);
    const deposits = (await root.get(`/api/inner/transaction?filter[type]=deposit&${query}`)).json().data;
    expect(deposits.items).toHaveLength(1);
    const paged = (
      await root.get(`/api/inner/transaction?filter[type]=withdraw&${query}&count=1&page=2&sort=created_at`)
    ).json().data;
    expect(paged.items.map((p: { money: { amount: string } }) => p.money.amount)).toEqual(['30']);
    const none = (await root.get(`/api/inner/transaction?${query}&filter[status]=rejected`)).json().data;
    expect(none.items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (
      await root.get(`/api/inner/transaction?${query}&filter[date_from]=${today}&filter[date_to]=${today}`)
    ).json().data;
    expect(dated.context.pagination.total_count).toBe(3);
    for (const bad of [
      'filter[type]=refund',
      'filter[status]=lost',
      'filter[date_from]=yesterday',
      'sort=amount',
      'count=1000',
    ]) {
      expect((await root.get(`/api/inner/transaction?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('titles payments and history in the language asked for', async () => {
    const { user, browser } = await signedIn('merchant', { language: 'ru' });
    await fund(ctx.app, user.id, '10');
    const history = (await browser.get('/api/inner/my/transaction')).json().data;
    expect(history.items[0]).toMatchObject({
      type: { title: 'Пополнение' },
      action: { title: 'Зачисление' },
      account: { title: 'Доступно' },
      status: { title: 'Выполнено' },
    });
    expect(history.context.available_filters[0].options[0]).toEqual({ value: 'deposit', label: 'Пополнение' });
  });

  it('shows each user only its own history and wallets', async () => {
    const first = await signedIn('merchant');
    const second = await signedIn('merchant');
    await fund(ctx.app, first.user.id, '10');
    expect((await second.browser.get('/api/inner/my/transaction')).json().data.items).toEqual([]);
    const wallets = (await second.browser.get('/api/inner/user/wallet/')).json().data.items;
    expect(wallets.every((wallet: { holder: { uuid: string } }) => wallet.holder.uuid === second.user.id)).toBe(true);
  });

  it('shows real balances in the user lists', async () => {
    const trader = await createUser(ctx.database, { type: 'trader' });
    await fund(ctx.app, trader.id, '75');
    const list = (await root.get(`/api/inner/user?filter[type]=trader&filter[uuid]=${trader.id}`)).json().data;
    expect(list.items[0].balance).toMatchObject({ virtual: '75', hold: '0', insurance: '0' });
  });

  it('gives the admin the system balance and a clean reconciliation; neither to others', async () => {
    const system = await root.get('/api/inner/system/balance');
    expect(system.statusCode).toBe(200);
    const data = system.json().data;
    const minor = (key: string) => parseAmount(data[key], USDT.ratio_fraction);
    const owed = minor('users_available') + minor('users_hold') + minor('users_insurance');
    // Custody mirrors exactly what users hold plus what the platform kept.
    expect(minor('custody')).toBe(owed + minor('revenue') + minor('rounding'));
    const report = (await root.get('/api/inner/ledger/reconciliation')).json().data;
    expect(report).toMatchObject({ ok: true, differences: [], totals: [{ currency: 'USDT', sum: '0' }] });
    const support = await signedIn('admin', { roles: ['support'] });
    expect((await support.browser.get('/api/inner/system/balance')).statusCode).toBe(200);
    expect((await support.browser.get('/api/inner/ledger/reconciliation')).statusCode).toBe(403);
    const merchant = await signedIn('merchant');
    expect((await merchant.browser.get('/api/inner/system/balance')).statusCode).toBe(403);
  });

  it('lists real wallets for a full admin only, with what each received and the root marker', async () => {
    const { user } = await signedIn('merchant');
    await fund(ctx.app, user.id, '12.5');
    await depositAddressOf(ctx.app, rootId);
    const list = (await root.get(`/api/inner/wallet?filter[username]=${encodeURIComponent(user.username)}`)).json()
      .data;
    expect(list.items).toEqual([
      expect.objectContaining({
        type: { slug: 'real' },
        amount: expect.objectContaining({ amount: '12.5' }),
        holder: { username: user.username, uuid: user.id, is_root: false },
      }),
    ]);
    const rootWallets = (await root.get('/api/inner/wallet?filter[username]=root')).json().data.items;
    expect(rootWallets[0].holder.is_root).toBe(true);
    const support = await signedIn('admin', { roles: ['support'] });
    expect((await support.browser.get('/api/inner/wallet')).statusCode).toBe(403);
  });

  it('keeps the ledger transfers of every payment referenced', async () => {
    const orphans = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.referenceId} is null`);
    expect(orphans[0]?.n).toBe(0);
  });
});
