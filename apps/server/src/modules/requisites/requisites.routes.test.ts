import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { requisites } from './requisites.table';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await new Client(ctx.app).signIn((await createUser(ctx.database, { type: 'admin' })).username);
});
afterAll(() => ctx.close());

async function trader(language = 'en') {
  const user = await createUser(ctx.database, { type: 'trader' });
  return { user, browser: await new Client(ctx.app, { 'x-language': language }).signIn(user.username) };
}

const card = (overrides: Record<string, unknown> = {}) => ({
  name: 'Main card',
  currency: 'RUB',
  payment_option: 'card',
  payment_type: 'sberbank',
  attributes: { card_number: '4276123412341234', holder: 'IVAN PETROV' },
  ...overrides,
});

describe('requisites (SPEC §2.14)', () => {
  it('lets a trader add a card requisite and list it as its own', async () => {
    const { user, browser } = await trader();
    const created = await browser.post(
      '/api/inner/requisite',
      card({ attributes: { card_number: ' 4276123412341234 ', holder: 'IVAN PETROV' } }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      name: 'Main card',
      is_active: true,
      user: { uuid: user.id, username: user.username },
      currency: { code: 'RUB', name: 'Russian ruble' },
      payment_type: { slug: 'sberbank', name: 'Sberbank' },
      payment_option: { slug: 'card', name: 'Card' },
      attributes: { card_number: '4276123412341234', holder: 'IVAN PETROV' },
      restrictions: [],
    });
    const own = (await browser.get('/api/inner/trader/requisite')).json().data;
    expect(own.items.map((item: { id: string }) => item.id)).toEqual([created.json().data.id]);
    expect(own.context.pagination).toMatchObject({ total_count: 1, per_page: 20 });
  });

  it('checks each attribute by its option rules, with the messages of §5 in the language asked for', async () => {
    const { browser } = await trader('ru');
    const wrong = await browser.post(
      '/api/inner/requisite',
      card({ attributes: { card_number: '4276 1234', holder: '' } }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'attributes.card_number': ['Поле «Номер карты» должно содержать только цифры'],
      'attributes.holder': ['Поле «Держатель карты» обязательно'],
    });
    expect(wrong.json().localized_message).toBe('Поле «Номер карты» должно содержать только цифры');
    const short = await browser.post(
      '/api/inner/requisite',
      card({ attributes: { card_number: '427612341234', holder: 'X' } }),
    );
    expect(short.json().errors['attributes.card_number']).toEqual([
      'Поле «Номер карты» должно содержать ровно 16 цифр',
    ]);
    const sbp = await browser.post(
      '/api/inner/requisite',
      card({ payment_option: 'sbp', attributes: { phone: '12345', bank: 'Sber', holder: 'Ivan' } }),
    );
    expect(sbp.json().errors['attributes.phone']).toEqual(['Поле «Телефон» должно быть в формате 10–15 цифр']);
    expect((await browser.get('/api/inner/trader/requisite')).json().data.items).toEqual([]);
  });

  it('refuses what does not fit together with the keyed messages of §5', async () => {
    const { browser } = await trader();
    const cases: [Record<string, unknown>, string, string][] = [
      [card({ name: '  ' }), 'name', 'Name must be a string'],
      [card({ currency: 'XXX' }), 'currency', 'Currency must be a string'],
      [card({ currency: 'USDT' }), 'currency', 'Currency must be a string'],
      [card({ payment_option: 'cash' }), 'payment_option', 'Payment option must be chosen'],
      [card({ payment_type: 'kaspi' }), 'payment_type', 'Payment type must be chosen'],
      [card({ payment_type: undefined }), 'payment_type', 'Payment type must be chosen'],
      [
        card({ attributes: { card_number: '4276123412341234', holder: 'X', pin: '1234' } }),
        'attributes.pin',
        'pin must be in list: card_number, holder',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await browser.post('/api/inner/requisite', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('hides another trader’s requisite: not found to read, change or restrict', async () => {
    const owner = await trader();
    const other = await trader();
    const id = (await owner.browser.post('/api/inner/requisite', card())).json().data.id;
    expect((await other.browser.get(`/api/inner/requisite/${id}`)).statusCode).toBe(404);
    expect((await other.browser.request('PUT', `/api/inner/requisite/${id}`, { is_active: false })).statusCode).toBe(
      404,
    );
    expect((await other.browser.get(`/api/inner/requisite/${id}/restrictions`)).statusCode).toBe(404);
    expect(
      (await other.browser.request('PUT', `/api/inner/requisite/${id}/restrictions`, { restrictions: [] })).statusCode,
    ).toBe(404);
    const [row] = await ctx.database.db.select().from(requisites).where(eq(requisites.id, id));
    expect(row?.isActive).toBe(true);
    expect((await other.browser.get('/api/inner/trader/requisite')).json().data.items).toEqual([]);
  });

  it('lets a trader change its requisite, checked as a whole again', async () => {
    const { browser } = await trader();
    const id = (await browser.post('/api/inner/requisite', card())).json().data.id;
    const toSbp = await browser.request('PUT', `/api/inner/requisite/${id}`, { payment_option: 'sbp' });
    expect(toSbp.statusCode).toBe(422);
    expect(toSbp.json().errors['attributes.phone']).toEqual(['Phone is required']);
    const renamed = await browser.request('PUT', `/api/inner/requisite/${id}`, {
      name: 'SBP phone',
      payment_option: 'sbp',
      attributes: { phone: '79001234567', bank: 'Sberbank', holder: 'Ivan P.' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'SBP phone',
      payment_option: { slug: 'sbp' },
      attributes: { phone: '79001234567' },
    });
  });

  it('gives an admin every requisite with its owner, filters by owner, and the active switch', async () => {
    const { user, browser } = await trader();
    const id = (await browser.post('/api/inner/requisite', card({ name: 'Admin sees this' }))).json().data.id;
    const list = (await admin.get(`/api/inner/requisite?filter[username]=${user.username}`)).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id, user: { uuid: user.id, username: user.username } });
    expect(list.context.available_filters.map((filter: { name: string }) => filter.name)).toContain('username');
    const off = await admin.request('PUT', `/api/inner/requisite/${id}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.is_active).toBe(false);
    expect(
      (await admin.get(`/api/inner/requisite?filter[is_active]=false&filter[username]=${user.username}`)).json().data
        .items,
    ).toHaveLength(1);
  });

  it('lets an admin add a requisite for a trader or a partner, never for anyone else', async () => {
    const partner = await createUser(ctx.database, { type: 'partner' });
    const made = await admin.post('/api/inner/requisite', card({ user_uuid: partner.id }));
    expect(made.statusCode).toBe(200);
    expect(made.json().data.user.uuid).toBe(partner.id);
    const merchant = await createUser(ctx.database, { type: 'merchant' });
    for (const body of [card(), card({ user_uuid: merchant.id })]) {
      const response = await admin.post('/api/inner/requisite', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.user_uuid).toEqual(['Choose the trader or partner the requisite belongs to.']);
    }
  });

  it('lets a support admin read the requisites and their restrictions, and change nothing', async () => {
    const { browser } = await trader();
    const id = (await browser.post('/api/inner/requisite', card())).json().data.id;
    const support = await new Client(ctx.app).signIn(
      (await createUser(ctx.database, { type: 'admin', roles: ['support'] })).username,
    );
    expect((await support.get('/api/inner/requisite')).statusCode).toBe(200);
    expect((await support.get(`/api/inner/requisite/${id}/restrictions`)).statusCode).toBe(200);
    expect((await support.request('PUT', `/api/inner/requisite/${id}`, { is_active: false })).statusCode).toBe(403);
    expect((await support.post('/api/inner/requisite', card())).statusCode).toBe(403);
  });

  it('refuses merchants, agents and a trader whose insurance is unpaid', async () => {
    for (const type of ['merchant', 'agent'] as const) {
      const browser = await new Client(ctx.app).signIn((await createUser(ctx.database, { type })).username);
      expect((await browser.get('/api/inner/trader/requisite')).statusCode).toBe(403);
      expect((await browser.post('/api/inner/requisite', card())).statusCode).toBe(403);
    }
    const gated = await createUser(ctx.database, { type: 'trader', insurancePaid: false });
    const browser = await new Client(ctx.app).signIn(gated.username);
    expect((await browser.post('/api/inner/requisite', card())).statusCode).toBe(403);
  });
});

describe('requisite restrictions (SPEC §2.14, §5)', () => {
  async function requisite() {
    const owner = await trader();
    const id = (await owner.browser.post('/api/inner/requisite', card())).json().data.id as string;
    return { ...owner, id };
  }

  it('lists the types with their fields, labels and rules', async () => {
    const { browser } = await trader();
    const types = (await browser.get('/api/inner/requisite/restriction/type?count=all')).json().data;
    expect(types.map((type: { type: { slug: string } }) => type.type.slug)).toEqual([
      'amount_range',
      'daily_limit',
      'monthly_limit',
      'concurrent_orders',
    ]);
    expect(types[0]).toMatchObject({
      type: { slug: 'amount_range', title: 'Amount per order' },
      fields: ['min_amount', 'max_amount'],
      names: { min_amount: 'Minimum amount', max_amount: 'Maximum amount' },
    });
  });

  it('saves the set as sent (blanks as null, empty types dropped) and reads it back exactly', async () => {
    const { browser, id } = await requisite();
    const saved = await browser.request('PUT', `/api/inner/requisite/${id}/restrictions`, {
      restrictions: [
        { type: 'amount_range', value: { min_amount: ' 500 ', max_amount: '50000.50' }, is_active: true },
        { type: 'daily_limit', value: { max_volume: '', max_count: '20' }, is_active: true },
        { type: 'monthly_limit', value: { max_volume: ' ', max_count: null }, is_active: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      { type: { slug: 'amount_range' }, value: { min_amount: '500', max_amount: '50000.50' }, is_active: true },
      { type: { slug: 'daily_limit' }, value: { max_volume: null, max_count: '20' }, is_active: true },
    ];
    expect(saved.json().data).toEqual(expected);
    expect((await browser.get(`/api/inner/requisite/${id}/restrictions`)).json().data).toEqual(expected);
    const listed = (await browser.get('/api/inner/trader/requisite')).json().data.items[0];
    expect(listed.restrictions[0]).toEqual({
      type: { slug: 'amount_range', title: 'Amount per order' },
      value: { min_amount: '500', max_amount: '50000.50' },
    });
    // The whole set replaces the one in force: what is left out is gone.
    await browser.request('PUT', `/api/inner/requisite/${id}/restrictions`, {
      restrictions: [{ type: 'concurrent_orders', value: { max_open: '2' }, is_active: true }],
    });
    expect((await browser.get(`/api/inner/requisite/${id}/restrictions`)).json().data).toEqual([
      { type: { slug: 'concurrent_orders' }, value: { max_open: '2' }, is_active: true },
    ]);
  });

  it('refuses values that break their rules, with one message per field, and changes nothing', async () => {
    const owner = await trader('ru');
    const id = (await owner.browser.post('/api/inner/requisite', card())).json().data.id;
    const response = await owner.browser.request('PUT', `/api/inner/requisite/${id}/restrictions`, {
      restrictions: [
        { type: 'amount_range', value: { min_amount: '900', max_amount: '100' }, is_active: true },
        { type: 'daily_limit', value: { max_volume: '1,5', max_count: '2.5' }, is_active: true },
        { type: 'unknown', value: { x: '1' }, is_active: true },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'restrictions.amount_range.max_amount': ['Максимум не может быть меньше минимума'],
      'restrictions.daily_limit.max_volume': [
        'Поле «Объём за день» должно быть в формате сумма, например 1500 или 1500.50',
      ],
      'restrictions.daily_limit.max_count': ['Поле «Заказов за день» должно быть в формате целое число'],
      'restrictions.unknown': [
        'Поле «unknown» должно быть одним из: amount_range, daily_limit, monthly_limit, concurrent_orders',
      ],
    });
    expect((await owner.browser.get(`/api/inner/requisite/${id}/restrictions`)).json().data).toEqual([]);
  });
});
