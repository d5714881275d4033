import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext, testXpub } from '../../../test/harness';
import { newId } from '../../lib/ids';
import { depositKeyOf, isTronAddress } from '../../lib/tron';
import { reconcileLedger } from '../ledger/ledger.reconcile';
import { balanceSummary, systemBalance } from '../payments/balances';
import { getPayment } from '../payments/payments.read';
import { payments } from '../payments/payments.table';
import { traderProfiles } from '../users/users.table';
import { platformSettings } from './wallets.table';

describe('wallets and addresses (DEPOSIT_XPUB set)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives each user one address derived from the key, the same on every call', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(user.username);
    const [first, again] = [
      (await browser.get('/api/inner/user/wallet/')).json().data,
      (await browser.get('/api/inner/user/wallet/')).json().data,
    ];
    expect(first).toEqual(again);
    expect(first.items.map((wallet: { type: { slug: string } }) => wallet.type.slug)).toEqual(['virtual', 'real']);
    const real = first.items[1];
    expect(isTronAddress(real.name)).toBe(true);
    const key = depositKeyOf(testXpub);
    const derived = Array.from({ length: 50 }, (_, index) => key.addressAt(index));
    expect(derived).toContain(real.name);
    expect(real).toMatchObject({ amount: { amount: '0' }, holder: { uuid: user.id, is_root: false } });
    const current = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(current.wallets).toEqual(first.items);
  });

  it('issues different addresses to users asking at the same time', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.database, { type: 'partner' })));
    const addresses = await Promise.all(
      users.map(async (user) => (await ctx.app.wallets.addressesFor(ctx.app.db, user.id))[0]?.address),
    );
    expect(new Set(addresses).size).toBe(6);
  });

  it('answers the platform facts and the crypto currencies to any signed-in user', async () => {
    const user = await createUser(ctx.database, { type: 'agent' });
    const browser = await new Client(ctx.app).signIn(user.username);
    expect((await browser.get('/api/inner/platform')).json().data).toEqual({
      demo: false,
      currency: { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
      withdrawal: { min: '1', auto_limit: '1000' },
    });
    expect((await browser.get('/api/inner/currency/crypto/')).json().data).toEqual([
      { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
    ]);
    expect((await new Client(ctx.app).get('/api/inner/platform')).statusCode).toBe(401);
  });

  it('has no demo deposit outside demo mode', async () => {
    const user = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(user.username);
    expect((await browser.post('/api/inner/wallet/demo_deposit', {})).statusCode).toBe(404);
  });
});

describe('without a deposit key outside demo mode', () => {
  it('issues no addresses and still shows the virtual wallet', async () => {
    const ctx = await createTestApp({}, undefined, { DEPOSIT_XPUB: undefined });
    try {
      const user = await createUser(ctx.database, { type: 'merchant' });
      const browser = await new Client(ctx.app).signIn(user.username);
      const wallets = (await browser.get('/api/inner/user/wallet/')).json().data.items;
      expect(wallets.map((wallet: { type: { slug: string } }) => wallet.type.slug)).toEqual(['virtual']);
    } finally {
      await ctx.close();
    }
  });
});

