import { type apiOrderCreateSchema, defaultLanguage, parseAmount, USDT } from '@paydesk/contract';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { DomainError } from '../lib/errors';
import { balancesOf } from '../modules/ledger/ledger.module';
import {
  cancelByMerchant,
  confirmPayIn,
  createOrder,
  expireOrder,
  markPaidByExecutor,
  type OrderDeps,
  takePayOut,
} from '../modules/orders/orders.module';
import type { DemoChain } from '../modules/payments/sources/demo';
import { forwardDemoPayment } from './device';

type NewOrder = z.output<typeof apiOrderCreateSchema>;

/** Who the history is made of: the demo merchant and its two executors. */
export interface HistoryParties {
  merchantId: string;
  traderId: string;
  partnerId: string;
}

export interface HistoryOptions {
  /** The history ends here (the seed's "now"); it starts `days` UTC days before. */
  until: Date;
  days: number;
  /** Random numbers in [0, 1): a seeded generator makes the same month every time. */
  random: () => number;
}

/** A small seeded generator (mulberry32): the demo's month is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The banks the demo's payers pay from (a card pay-in names one, as a shop that asks its payer does), as often. */
export const payerBanks = ['sberbank', 'sberbank', 'sberbank', 'tbank', 'tbank', 'alfabank', 'vtb'] as const;
export type PayerBank = (typeof payerBanks)[number];

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

const recipients = [
  { card_number: '2200150273918846', holder: 'MARIA IVANOVA' },
  { card_number: '5536914401772093', holder: 'OLEG SMIRNOV' },
  { card_number: '2202205530647718', holder: 'NIKOLAI FEDOROV' },
];

interface Step {
  at: number;
  run: (deps: OrderDeps) => Promise<unknown>;
}

/**
 * A month of the demo merchant's orders made the way live traffic makes them (DESIGN §7), through the order engine's
 * own calls, each at its own time on the engine's clock (`OrderDeps.now`): pay-ins created, reported and settled by
 * the trader's simulated phone forwarding its bank's message (a few by hand, some abandoned to expire, a few canceled
 * by the shop), pay-outs taken and paid by the partner or the trader (some left to expire), and the trader's USDT
 * topped up from the simulated chain when its pay-ins have used it up. So the orders, their timelines, the ledger's
 * transfers and the statistics all agree, day by day.
 *
 * Each day runs in one transaction (the engine's own transactions inside it become savepoints): the month costs a few
 * dozen commits, not thousands. Returns the number of orders made.
 */
