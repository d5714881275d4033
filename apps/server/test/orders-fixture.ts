import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { newId, randomToken } from '../src/lib/ids';
import { flowExecutors, flows } from '../src/modules/flows/flows.table';
import { orders } from '../src/modules/orders/orders.table';
import { requisiteRestrictions, requisites } from '../src/modules/requisites/requisites.table';
import { agentLinks, traderProfiles, userFees } from '../src/modules/users/users.table';
import { ApiClient, Client, createUser, fund, type TestContext } from './harness';

export interface OrderWorld {
  merchant: { id: string; username: string; api: ApiClient; browser: Client };
  trader: { id: string; username: string; browser: Client; requisiteId: string };
  agent: { id: string; username: string };
  admin: { id: string; browser: Client };
  flowId: string;
}

const tier = (userId: string, direction: 'pay_in' | 'pay_out', hundredths: number) => ({
  id: newId(),
  userId,
  direction,
  minAmountMinor: 0n,
  maxAmountMinor: null,
  percentageHundredths: hundredths,
});

/** A trader ready to execute: insurance paid, deposits and withdrawals open, a card requisite, money on hand. */
export async function readyTrader(ctx: TestContext, options: { funds?: string; fee?: number; flowId?: string } = {}) {
  const user = await createUser(ctx.database, { type: 'trader' });
  const db = ctx.database.db;
  await db
    .update(traderProfiles)
    .set({ depositOpen: true, withdrawOpen: true })
    .where(eq(traderProfiles.userId, user.id));
  await db
    .insert(userFees)
    .values([tier(user.id, 'pay_in', options.fee ?? 250), tier(user.id, 'pay_out', options.fee ?? 150)]);
  const requisiteId = newId();
  await db.insert(requisites).values({
    id: requisiteId,
    userId: user.id,
    name: 'Card',
    currency: 'RUB',
    paymentOption: 'card',
    paymentType: 'sberbank',
    attributes: {
      card_number: `4276${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
      holder: 'IVAN PETROV',
    },
  });
  if (options.funds !== '0') await fund(ctx.app, user.id, options.funds ?? '1000');
  if (options.flowId) await bindExecutor(ctx, options.flowId, user.id, 'trader', 5);
  return {
    id: user.id,
    username: user.username,
    requisiteId,
    browser: await new Client(ctx.app).signIn(user.username),
  };
}

export async function bindExecutor(
  ctx: TestContext,
  flowId: string,
  userId: string,
  type: 'trader' | 'partner',
  priority: number,
) {
  await ctx.database.db.insert(flowExecutors).values({ id: newId(), flowId, userId, executorType: type, priority });
}

export async function restrictRequisite(
  ctx: TestContext,
  requisiteId: string,
  type: string,
  value: Record<string, string | null>,
) {
  await ctx.database.db
    .insert(requisiteRestrictions)
    .values({ requisiteId, type, value, isActive: true })
    .onConflictDoUpdate({ target: [requisiteRestrictions.requisiteId, requisiteRestrictions.type], set: { value } });
}

/**
 * The world of an order (DESIGN §5): a merchant with a 5 % fee and a 0.5 % referral agent, its API key, an active
 * RUB/USDT flow at 92.5 with one trader (2.5 % reward) holding a card and 1000 USDT, and an admin.
 */
/** An active RUB → USDT flow of the merchant at a manual rate of 92.5; its id. */
export async function insertFlow(db: Db, merchantId: string, name: string): Promise<string> {
  const id = newId();
  await db.insert(flows).values({
    id,
    name,
    merchantId,
    fiat: 'RUB',
    crypto: 'USDT',
    isActive: true,
    rateSource: 'manual',
    manualRate: '92.5',
  });
  return id;
}

export async function orderWorld(ctx: TestContext): Promise<OrderWorld> {
  const db = ctx.database.db;
  const merchantUser = await createUser(ctx.database, { type: 'merchant' });
  const agentUser = await createUser(ctx.database, { type: 'agent' });
  await db.insert(userFees).values([tier(merchantUser.id, 'pay_in', 500), tier(merchantUser.id, 'pay_out', 300)]);
  await db
    .insert(agentLinks)
    .values({ userId: merchantUser.id, agentId: agentUser.id, payInHundredths: 50, payOutHundredths: 25 });
  await fund(ctx.app, merchantUser.id, '5000');
  const flowId = await insertFlow(db, merchantUser.id, `Flow ${randomToken(4)}`);
  const trader = await readyTrader(ctx, { flowId });
  const adminUser = await createUser(ctx.database, { type: 'admin' });
  return {
    merchant: {
      id: merchantUser.id,
      username: merchantUser.username,
      api: await ApiClient.of(ctx.app, merchantUser.username),
      browser: await new Client(ctx.app).signIn(merchantUser.username),
    },
    trader,
    agent: { id: agentUser.id, username: agentUser.username },
    admin: { id: adminUser.id, browser: await new Client(ctx.app).signIn(adminUser.username) },
    flowId,
  };
}

let serial = 0;
const nextSerial = () => {
  serial += 1;
  return serial;
};
/** A pay-in body with a fresh client_order_id. */
export const payIn = (amount: string, extra: Record<string, unknown> = {}) => ({
  type: 'pay_in',
  amount,
  currency: 'RUB',
  client_order_id: `in-${Date.now()}-${nextSerial()}`,
  ...extra,
});

export const payOut = (amount: string, extra: Record<string, unknown> = {}) => ({
  type: 'pay_out',
  amount,
  currency: 'RUB',
  payment_option: 'card',
  recipient: { card_number: '5559490012345678', holder: 'ANNA SMIRNOVA' },
  client_order_id: `out-${Date.now()}-${nextSerial()}`,
  ...extra,
});

/** A pay-in of `amount` RUB that the world's merchant creates through the signed API; its guid. */
export async function merchantPayIn(world: OrderWorld, amount: string): Promise<string> {
  const response = await world.merchant.api.post('/api/v1/orders', payIn(amount));
  if (response.statusCode !== 201) throw new Error(`pay-in refused: ${response.statusCode} ${response.body}`);
  return response.json().data.guid as string;
}

/** An order's status as stored. */
export async function orderStatus(db: Db, guid: string): Promise<string | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, guid));
  return row?.status;
}
