import { type CapabilityName, can, type UserType } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { requisites } from '../src/modules/requisites/requisites.table';
import { download, parseCsv } from './csv';
import { Client, createTestApp, createUser, depositAddressOf, fund, type TestContext } from './harness';
import { insertFlow } from './orders-fixture';

/**
 * The CSV exports of the admin lists (DESIGN §13): `GET <list path>/export.csv` answers the list's rows with the
 * same filters, the same refusals and the same access as the list, as a localized CSV download.
 */
let ctx: TestContext;
let admin: Client;
/** An admin whose browser asks for Russian with the plain Accept-Language a download carries (no x-language). */
let russianAdmin: Client;
/** Rows each list shows, one of them named with a formula, and one each filter leaves out. */
const ids = {
  formulaOrder: newId(),
  otherOrder: newId(),
  openDispute: newId(),
  resolvedDispute: newId(),
  requisite: newId(),
  otherRequisite: newId(),
  newCase: newId(),
  releasedCase: newId(),
  payment: '',
  otherPayment: '',
  holder: '',
  merchant: '',
};
const formula = '=HYPERLINK("http://evil.example","x")';
const clients = new Map<string, Client>();

beforeAll(async () => {
  ctx = await createTestApp();
  const { db } = ctx.database;
  const adminUser = await createUser(ctx.database, { type: 'admin' });
  admin = await new Client(ctx.app).signIn(adminUser.username);
  const russianUser = await createUser(ctx.database, { type: 'admin' });
  russianAdmin = await new Client(ctx.app, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' }).signIn(
    russianUser.username,
  );
  const merchant = await createUser(ctx.database, { type: 'merchant', username: `-merchant-${newId().slice(-6)}` });
  ids.merchant = merchant.id;
  await db.execute(sql`update users set comment = ${formula} where id = ${merchant.id}`);
  const trader = await createUser(ctx.database, { type: 'trader' });
  const flowId = await insertFlow(db, merchant.id, '@flow');
  const order = (id: string, type: string, status: string, clientOrderId: string, secondsAgo: number) => sql`
    insert into orders (id, type, status, merchant_id, flow_id, fiat, fiat_amount_minor, crypto, crypto_amount_minor,
        rate, merchant_fee_hundredths, agent_shares, hold_minor, details, client_order_id, created_at)
    values (${id}, ${type}, ${status}, ${merchant.id}, ${flowId}, 'RUB', 150050, 'USDT', 16222, 92.5, 500, '[]'::jsonb,
        16222, '{"card_number": "4276000011112222", "holder": "IVAN PETROV"}'::jsonb, ${clientOrderId},
        now() - ${secondsAgo} * interval '1 second')`;
  await db.execute(order(ids.formulaOrder, 'pay_in', 'paid', formula, 10));
  await db.execute(order(ids.otherOrder, 'pay_out', 'canceled', 'plain-1', 20));
  const dispute = (id: string, orderId: string, status: string) => sql`
    insert into disputes (id, order_id, reason, fields, status, order_status_before, opened_by, closed_by, closed_at)
    values (${id}, ${orderId}, 'other', '{}'::jsonb, ${status}, 'paid', ${adminUser.id},
        ${status === 'open' ? null : adminUser.id}, ${status === 'open' ? sql`null` : sql`now()`})`;
  await db.execute(dispute(ids.openDispute, ids.formulaOrder, 'open'));
  await db.execute(dispute(ids.resolvedDispute, ids.otherOrder, 'resolved'));
  await db.insert(requisites).values([
    {
      id: ids.requisite,
      userId: trader.id,
      name: '+SUM(A1:A9)',
      currency: 'RUB',
      paymentOption: 'card',
      paymentType: 'sberbank',
      attributes: { card_number: '4276000011113333' },
    },
    {
      id: ids.otherRequisite,
      userId: trader.id,
      name: 'Plain card',
      currency: 'RUB',
      paymentOption: 'card',
      paymentType: 'sberbank',
      attributes: { card_number: '4276000011114444' },
    },
  ]);
  const antiFraudCase = (id: string, key: string, approved: boolean) => sql`
    insert into anti_fraud_cases (id, rule, target_kind, target_key, target_client_id, evidence, approved_at, approved_by)
    values (${id}, 'client_orders_per_hour', 'client', ${key}, ${formula},
        ${JSON.stringify({ merchant: merchant.username, orders_in_an_hour: 12 })}::jsonb,
        ${approved ? sql`now()` : sql`null`}, ${approved ? adminUser.id : null})`;
  await db.execute(antiFraudCase(ids.newCase, `client:${merchant.id}:a`, false));
  await db.execute(antiFraudCase(ids.releasedCase, `client:${merchant.id}:b`, true));
  const holder = await createUser(ctx.database, { type: 'merchant', username: `=holder${newId().slice(-6)}` });
  ids.holder = holder.username;
  await depositAddressOf(ctx.app, holder.id);
  ids.payment = (await fund(ctx.app, holder.id, '12.345678')).paymentId;
  ids.otherPayment = (await fund(ctx.app, merchant.id, '5')).paymentId;
  for (const [name, type, roles] of [
    ['support admin', 'admin', ['support']],
    ['merchant', 'merchant', []],
    ['trader', 'trader', []],
    ['partner', 'partner', []],
    ['agent', 'agent', []],
  ] as [string, UserType, string[]][]) {
    const user = await createUser(ctx.database, { type, roles });
    clients.set(name, await new Client(ctx.app).signIn(user.username));
  }
});
afterAll(() => ctx.close());