export async function seedHistory(
  deps: OrderDeps,
  chain: DemoChain,
  parties: HistoryParties,
  options: HistoryOptions,
): Promise<number> {
  const { random } = options;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const end = options.until.getTime();
  const firstDay = Date.UTC(
    options.until.getUTCFullYear(),
    options.until.getUTCMonth(),
    options.until.getUTCDate() - options.days,
  );
  const queue: Step[] = [];
  const schedule = (at: number, run: Step['run']) => {
    if (at >= end) return;
    // Kept in time order; a day holds a few hundred steps at most.
    let index = queue.length;
    while (index > 0 && (queue[index - 1]?.at ?? 0) > at) index -= 1;
    queue.splice(index, 0, { at, run });
  };
  /** A step whose order someone (or something) moved first is simply skipped, as the live traffic does. */
  const tolerant =
    (run: Step['run']): Step['run'] =>
    async (stepDeps) => {
      try {
        await run(stepDeps);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    };
  let made = 0;
  let sequence = 0;

  /** The shop's order, as its API call makes it; null when nobody can serve it (a real shop meets the same refusal). */
  async function create(
    stepDeps: OrderDeps,
    at: number,
    input: Omit<NewOrder, 'currency' | 'crypto_currency' | 'client_order_id'>,
  ) {
    sequence += 1;
    const client_order_id = `demo-${at.toString(36)}-${sequence}`;
    try {
      const order = await createOrder(
        stepDeps,
        parties.merchantId,
        { ...input, currency: 'RUB', crypto_currency: USDT.code, client_order_id },
        defaultLanguage,
      );
      made += 1;
      return order;
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  function payIn(at: number) {
    const amount = String(between(50, 3000) * 10);
    const clientId = `payer-${between(1, 40)}`;
    const bank = pick(payerBanks);
    const option = random() < 0.8 ? 'card' : 'sbp';
    const fate = random();
    schedule(at, async (stepDeps) => {
      const order = await create(stepDeps, at, {
        type: 'pay_in',
        amount,
        payment_option: option,
        // An SBP transfer reaches a phone of any bank: only a card pay-in names the payer's bank.
        ...(option === 'card' ? { payment_type: bank } : {}),
        client_id: clientId,
      });
      if (!order) return;
      const executorId = order.executorId ?? '';
      if (fate < 0.08) {
        // The payer never paid: the order expires, by the engine's own expiry.
        schedule(order.expiresAt ? order.expiresAt.getTime() + 30 * second : at, (later) =>
          expireOrder(later, order.id),
        );
        return;
      }
      if (fate < 0.1) {
        schedule(
          at + between(2, 10) * minute,
          tolerant((later) => cancelByMerchant(later, parties.merchantId, order.id)),
        );
        return;
      }
      // Half the payers tell the shop they paid (the order goes in progress); the bank's message settles it either way.
      const reported = at + between(30, 240) * second;
      if (random() < 0.5) {
        schedule(
          reported,
          tolerant((later) => confirmPayIn(later, parties.merchantId, order.id)),
        );
      }
      const settled = reported + between(40, 480) * second;
      if (fate < 0.14) {
        // The trader saw the money in its bank's app and sent paid by hand.
        schedule(
          settled,
          tolerant((later) => markPaidByExecutor(later, executorId, order.id)),
        );
        return;
      }
      schedule(
        settled,
        tolerant(async (later) => {
          const result = await forwardDemoPayment(later, order, order.details);
          if (result?.outcome !== 'matched') await markPaidByExecutor(later, executorId, order.id);
        }),
      );
    });
  }

  function payOut(at: number) {
    const amount = String(between(100, 2000) * 10);
    const option = random() < 0.75 ? 'card' : 'sbp';
    const recipient =
      option === 'card'
        ? pick(recipients)
        : { phone: `79${String(between(0, 999_999_999)).padStart(9, '0')}`, bank: 'T-Bank', holder: 'OLEG SMIRNOV' };
    const fate = random();
    schedule(at, async (stepDeps) => {
      const order = await create(stepDeps, at, { type: 'pay_out', amount, payment_option: option, recipient });
      if (!order) return;
      if (fate < 0.08) {
        // Nobody took it in time.
        schedule(order.expiresAt ? order.expiresAt.getTime() + 30 * second : at, (later) =>
          expireOrder(later, order.id),
        );
        return;
      }
      const executor = fate < 0.62 ? parties.partnerId : parties.traderId;
      const taken = at + between(1, 12) * minute;
      schedule(
        taken,
        tolerant((later) => takePayOut(later, executor, order.id)),
      );
      schedule(
        taken + between(3, 25) * minute,
        tolerant((later) => markPaidByExecutor(later, executor, order.id)),
      );
    });
  }

  /** Each morning the trader tops its USDT up from its wallet when yesterday's pay-ins have used most of it. */
  function topUp(at: number) {
    schedule(at, async (stepDeps) => {
      const balances = await balancesOf(stepDeps.db, [parties.traderId], USDT.code);
      const available = balances.get(parties.traderId)?.available ?? 0n;
      const floor = parseAmount('6000', USDT.ratio_fraction);
      if (available >= floor) return;
      const thousand = parseAmount('1000', USDT.ratio_fraction);
      const wanted = parseAmount('12000', USDT.ratio_fraction) - available;
      await chain.depositTo(parties.traderId, ((wanted + thousand - 1n) / thousand) * thousand, {
        at: new Date(at),
        on: stepDeps.db,
      });
    });
  }

  for (let index = 0; index <= options.days; index += 1) {
    const dayStart = firstDay + index * day;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // The shop grows over the month; weekends are quieter.
    const growth = 0.75 + (0.5 * index) / options.days;
    const count = Math.round((weekend ? between(5, 8) : between(9, 14)) * growth);
    topUp(dayStart + 5 * hour);
    for (let order = 0; order < count; order += 1) {
      // Between 06:00 and 22:30 UTC (09:00 to 01:30 in Moscow).
      const at = dayStart + 6 * hour + Math.floor(random() * 16.5 * hour);
      if (random() < 0.75) payIn(at);
      else payOut(at);
    }
    const dayEnd = Math.min(dayStart + day, end);
    await runUntil(deps, queue, dayEnd);
  }
  await runUntil(deps, queue, end);
  return made;
}

/** Runs the queue's steps due before `until` in one transaction, each on the engine's clock at its own time. */
async function runUntil(deps: OrderDeps, queue: Step[], until: number) {
  if ((queue[0]?.at ?? until) >= until) return;
  await deps.db.transaction(async (tx) => {
    let clock = 0;
    // The engine's calls run inside this transaction: their own transactions become savepoints of it.
    const stepDeps: OrderDeps = { ...deps, db: tx as unknown as Db, now: () => new Date(clock) };
    while ((queue[0]?.at ?? until) < until) {
      const step = queue.shift();
      if (!step) break;
      clock = step.at;
      await step.run(stepDeps);
    }
  });
}
