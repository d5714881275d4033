import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, fund, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'admin' })).username);
});
afterAll(() => ctx.close());

let serial = 0;
async function partnerSystem(extra: Record<string, unknown> = {}) {
  const partner = await createUser(ctx.database, { type: 'partner' });
  serial += 1;
  const response = await admin.post('/api/inner/partner-system', {
    user_uuid: partner.id,
    title: `Pay System ${serial}`,
    slug: `pay-system-${serial}`,
    payment_method: 'h2h',
    fiat_currencies: ['RUB', 'KZT'],
    payment_options: ['card', 'sbp'],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { partner, system: response.json().data };
}

describe('partner payment systems (SPEC §2.20)', () => {
  it('creates a system for a partner and shows it with its currencies, options and flows', async () => {
    const { partner, system } = await partnerSystem();
    expect(system).toMatchObject({
      partner: { title: `Pay System ${serial}`, slug: `pay-system-${serial}` },
      user: { uuid: partner.id, username: partner.username },
      is_active: true,
      payment_method: 'h2h',
      fiat_currencies: ['RUB', 'KZT'],
      payment_options: [
        { slug: 'card', title: 'Card' },
        { slug: 'sbp', title: 'SBP (by phone)' },
      ],
      flows: [],
      balance: { amount: '0', currency: { code: 'USDT' } },
      partner_system: { is_active: true },
    });
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const flow = (
      await admin.post('/api/inner/flow/', { name: 'With partner', merchant_uuid: merchant.id, currency_rate: '90' })
    ).json().data;
    await admin.post(`/api/inner/flow/${flow.uuid}/executor`, { executor_type: 'partner', executor_id: partner.id });
    const detail = (await admin.get(`/api/inner/partner-system/${system.partner.slug}`)).json().data;
    expect(detail.flows).toEqual([
      { uuid: flow.uuid, name: 'With partner', fiat_currency: { code: 'RUB' }, crypto_currency: { code: 'USDT' } },
    ]);
    expect(flow).toBeDefined();
    const listed = (await admin.get(`/api/inner/flow`))
      .json()
      .data.items.find((item: { uuid: string }) => item.uuid === flow.uuid);
    expect(listed.executors[0]).toMatchObject({
      type: 'partner',
      partner: { title: system.partner.title, slug: system.partner.slug },
    });
  });

  it('lists the systems with every partner’s balance in all, and each partner’s balance log', async () => {
    const first = await partnerSystem();
    const second = await partnerSystem();
    await fund(ctx.app, first.partner.id, '100.5');
    await fund(ctx.app, second.partner.id, '20');
    await fund(ctx.app, first.partner.id, '1');
    const list = (await admin.get('/api/inner/partner-system')).json().data;
    expect(list.context.total).toMatchObject({ amount: '121.5', currency: { code: 'USDT' } });
    const log = (await admin.get(`/api/inner/partner-system/${first.system.partner.slug}/balance-log?count=1`)).json()
      .data;
    expect(log.items).toEqual([
      expect.objectContaining({
        type: { slug: 'deposit', title: 'Deposit' },
        change: expect.objectContaining({ amount: '1' }),
        balance: expect.objectContaining({ amount: '101.5' }),
      }),
    ]);
    expect(log.context.pagination).toMatchObject({ total_count: 2, per_page: 1 });
    expect(log.context.available_filters.map((filter: { name: string }) => filter.name)).toEqual([
      'type',
      'date_from',
      'date_to',
    ]);
    const filtered = (
      await admin.get(`/api/inner/partner-system/${first.system.partner.slug}/balance-log?filter[type]=withdrawal`)
    ).json().data;
    expect(filtered.items).toEqual([]);
  });

  it('refuses a user who is not a partner, a second system for a partner and a taken slug', async () => {
    const { partner, system } = await partnerSystem();
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_uuid: merchant.id, slug: 'other-1' }, 'user_uuid', 'Choose a user of type partner.'],
      [{ user_uuid: partner.id, slug: 'other-2' }, 'user_uuid', 'This partner already has a payment system.'],
      [
        { user_uuid: (await createUser(ctx.database, { type: 'partner' })).id, slug: system.partner.slug },
        'slug',
        'This slug is already taken.',
      ],
      [{ user_uuid: partner.id, slug: 'No Spaces' }, 'slug', 'A slug has 3 to 50 lowercase letters, digits or dashes.'],
      [
        { user_uuid: partner.id, slug: 'fine-slug', fiat_currencies: ['USDT'] },
        'fiat_currencies.0',
        'Choose a fiat currency the platform knows.',
      ],
      [{ user_uuid: partner.id, slug: 'fine-slug', title: ' ' }, 'title', 'Enter the title.'],
    ];
    for (const [extra, field, message] of cases) {
      const response = await admin.post('/api/inner/partner-system', {
        title: 'Title',
        payment_method: 'h2h',
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(extra)).toEqual([message]);
    }
  });

  it('edits a system; a support admin reads but does not change it; others are refused', async () => {
    const { system } = await partnerSystem();
    const edited = await admin.request('PUT', `/api/inner/partner-system/${system.partner.slug}`, {
      title: 'Renamed PS',
      is_active: false,
      payment_options: ['account'],
    });
    expect(edited.json().data).toMatchObject({
      partner: { title: 'Renamed PS', slug: system.partner.slug },
      is_active: false,
      payment_options: [{ slug: 'account', title: 'Bank account' }],
    });
    // An edit changes what it sends and nothing else.
    const renamed = await admin.request('PUT', `/api/inner/partner-system/${system.partner.slug}`, { title: 'Again' });
    expect(renamed.json().data).toMatchObject({
      partner: { title: 'Again' },
      is_active: false,
      payment_options: [{ slug: 'account' }],
      fiat_currencies: edited.json().data.fiat_currencies,
    });
    const support = await new Client(ctx.app).signIn(
      (await createUser(ctx.database, { type: 'admin', roles: ['support'] })).username,
    );
    expect((await support.get('/api/inner/partner-system')).statusCode).toBe(200);
    expect((await support.get(`/api/inner/partner-system/${system.partner.slug}`)).statusCode).toBe(200);
    expect(
      (await support.request('PUT', `/api/inner/partner-system/${system.partner.slug}`, { title: 'x' })).statusCode,
    ).toBe(403);
    for (const type of ['merchant', 'partner', 'trader'] as const) {
      const browser = await new Client(ctx.app).signIn((await createUser(ctx.database, { type })).username);
      expect((await browser.get('/api/inner/partner-system')).statusCode, type).toBe(403);
    }
    expect((await admin.get('/api/inner/partner-system/nothing-here')).statusCode).toBe(404);
  });
});