/** Each export: its list, its access, a filter that must leave a row out, and a filter its list refuses. */
const exports = [
  { list: '/user', name: 'users', access: 'users.manage', filter: 'filter[type]=admin', bad: 'filter[type]=nobody' },
  { list: '/transaction', name: 'payments', access: 'payments.read', filter: '', bad: 'filter[status]=lost' },
  { list: '/wallet', name: 'wallets', access: 'wallets.read', filter: '', bad: `filter[username]=${'x'.repeat(60)}` },
  { list: '/order', name: 'orders', access: 'orders.all', filter: 'filter[tab]=canceled', bad: 'filter[tab]=archive' },
  { list: '/dispute/', name: 'disputes', access: 'orders.all', filter: '', bad: 'filter[order_uuid]=nope' },
  { list: '/requisite', name: 'requisites', access: 'requisites.read', filter: '', bad: 'filter[user_uuid]=nope' },
  { list: '/anti_fraud/', name: 'anti-fraud', access: 'antiFraud.read', filter: '', bad: 'filter[is_approved]=maybe' },
] as const;

const exportPath = (list: string) => `/api/inner${list.replace(/\/$/, '')}/export.csv`;

describe('every admin list answers <list path>/export.csv', () => {
  for (const entry of exports) {
    it(`${entry.name}: a UTF-8 CSV download with the list's columns, in English and in Russian`, async () => {
      const english = await download(admin, exportPath(entry.list));
      expect(english.response.headers['content-disposition']).toContain(`filename="${entry.name}-`);
      expect(english.rows.length).toBeGreaterThan(0);
      for (const row of english.rows) expect(row).toHaveLength(english.header.length);
      const russian = await download(russianAdmin, exportPath(entry.list));
      expect(russian.header).toHaveLength(english.header.length);
      expect(russian.header.join(' ')).toMatch(/[А-Яа-яЁё]/);
      expect(russian.rows.length).toBe(english.rows.length);
    });

    it(`${entry.name}: refuses a bad filter exactly as the list does (422, localized)`, async () => {
      const russian = russianAdmin;
      const list = await russian.get(`/api/inner${entry.list}?${entry.bad}`);
      const exported = await russian.get(`${exportPath(entry.list)}?${entry.bad}`);
      expect(list.statusCode).toBe(422);
      expect(exported.statusCode).toBe(422);
      expect(exported.json()).toEqual(list.json());
      expect(exported.json().localized_message).toMatch(/[А-Яа-яЁё]/);
    });

    it(`${entry.name}: refuses every user the list refuses (403), on the plain and the encoded path`, async () => {
      for (const [name, client] of clients) {
        const subject = {
          type: name.split(' ').at(-1) as UserType,
          roles: name === 'support admin' ? ['support'] : [],
        };
        if (name === 'support admin') subject.type = 'admin';
        const allowed = can({ ...subject, isRoot: false, insurancePaid: true }, entry.access as CapabilityName);
        const path = exportPath(entry.list);
        const encoded = path.replace('/export.csv', '/%65xport.csv').replace('/api/inner/', '/api/%69nner/');
        for (const url of [path, encoded]) {
          const response = await client.get(url);
          expect(response.statusCode, `${name}: ${url}`).toBe(allowed ? 200 : 403);
        }
      }
      const anonymous = await new Client(ctx.app).csrf();
      expect((await anonymous.get(exportPath(entry.list))).statusCode).toBe(401);
    });
  }
});

