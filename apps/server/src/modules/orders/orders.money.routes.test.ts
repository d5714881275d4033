import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createUser, type TestContext } from '../../../test/harness';
import { bindExecutor, type OrderWorld, orderWorld, payIn, payOut } from '../../../test/orders-fixture';
import { agentLinks } from '../users/users.table';

/**
 * What each party is served of an order's money (issue 20 "Confidentiality", issue 21 item 2): the admin (and support)
 * every transfer with both sides named, a merchant and the order's executor only their own figures and lines, an agent
 * nothing (no order screen), everyone else a 404. Each answer is checked for what must be in it and what must not.
 */

let ctx: TestContext;
let world: OrderWorld;
let lead: { id: string; username: string };
let partner: { id: string; username: string; browser: Client };
let support: Client;
let agent: Client;

beforeAll(async () => {
  ctx = await createTestApp({ API_RATE_LIMIT_PER_SECOND: '100000' });
  world = await orderWorld(ctx);
  // The trader's team lead: a third party whose username and share nobody but the admin may see.
  const leadUser = await createUser(ctx.database, { type: 'agent' });
  await ctx.database.db
    .insert(agentLinks)
    .values({ userId: world.trader.id, agentId: leadUser.id, payInHundredths: 30, payOutHundredths: 20 });
  lead = { id: leadUser.id, username: leadUser.username };
  const partnerUser = await createUser(ctx.database, { type: 'partner' });
  await bindExecutor(ctx, world.flowId, partnerUser.id, 'partner', 9);
  partner = { ...partnerUser, browser: await new Client(ctx.app).signIn(partnerUser.username) };
  support = await new Client(ctx.app).signIn(
    (await createUser(ctx.database, { type: 'admin', roles: ['support'] })).username,
  );
  agent = await new Client(ctx.app).signIn(world.agent.username);
});
afterAll(() => ctx.close());

interface Party {
  role: { slug: string; title: string };
  username: string | null;
  account: { slug: string; title: string };
}
interface Transfer {
  code: { slug: string; title: string };
  from: Party;
  to: Party;
  money: { amount: string };
}
interface Line {
  code: { slug: string; title: string };
  account: { slug: string; title: string };
  amount: string;
}