describe('demo mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, { demo: true, DEPOSIT_XPUB: undefined, DEMO_SEND_SECONDS: 3600 });
  });
  afterAll(() => ctx.close());

  it('makes its own key at first start and keeps only the public part', async () => {
    const [row] = await ctx.app.db.select().from(platformSettings).where(eq(platformSettings.key, 'deposit_xpub'));
    expect(row?.value).toMatch(/^xpub/);
    expect(row?.value).not.toBe(testXpub);
    expect(() => depositKeyOf(row?.value ?? '')).not.toThrow();
  });

  it('simulates a deposit to the caller: exactly the insurance due for a gated trader, which lifts the gate', async () => {
    const trader = await createUser(ctx.database, { type: 'trader', insurancePaid: false });
    await ctx.app.db
      .update(traderProfiles)
      .set({ insuranceAmountMinor: 100_000_000n })
      .where(eq(traderProfiles.userId, trader.id));
    const browser = await new Client(ctx.app).signIn(trader.username);
    expect((await browser.get('/api/inner/platform')).json().data.demo).toBe(true);
    const response = await browser.post('/api/inner/wallet/demo_deposit', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      credited: true,
      payment: { money: { amount: '100' }, source: 'demo' },
    });
    const current = (await browser.get('/api/inner/user/current')).json().data.data;
    expect(current.profile.insurance_paid).toBe(true);
    const more = await browser.post('/api/inner/wallet/demo_deposit', { amount: '12.5' });
    expect(more.json().data.payment.money.amount).toBe('12.5');
    expect((await browser.get('/api/inner/user/balance')).json().data).toMatchObject({
      available: '12.5',
      insurance: '100',
    });
  });

  it('sends approved withdrawals on its simulated chain with a transaction hash', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(merchant.username);
    await browser.post('/api/inner/wallet/demo_deposit', { amount: '50' });
    const payment = (
      await browser.post('/api/inner/wallet/withdrawals', {
        address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
        currency: 'USDT',
        amount: '20',
      })
    ).json().data;
    expect(payment.status.slug).toBe('pending');
    // Sent only DEMO_SEND_SECONDS after it was approved: not yet, and once that time has passed (moved back here).
    await ctx.app.demo?.sendApproved();
    expect((await getPayment(ctx.app.db, payment.guid, 'en')).status.slug).toBe('pending');
    const approvedAt = new Date(Date.now() - (ctx.config.DEMO_SEND_SECONDS + 1) * 1000);
    await ctx.app.db.update(payments).set({ createdAt: approvedAt }).where(eq(payments.id, payment.guid));
    await ctx.app.demo?.sendApproved();
    const sent = await getPayment(ctx.app.db, payment.guid, 'en');
    expect(sent.status.slug).toBe('done');
    expect(sent.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await browser.get('/api/inner/user/balance')).json().data).toMatchObject({ available: '30', hold: '0' });
  });

  it('credits random demo deposits to users who are not admins', async () => {
    const admin = await createUser(ctx.database, { type: 'admin' });
    await ctx.app.wallets.addressesFor(ctx.app.db, admin.id);
    for (let round = 0; round < 5; round++) await ctx.app.demo?.randomDeposit();
    const system = await systemBalance(ctx.app.db);
    expect(Number(system.users_available) + Number(system.users_insurance)).toBeGreaterThan(0);
    expect((await balanceSummary(ctx.app.db, admin.id)).available).toBe('0');
    expect((await reconcileLedger(ctx.app.db)).ok).toBe(true);
  });

  it('caps a simulated deposit at what a demo needs', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(merchant.username);
    const tooMuch = await browser.post('/api/inner/wallet/demo_deposit', { amount: '1000.000001' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual(['Симулированное пополнение — не более 1000 USDT.']);
    expect((await browser.post('/api/inner/wallet/demo_deposit', { amount: '999999999' })).statusCode).toBe(422);
    expect((await browser.get('/api/inner/user/balance')).json().data.available).toBe('0');
    expect((await browser.post('/api/inner/wallet/demo_deposit', { amount: '1000' })).statusCode).toBe(200);
  });

  it('refuses malformed amounts with a localized 422, never a 500 (issue 20, L2)', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(merchant.username);
    for (const amount of [
      'abc',
      'NaN',
      '1e308',
      '0.0000001',
      '9'.repeat(5000),
      '',
      ' ',
      '-5',
      1e308,
      Number.NaN,
      true,
    ]) {
      const response = await browser.post('/api/inner/wallet/demo_deposit', { amount });
      expect(response.statusCode, String(amount).slice(0, 20)).toBe(422);
      expect(response.json().errors.amount?.[0], String(amount).slice(0, 20)).toMatch(/[а-я]/i);
    }
    expect((await browser.get('/api/inner/user/balance')).json().data.available).toBe('0');
  });

  it('caps what one user may mint in total, and refuses support, which moves no money (issue 20, L2)', async () => {
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const browser = await new Client(ctx.app).signIn(merchant.username);
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () => browser.post('/api/inner/wallet/demo_deposit', { amount: '1000' })),
    );
    expect(statuses.filter((response) => response.statusCode === 200)).toHaveLength(10);
    const refused = statuses.find((response) => response.statusCode === 422);
    expect(refused?.json().errors.amount).toEqual(['Simulated deposits bring at most 10000 USDT to one user.']);
    expect((await browser.get('/api/inner/user/balance')).json().data.available).toBe('10000');

    const support = await createUser(ctx.database, { type: 'admin', roles: ['support'] });
    const supportBrowser = await new Client(ctx.app).signIn(support.username);
    expect((await supportBrowser.post('/api/inner/wallet/demo_deposit', { amount: '10' })).statusCode).toBe(403);
  });

  it('never sends a random deposit to a trader whose insurance is unpaid (trader2 keeps its gate)', async () => {
    const gated = await createUser(ctx.database, { type: 'trader', insurancePaid: false });
    await ctx.database.db
      .update(traderProfiles)
      .set({ insuranceAmountMinor: 100_000_000n })
      .where(eq(traderProfiles.userId, gated.id));
    const paid = await createUser(ctx.database, { type: 'trader', insurancePaid: true });
    await ctx.app.wallets.addressesFor(ctx.app.db, gated.id);
    await ctx.app.wallets.addressesFor(ctx.app.db, paid.id);
    const candidates = (await ctx.app.demo?.depositCandidates()) ?? [];
    expect(candidates).toContain(paid.id);
    expect(candidates).not.toContain(gated.id);
    for (let round = 0; round < 10; round++) await ctx.app.demo?.randomDeposit();
    const [profile] = await ctx.database.db.select().from(traderProfiles).where(eq(traderProfiles.userId, gated.id));
    expect(profile?.insurancePaid).toBe(false);
    expect((await balanceSummary(ctx.app.db, gated.id)).insurance).toBe('0');
  });

  it('refuses a demo deposit to a user unknown to it', async () => {
    await expect(ctx.app.demo?.depositTo(newId())).rejects.toThrow();
  });
});