describe('the language of an export', () => {
  it("follows the app's x-language before the browser's Accept-Language, and English when neither names ours", async () => {
    const asked = async (headers: Record<string, string>) => {
      const user = await createUser(ctx.database, { type: 'admin' });
      const client = await new Client(ctx.app, headers).signIn(user.username);
      return (await download(client, exportPath('/anti_fraud/'))).header[1];
    };
    expect(await asked({ 'x-language': 'en', 'accept-language': 'ru' })).toBe('Created at (UTC)');
    expect(await asked({ 'x-language': 'ru' })).toBe('Создан (UTC)');
    expect(await asked({ 'accept-language': 'de-DE,de;q=0.9,ru;q=0.8' })).toBe('Создан (UTC)');
    expect(await asked({ 'accept-language': 'de-DE,fr;q=0.9' })).toBe('Created at (UTC)');
  });
});

describe('the rows of each export', () => {
  it('users: the filter applies; a comment or name that starts a formula is neutralized', async () => {
    const all = await download(admin, exportPath('/user'));
    const row = all.rows.find((candidate) => all.cell(candidate, 'ID') === ids.merchant) ?? [];
    expect(all.cell(row, 'Comment')).toBe(`'${formula}`);
    expect(all.cell(row, 'Username')?.startsWith("'-merchant-")).toBe(true);
    expect(all.cell(row, 'Balance')).toBe('5');
    const admins = await download(admin, `${exportPath('/user')}?filter[type]=admin`);
    expect(admins.rows.map((candidate) => admins.cell(candidate, 'ID'))).not.toContain(ids.merchant);
    expect(admins.rows.every((candidate) => admins.cell(candidate, 'Type') === 'admin')).toBe(true);
  });

  it("orders: the deals tab and the sort apply; amounts are exact decimals; the list's names are guarded", async () => {
    const all = await download(admin, exportPath('/order'));
    expect(all.rows.map((row) => all.cell(row, 'ID'))).toEqual([ids.formulaOrder, ids.otherOrder]);
    const [first = []] = all.rows;
    expect(all.cell(first, 'Client order ID')).toBe(`'${formula}`);
    expect(all.cell(first, 'Flow')).toBe("'@flow");
    expect(all.cell(first, 'Amount')).toBe('1500.5');
    expect(all.cell(first, 'Crypto amount')).toBe('0.016222');
    expect(all.cell(first, 'Status')).toBe('Paid');
    expect(all.cell(first, 'Status code')).toBe('paid');
    expect(all.cell(first, 'Payment details')).toBe('4276000011112222, IVAN PETROV');
    expect(all.cell(first, 'Created at (UTC)')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const oldestFirst = await download(admin, `${exportPath('/order')}?sort=created_at`);
    expect(oldestFirst.rows.map((row) => oldestFirst.cell(row, 'ID'))).toEqual([ids.otherOrder, ids.formulaOrder]);
    const canceled = await download(admin, `${exportPath('/order')}?filter[tab]=canceled`);
    expect(canceled.rows.map((row) => canceled.cell(row, 'ID'))).toEqual([ids.otherOrder]);
    const none = await download(admin, `${exportPath('/order')}?filter[tab]=pay_in&filter[direction]=pay_out`);
    expect(none.rows).toEqual([]);
    expect(none.header.length).toBeGreaterThan(5);
  });

  it('payments: the filter applies; amounts and balances are exact; the owner is guarded', async () => {
    const one = await download(admin, `${exportPath('/transaction')}?filter[uuid]=${ids.payment}`);
    expect(one.rows).toHaveLength(1);
    const [row = []] = one.rows;
    expect(one.cell(row, 'Owner')).toBe(`'${ids.holder}`);
    expect(one.cell(row, 'Amount')).toBe('12.345678');
    expect(one.cell(row, 'Balance after')).toBe('12.345678');
    expect(one.cell(row, 'Status code')).toBe('done');
    const all = await download(admin, exportPath('/transaction'));
    expect(all.rows.map((candidate) => all.cell(candidate, 'ID'))).toEqual(
      expect.arrayContaining([ids.payment, ids.otherPayment]),
    );
  });

  it('wallets: the filter applies; the holder is guarded; what it received is exact', async () => {
    const mine = await download(admin, `${exportPath('/wallet')}?filter[username]=${encodeURIComponent(ids.holder)}`);
    expect(mine.rows).toHaveLength(1);
    const [row = []] = mine.rows;
    expect(mine.cell(row, 'Owner')).toBe(`'${ids.holder}`);
    expect(mine.cell(row, 'Received')).toBe('12.345678');
    expect(mine.cell(row, 'Address')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('disputes: the status filter applies; names are guarded', async () => {
    const open = await download(admin, `${exportPath('/dispute/')}?filter[status]=open`);
    expect(open.rows.map((row) => open.cell(row, 'ID'))).toEqual([ids.openDispute]);
    const [row = []] = open.rows;
    expect(open.cell(row, 'Merchant')?.startsWith("'-merchant-")).toBe(true);
    expect(open.cell(row, 'Amount')).toBe('1500.5');
    expect(open.cell(row, 'Status')).toBe('Open');
    const all = await download(admin, exportPath('/dispute/'));
    expect(all.rows).toHaveLength(2);
  });

  it('requisites: the name filter applies; a name that starts a formula is guarded', async () => {
    const found = await download(admin, `${exportPath('/requisite')}?filter[name]=sum`);
    expect(found.rows.map((row) => found.cell(row, 'ID'))).toEqual([ids.requisite]);
    const [row = []] = found.rows;
    expect(found.cell(row, 'Name')).toBe("'+SUM(A1:A9)");
    expect(found.cell(row, 'Attributes')).toBe('card_number: 4276000011113333');
    expect(found.cell(row, 'Active')).toBe('Yes');
    const russian = await download(russianAdmin, `${exportPath('/requisite')}?filter[name]=sum`);
    expect(russian.cell(russian.rows[0] ?? [], 'Активен')).toBe('Да');
  });

  it('anti-fraud: the status filter applies; a payer id that starts a formula is guarded', async () => {
    const released = await download(admin, `${exportPath('/anti_fraud/')}?filter[is_approved]=true`);
    expect(released.rows.map((row) => released.cell(row, 'ID'))).toEqual([ids.releasedCase]);
    const fresh = await download(admin, `${exportPath('/anti_fraud/')}?filter[is_approved]=false`);
    const [row = []] = fresh.rows;
    expect(fresh.cell(row, 'ID')).toBe(ids.newCase);
    expect(fresh.cell(row, 'Target')?.startsWith(`'${formula}`)).toBe(true);
    expect(fresh.cell(row, 'Status')).toBe('New');
  });
});

describe('the OpenAPI document', () => {
  it('documents each export as a CSV answer beside the refusals of a read', async () => {
    const document = (await admin.get('/api/inner/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    for (const entry of exports) {
      const responses = document.paths[exportPath(entry.list)]?.get?.responses ?? {};
      expect(Object.keys(responses[200]?.content ?? {}), entry.name).toEqual(['text/csv']);
      expect(Object.keys(responses).sort(), entry.name).toEqual([
        '200',
        '400',
        '401',
        '403',
        '404',
        '414',
        '422',
        '431',
      ]);
    }
  });
});

describe('parseCsv (the tests’ reader)', () => {
  it('reads quoted fields, doubled quotes and CRLF', () => {
    expect(parseCsv('\uFEFFa,"b,""c"""\r\n1,"x\r\ny"\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['1', 'x\r\ny'],
    ]);
  });
});