const create = async (body: Record<string, unknown>) => {
  const response = await world.merchant.api.post('/api/v1/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { guid: string }).guid;
};
const details = async (client: Client, guid: string) => {
  const response = await client.get(`/api/inner/order/${guid}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, data: response.json().data };
};
const transferOf = (transfers: Transfer[], code: string) => {
  const found = transfers.find((transfer) => transfer.code.slug === code);
  if (!found) throw new Error(`no ${code} transfer`);
  return found;
};
/** What nobody but the admin may read in an order's answer: the agents, the platform's lines, the raw account codes. */
const othersEconomics = () => [
  world.agent.username,
  lead.username,
  'order_referral',
  'order_fee',
  'order_rounding',
  'revenue',
  'rounding',
  'teamlead',
  ':available',
  ':hold',
];

describe('an order’s money, per role (GET /order/{id})', () => {
  let guid: string;
  let adminView: { transfers: Transfer[] };

  beforeAll(async () => {
    guid = await create(payIn('1800'));
    const paid = await world.trader.browser.post(`/api/inner/order/${guid}/set-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    adminView = (await details(world.admin.browser, guid)).data;
  });

  it('gives the admin every transfer with both sides named, rounding included, and the pricing', async () => {
    const { data, body } = await details(world.admin.browser, guid);
    expect(data.own_money).toBeNull();
    expect(data.pricing.agents).toEqual([
      { username: world.agent.username, role: 'referral', percentage: '0.5' },
      { username: lead.username, role: 'teamlead', percentage: '0.3' },
    ]);
    const transfers = data.transfers as Transfer[];
    expect(transfers.map((transfer) => transfer.code.slug)).toEqual([
      'order_hold',
      'order_settle',
      'order_reward',
      'order_referral',
      'order_referral',
      'order_fee',
      'order_rounding',
    ]);
    expect(transferOf(transfers, 'order_settle')).toMatchObject({
      code: { title: 'Order settled' },
      from: { role: { slug: 'trader', title: 'Trader' }, username: world.trader.username, account: { slug: 'hold' } },
      to: { role: { slug: 'merchant' }, username: world.merchant.username, account: { slug: 'available' } },
    });
    expect(transferOf(transfers, 'order_fee').to).toEqual({
      role: { slug: 'platform', title: 'Platform' },
      username: null,
      account: { slug: 'revenue', title: 'Platform revenue' },
    });
    expect(transferOf(transfers, 'order_rounding').to.account).toEqual({ slug: 'rounding', title: 'Rounding' });
    const leadLine = transfers.find((transfer) => transfer.to.username === lead.username);
    expect(leadLine?.to.role.slug).toBe('teamlead');
    // Named accounts, never the raw codes the ledger keeps.
    expect(body).not.toMatch(/"(platform|[\w-]+):(available|hold|revenue|rounding)"/);
  });

  it('names accounts, parties and transfer codes in Russian', async () => {
    const russian = (username: string) => new Client(ctx.app, { 'x-language': 'ru' }).signIn(username);
    const admin = await createUser(ctx.database, { type: 'admin' });
    const { data } = await details(await russian(admin.username), guid);
    const fee = transferOf(data.transfers, 'order_fee');
    expect(fee.code.title).toBe('Комиссия платформы');
    expect(fee.to.role.title).toBe('Платформа');
    expect(fee.to.account.title).toBe('Доход платформы');
    const merchant = (await details(await russian(world.merchant.username), guid)).data;
    expect(merchant.own_money.role.title).toBe('Мерчант');
    expect(merchant.own_money.lines[0]).toMatchObject({
      code: { title: 'Расчёт по заказу' },
      account: { title: 'Доступно' },
    });
  });

  it('gives support, an admin who moves no money, the same reading as the admin', async () => {
    const { data } = await details(support, guid);
    expect(data.transfers).toEqual(adminView.transfers);
    expect(data.pricing).not.toBeNull();
  });

  it('gives the merchant its fee, what it receives and its own line, and nothing of the other parties', async () => {
    const { data, body } = await details(world.merchant.browser, guid);
    expect(data.pricing).toBeNull();
    expect(data.transfers).toEqual([]);
    const received = transferOf(adminView.transfers, 'order_settle').money.amount;
    expect(data.own_money).toMatchObject({
      role: { slug: 'merchant', title: 'Merchant' },
      percentage: '5',
      receives: { amount: received },
      pays: null,
      lines: [{ code: { slug: 'order_settle' }, account: { slug: 'available' }, amount: received }],
    });
    // Its fee: the crypto amount less what it receives.
    expect(Number(data.own_money.share.amount)).toBeCloseTo(
      Number(data.order.crypto_money.amount) - Number(received),
      6,
    );
    for (const secret of othersEconomics()) expect(body, secret).not.toContain(secret);
    expect(body).not.toContain(transferOf(adminView.transfers, 'order_reward').money.amount);
  });

  it('gives the trader its reward, what it held and its own lines, and nothing of the other parties', async () => {
    const { data, body } = await details(world.trader.browser, guid);
    expect(data.pricing).toBeNull();
    expect(data.transfers).toEqual([]);
    const reward = transferOf(adminView.transfers, 'order_reward').money.amount;
    const hold = transferOf(adminView.transfers, 'order_hold').money.amount;
    expect(data.own_money).toMatchObject({
      role: { slug: 'trader' },
      percentage: '2.5',
      share: { amount: reward },
      receives: { amount: reward },
      pays: { amount: hold },
    });
    // The settlement's split out of its hold is one line: what the merchant, agents and platform got is not its own.
    expect(data.own_money.lines.map((line: Line) => [line.code.slug, line.account.slug, line.amount])).toEqual([
      ['order_hold', 'available', `-${hold}`],
      ['order_hold', 'hold', hold],
      ['order_settle', 'hold', `-${hold}`],
      ['order_reward', 'available', reward],
    ]);
    for (const secret of othersEconomics()) expect(body, secret).not.toContain(secret);
    expect(body).not.toContain(`"${transferOf(adminView.transfers, 'order_settle').money.amount}"`);
  });

  it('refuses an agent (no order screen) and hides the order from a stranger', async () => {
    expect((await agent.get(`/api/inner/order/${guid}`)).statusCode).toBe(403);
    expect((await partner.browser.get(`/api/inner/order/${guid}`)).statusCode).toBe(404);
  });
});

describe('a pay-out’s money, per role', () => {
  it('gives the merchant what it pays and its fee as one line, the partner what it receives', async () => {
    const guid = await create(payOut('3000'));
    const waiting = (await details(partner.browser, guid)).data;
    // Before it takes the order, the partner has no part in its money yet.
    expect(waiting.own_money).toBeNull();
    expect((await partner.browser.post(`/api/inner/order/${guid}/take`)).statusCode).toBe(200);
    expect((await partner.browser.post(`/api/inner/order/${guid}/set-paid`)).statusCode).toBe(200);
    const admin = (await details(world.admin.browser, guid)).data as { transfers: Transfer[] };
    const hold = transferOf(admin.transfers, 'order_hold').money.amount;
    const settled = transferOf(admin.transfers, 'order_settle').money.amount;

    const merchant = await details(world.merchant.browser, guid);
    expect(merchant.data.own_money).toMatchObject({
      role: { slug: 'merchant' },
      percentage: '3',
      pays: { amount: hold },
      receives: null,
    });
    expect(merchant.data.own_money.lines.map((line: Line) => [line.code.slug, line.account.slug, line.amount])).toEqual(
      [
        ['order_hold', 'available', `-${hold}`],
        ['order_hold', 'hold', hold],
        ['order_settle', 'hold', `-${hold}`],
      ],
    );
    for (const secret of othersEconomics()) expect(merchant.body, secret).not.toContain(secret);

    const own = await details(partner.browser, guid);
    expect(own.data.own_money).toMatchObject({
      role: { slug: 'partner', title: 'Partner' },
      percentage: '0',
      receives: { amount: settled },
      pays: null,
      lines: [{ code: { slug: 'order_settle' }, account: { slug: 'available' }, amount: settled }],
    });
    expect(own.data.transfers).toEqual([]);
    expect(own.data.pricing).toBeNull();
    for (const secret of othersEconomics()) expect(own.body, secret).not.toContain(secret);
    expect(own.body).not.toContain(`"-${hold}"`);
  });
});
