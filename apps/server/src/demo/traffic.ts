import { defaultLanguage, formatAmount, USDT } from '@paydesk/contract';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { DomainError } from '../lib/errors';
import { randomToken } from '../lib/ids';
import { openDispute } from '../modules/disputes/disputes.module';
import type { JobDefinition } from '../modules/jobs/jobs.module';
import {
  cancelByMerchant,
  confirmPayIn,
  createOrder,
  engineTime,
  markPaidByExecutor,
  type OrderDeps,
  type OrderRow,
  orders,
  takePayOut,
} from '../modules/orders/orders.module';
import { openPayerPage } from '../modules/payer-links/payer-links.module';
import type { DemoChain } from '../modules/payments/payments.module';
import { requisites } from '../modules/requisites/requisites.module';
import { users } from '../modules/users/users.module';
import { demoHeartbeat, forwardDemoPayment } from './device';
import { type HistoryParties, seedHistory } from './history';
import { type HistoryOptions, type PayerBank, payerBanks } from './history-plan';
import { latePayerAppeals, type PayerDeps, payerReports } from './payers';
import { demoReceipt } from './receipt';

/** Demo orders are the demo merchant's with this prefix: an order someone makes through the API is never touched. */
const demoPrefix = 'demo-';

/** What becomes of a demo order, fixed by its id so every round agrees: most are paid, some are left to expire. */
export type Fate = 'paid' | 'abandoned' | 'partner' | 'left';

function fateOf(id: string, type: string): Fate {
  const roll = Number.parseInt(id.replace(/-/g, '').slice(-4), 16) % 100;
  if (type === 'pay_in') return roll < 85 ? 'paid' : 'abandoned';
  // Pay-outs: the partner takes half; the rest wait for a trader on the screens, or expire.
  return roll < 50 ? 'partner' : 'left';
}

interface OpenDemoOrder {
  id: string;
  type: string;
  status: string;
  executorId: string | null;
  requisiteId: string | null;
  fiatAmountMinor: bigint;
  paymentType: string | null;
  clientId: string | null;
  createdAt: Date;
  takenAt: Date | null;
  updatedAt: Date;
}

/** How long a demo payer or executor takes, in seconds, for each step. */
const pace = { confirm: 10, pay: 60, take: 45, payOut: 30 };

/** What a test fixes of the demo's traffic: its dice (Math.random else) and each order's fate (by its id else). */
export interface TrafficOptions {
  random?: () => number;
  fateOf?: (id: string, type: string) => Fate;
}

/** A pay-out recipient as a real merchant would send it, by payment option. */
function recipientFor(between: (low: number, high: number) => number, option: 'card' | 'sbp'): Record<string, string> {
  return option === 'card'
    ? { card_number: `5536${String(between(0, 999_999_999_999)).padStart(12, '0')}`, holder: 'MARIA IVANOVA' }
    : { phone: `79${String(between(0, 999_999_999)).padStart(9, '0')}`, bank: 'T-Bank', holder: 'OLEG SMIRNOV' };
}

/**
 * Demo mode's live traffic (DESIGN §7): the demo merchant creates pay-ins and pay-outs now and then through the same
 * service its API calls; the simulated payers report paying and most pay-ins are then settled by the bank message
 * the trader's simulated terminal forwards, some are left to expire; the partner takes and pays half of the
 * pay-outs, the rest wait for a trader on the screens. Every step is a real transition through the order engine and
 * the ledger. The simulated payers use the payer's page's own calls (DESIGN §20): most report "I have paid" there, some
 * attach a receipt first, and about one a day who paid late appeals with its receipt after its pay-in expired. The
 * jobs run on the job runner, with the simulated terminal's heartbeat; the clock is the engine's (`OrderDeps.now`).
 */
