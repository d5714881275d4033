import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let browser: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  const trader = await createUser(ctx.database, { type: 'trader' });
  browser = await new Client(ctx.app).signIn(trader.username);
});
afterAll(() => ctx.close());

describe('reference data (DESIGN §8)', () => {
  it('lists the fiat currencies and USDT, named in the language asked for', async () => {
    const fiat = (await browser.get('/api/inner/currency/fiat/')).json().data;
    expect(fiat.map((currency: { code: string }) => currency.code)).toEqual(['RUB', 'KZT', 'UZS', 'AZN', 'TRY']);
    expect(fiat[0]).toEqual({ code: 'RUB', name: 'Russian ruble', ratio_fraction: 2 });
    const ru = await new Client(ctx.app, { 'x-language': 'ru' }).signIn(
      (await createUser(ctx.database, { type: 'merchant' })).username,
    );
    expect((await ru.get('/api/inner/currency/fiat/')).json().data[0].name).toBe('Российский рубль');
    expect((await browser.get('/api/inner/currency/crypto/')).json().data).toEqual([
      { code: 'USDT', name: 'Tether USD', ratio_fraction: 6 },
    ]);
  });

  it('lists the payment options with their attributes and rules', async () => {
    const options = (await browser.get('/api/inner/payment_option')).json().data;
    expect(options.map((option: { slug: string }) => option.slug)).toEqual(['card', 'sbp', 'account']);
    const card = options[0];
    expect(card.attributes).toEqual([
      {
        field: 'card_number',
        label: 'Card number',
        validation_rules: ['required', 'string', 'digits:16'],
        mask: '16 digits',
        is_holder: false,
      },
      {
        field: 'holder',
        label: 'Card holder',
        validation_rules: ['required', 'string', 'max:100'],
        mask: null,
        is_holder: true,
      },
    ]);
    const account = options[2].attributes.map((attribute: { field: string }) => attribute.field);
    expect(account).toEqual(['account_number', 'bik', 'holder']);
  });

  it('lists the payment types, all or of one currency, each with a logo it serves', async () => {
    const all = (await browser.get('/api/inner/payment_type?count=all')).json().data;
    const rub = all
      .filter((type: { currency: string }) => type.currency === 'RUB')
      .map((type: { slug: string }) => type.slug);
    expect(rub).toEqual(expect.arrayContaining(['sberbank', 'tbank', 'alfabank', 'vtb', 'ozon']));
    const kzt = (await browser.get('/api/inner/payment_type?filter[currency]=KZT')).json().data;
    expect(kzt.every((type: { currency: string }) => type.currency === 'KZT')).toBe(true);
    const sber = all.find((type: { slug: string }) => type.slug === 'sberbank');
    expect(sber).toMatchObject({ name: 'Sberbank', payment_options: ['card', 'sbp', 'account'] });
    const logo = await ctx.app.inject(sber.image.url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(logo.body).toMatch(/^<svg[^>]*>.*<\/svg>$/);
    expect((await ctx.app.inject('/api/inner/payment_type/nope/image.svg')).statusCode).toBe(404);
  });

  it('is for signed-in users', async () => {
    expect((await ctx.app.inject('/api/inner/payment_option')).statusCode).toBe(401);
  });
});