export function createDemoTraffic(deps: PayerDeps, options: TrafficOptions = {}) {
  const { db, config } = deps;
  const random = options.random ?? Math.random;
  const traffic: Traffic = {
    deps,
    random,
    fate: options.fateOf ?? fateOf,
    between: (low, high) => low + Math.floor(random() * (high - low + 1)),
  };
  const createRandom = () => createRandomOrder(traffic);
  const progress = () => progressOrders(traffic);
  const latePayer = () => latePayerAppeal(deps);

  const jobs: Record<string, { every: number | null; definition: JobDefinition }> = {
    'demo.order': {
      every: config.DEMO_ORDER_SECONDS > 0 ? config.DEMO_ORDER_SECONDS : null,
      definition: { run: createRandom },
    },
    'demo.progress': {
      every: config.DEMO_ORDER_SECONDS > 0 ? 5 : null,
      definition: { run: progress },
    },
    'demo.late-payer': {
      every: config.DEMO_ORDER_SECONDS > 0 ? 3600 : null,
      definition: { run: latePayer },
    },
    'demo.device-heartbeat': {
      every: 30,
      definition: { run: () => demoHeartbeat(db) },
    },
  };

  /**
   * A first history for the order screens on a fresh demo platform: paid pay-ins and pay-outs, one canceled, some
   * still open, made through the engine like every later one.
   */
  const seedOrders = (clock?: () => Date) => seedDemoOrders(traffic, clock);

  /** A month of orders before today (DESIGN §7), made through the engine on its backdated clock. */
  const seedMonth = (chain: DemoChain, parties: HistoryParties, options: HistoryOptions) =>
    seedHistory(deps, chain, parties, options);

  return { jobs, seedOrders, seedMonth, createRandom, progress, latePayer, fateOf };
}

export type DemoTraffic = ReturnType<typeof createDemoTraffic>;

/** The demo traffic's dependencies and dice, which its steps share. */
interface Traffic {
  deps: PayerDeps;
  random: () => number;
  fate: (id: string, type: string) => Fate;
  /** A whole number from `low` to `high`, both included, by `random`. */
  between: (low: number, high: number) => number;
}

/** How a demo pay-in is paid: a card of a bank, or SBP. */
type PaidWith = { option: 'card'; bank: PayerBank } | { option: 'sbp' };

/** A new pay-in's page, opened in the transaction that creates it, as the API opens one. */
const withPage = (deps: PayerDeps, engine: OrderDeps): OrderDeps => ({
  ...engine,
  commitWith: (tx: Tx, row: OrderRow) => openPayerPage(tx, deps.secrets, row.id, { returnUrl: null, language: null }),
});

/**
 * The id of the demo's merchant or partner (the user named after its type; the partner takes half of the demo
 * pay-outs); null on a platform the demo did not seed.
 */
async function demoUser(db: Db, type: 'merchant' | 'partner'): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, type), eq(users.type, type)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * One new order of the demo merchant: mostly pay-ins of 500 to 30,000 RUB, sometimes a pay-out; `how` fixes how it
 * is paid (a card of `bank`, or SBP), otherwise chosen at random.
 */
async function createOne(
  { deps, random, between }: Traffic,
  merchantId: string,
  type = random() < 0.7 ? 'pay_in' : 'pay_out',
  clientId = `payer-${between(1, 40)}`,
  how?: PaidWith,
  engine: OrderDeps = deps,
) {
  const clientOrderId = `${demoPrefix}${Date.now().toString(36)}-${randomToken(4)}`;
  const option = how?.option ?? (random() < 0.75 ? 'card' : 'sbp');
  const bank = how?.option === 'card' ? how.bank : payerBanks[between(0, payerBanks.length - 1)];
  try {
    return await createOrder(
      type === 'pay_in' ? withPage(deps, engine) : engine,
      merchantId,
      type === 'pay_in'
        ? {
            type: 'pay_in',
            amount: String(between(50, 3000) * 10),
            currency: 'RUB',
            crypto_currency: USDT.code,
            payment_option: option,
            // A card pay-in names the payer's bank, as a shop that asks its payer does; an SBP one reaches any bank.
            ...(option === 'card' ? { payment_type: bank } : {}),
            client_order_id: clientOrderId,
            client_id: clientId,
          }
        : {
            type: 'pay_out',
            amount: String(between(100, 2000) * 10),
            currency: 'RUB',
            crypto_currency: USDT.code,
            payment_option: option,
            recipient: recipientFor(between, option),
            client_order_id: clientOrderId,
          },
      defaultLanguage,
    );
  } catch (error) {
    // No executor free, or the merchant's money is all on hold: a real merchant would meet the same refusal.
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** A random new order of the demo merchant, now and then. */
async function createRandomOrder(traffic: Traffic) {
  const merchantId = await demoUser(traffic.deps.db, 'merchant');
  if (merchantId) await createOne(traffic, merchantId);
}

/** Moves each open demo order whose time has come one step on. */
async function progressOrders(traffic: Traffic) {
  const { db } = traffic.deps;
  const merchantId = await demoUser(db, 'merchant');
  if (!merchantId) return;
  const open = await openDemoOrders(db, merchantId);
  const partner = await demoUser(db, 'partner');
  for (const order of open) {
    await nextStep(traffic, merchantId, partner, order)?.().catch((error: unknown) => {
      // Someone on the screens moved it first: the next round looks again.
      if (!(error instanceof DomainError)) throw error;
    });
  }
}

/** The demo merchant's open demo orders, oldest first. */
function openDemoOrders(db: Db, merchantId: string): Promise<OpenDemoOrder[]> {
  return db
    .select({
      id: orders.id,
      type: orders.type,
      status: orders.status,
      executorId: orders.executorId,
      requisiteId: orders.requisiteId,
      fiatAmountMinor: orders.fiatAmountMinor,
      paymentType: orders.paymentType,
      clientId: orders.clientId,
      createdAt: orders.createdAt,
      takenAt: orders.takenAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        inArray(orders.status, ['new', 'in-progress']),
        like(orders.clientOrderId, `${demoPrefix}%`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(100);
}

/** The step an open demo order takes now, if its time has come. */
function nextStep(traffic: Traffic, merchantId: string, partner: string | null, order: OpenDemoOrder) {
  const { deps } = traffic;
  const now = engineTime(deps).getTime();
  const since = (date: Date | null) => (now - (date?.getTime() ?? now)) / 1000;
  const fated = traffic.fate(order.id, order.type);
  const { executorId } = order;
  if (order.type === 'pay_in') {
    if (order.status === 'new' && fated === 'paid' && since(order.createdAt) >= pace.confirm) {
      return () => payerPaid(traffic, merchantId, order.id);
    }
    if (order.status === 'in-progress' && executorId && since(order.updatedAt) >= pace.pay) {
      return () => payIn(deps, executorId, order);
    }
    return null;
  }
  if (!partner) return null;
  if (order.status === 'new' && fated === 'partner' && since(order.createdAt) >= pace.take) {
    return () => takePayOut(deps, partner, order.id);
  }
  if (order.status === 'in-progress' && executorId === partner && since(order.takenAt) >= pace.payOut) {
    return () => markPaidByExecutor(deps, partner, order.id);
  }
  return null;
}

/**
 * The payer of a demo pay-in paid and says so on its page, a third of them attaching the bank's receipt (a PDF or a
 * screenshot) first; a pay-in without a page is confirmed by the merchant, as before pages existed.
 */
async function payerPaid({ deps, random }: Traffic, merchantId: string, orderId: string) {
  const receipt = random() < 1 / 3 ? (random() < 0.5 ? 'pdf' : 'png') : null;
  if (!(await payerReports(deps, orderId, receipt))) await confirmPayIn(deps, merchantId, orderId);
}

/** About one late payer a day appeals on its expired pay-in's page. */
async function latePayerAppeal(deps: PayerDeps) {
  const merchantId = await demoUser(deps.db, 'merchant');
  if (merchantId) await latePayerAppeals(deps, merchantId, demoPrefix);
}

/**
 * A paid demo pay-in: the payer's bank message reaches the trader's demo terminal, which settles it (DESIGN §11);
 * an order no demo terminal reads, or one its message could not settle, is paid by its executor by hand.
 */
async function payIn(deps: PayerDeps, executorId: string, order: OpenDemoOrder) {
  const [requisite] = order.requisiteId
    ? await deps.db
        .select({ attributes: requisites.attributes })
        .from(requisites)
        .where(eq(requisites.id, order.requisiteId))
    : [];
  const forwarded = await forwardDemoPayment(deps, order, requisite?.attributes ?? {});
  if (forwarded?.outcome !== 'matched') await markPaidByExecutor(deps, executorId, order.id);
}

/** `createDemoTraffic`'s `seedOrders`: the first orders of a fresh demo, on the seed's clock. */
async function seedDemoOrders(traffic: Traffic, clock: () => Date = () => new Date()) {
  const { deps } = traffic;
  const merchantId = await demoUser(deps.db, 'merchant');
  const partner = await demoUser(deps.db, 'partner');
  if (!merchantId || !partner) return;
  // Made on the seed's clock, like the month before them (the wall clock unless a test fixes it).
  const engine: PayerDeps = { ...deps, now: clock };
  // The first pay-ins all come from one regular payer, more often in an hour than the demo's anti-fraud setting
  // allows: the rule opens its case when the job runner gets to it, as it would for a real payer. Each names how it
  // is paid: all nine are open at once while they are made, and the trader's SBP phone takes three at a time.
  const newPayIn = (how: PaidWith) => createOne(traffic, merchantId, 'pay_in', 'payer-7', how, engine);
  const first = await newPayIn({ option: 'card', bank: 'sberbank' });
  const second = await newPayIn({ option: 'sbp' });
  const third = await newPayIn({ option: 'card', bank: 'tbank' });
  const fourth = await newPayIn({ option: 'card', bank: 'sberbank' });
  // The appeal's order is on a card of the first bank whose card takes it: the appeal is part of every demo.
  let fifth: Awaited<ReturnType<typeof createOne>> = null;
  for (const bank of ['vtb', 'alfabank', 'tbank', 'sberbank'] as const) {
    fifth = await newPayIn({ option: 'card', bank });
    if (fifth) break;
  }
  await newPayIn({ option: 'card', bank: 'tbank' });
  const outFirst = await createOne(traffic, merchantId, 'pay_out', 'payer-7', undefined, engine);
  const outSecond = await createOne(traffic, merchantId, 'pay_out', 'payer-7', undefined, engine);
  await createOne(traffic, merchantId, 'pay_out', 'payer-7', undefined, engine);
  // Paid, paid, paid, reported by the payer, canceled, new; a pay-out paid, one taken, one waiting.
  for (const order of [first, second, third]) {
    if (order?.executorId) await markPaidByExecutor(engine, order.executorId, order.id);
  }
  if (fourth) await confirmPayIn(engine, merchantId, fourth.id);
  if (fifth) {
    await cancelByMerchant(engine, merchantId, fifth.id);
    await appealPaidAfterCancel(engine, merchantId, fifth, clock());
  }
  if (outFirst) {
    await takePayOut(engine, partner, outFirst.id);
    await markPaidByExecutor(engine, partner, outFirst.id);
  }
  if (outSecond) await takePayOut(engine, partner, outSecond.id);
}

/**
 * The payer says it paid the canceled order after all: the merchant's appeal waits for an admin (APPEALS), with the
 * bank's receipt the payer sent, stored as evidence the way an uploaded one is.
 */
async function appealPaidAfterCancel(engine: PayerDeps, merchantId: string, order: OrderRow, paidAt: Date) {
  const amount = formatAmount(order.fiatAmountMinor, engine.reference.currencies.get(order.fiat)?.ratioFraction ?? 2);
  await openDispute(
    engine,
    { id: merchantId, type: 'merchant' },
    order.id,
    {
      reason: 'payment_not_credited',
      paid_amount: amount,
      paid_at: paidAt.toISOString(),
      comment: "The payer sent its bank's receipt of the transfer.",
      files: [
        {
          name: 'receipt.pdf',
          data: `data:application/pdf;base64,${demoReceipt(order, paidAt).toString('base64')}`,
        },
      ],
    },
    defaultLanguage,
  );
}
