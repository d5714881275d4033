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
import { type HistoryOptions, type PlannedPayIn, type PlannedPayOut, planHistory } from './history-plan';

type NewOrder = z.output<typeof apiOrderCreateSchema>;

/** Who the history is made of: the demo merchant and its two executors. */
export interface HistoryParties {
  merchantId: string;
  traderId: string;
  partnerId: string;
}

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

interface Step {
  at: number;
  run: (deps: OrderDeps) => Promise<unknown>;
}

/**
 * A month of the demo merchant's orders made the way live traffic makes them (DESIGN §7), through the order engine's
 * own calls, each at its own time on the engine's clock (`OrderDeps.now`), as `planHistory` plans them: pay-ins
 * created, reported and settled by the trader's simulated phone forwarding its bank's message (a few by hand, some
 * abandoned to expire, a few canceled by the shop), pay-outs taken and paid by the partner or the trader (some left to
 * expire), and the trader's USDT topped up from the simulated chain when its pay-ins have used it up. So the orders,
 * their timelines, the ledger's transfers and the statistics all agree, day by day.
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
  const end = options.until.getTime();
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

  function payIn(plan: PlannedPayIn) {
    const { at } = plan;
    schedule(at, async (stepDeps) => {
      const order = await create(stepDeps, at, {
        type: 'pay_in',
        amount: plan.amount,
        payment_option: plan.method.option,
        // An SBP transfer reaches a phone of any bank: only a card pay-in names the payer's bank.
        ...(plan.method.option === 'card' ? { payment_type: plan.method.bank } : {}),
        client_id: plan.clientId,
      });
      if (!order) return;
      const executorId = order.executorId ?? '';
      if (plan.fate === 'abandoned') {
        // The payer never paid: the order expires, by the engine's own expiry.
        schedule(order.expiresAt ? order.expiresAt.getTime() + 30 * second : at, (later) =>
          expireOrder(later, order.id),
        );
        return;
      }
      const next = at + plan.nextAfterMs;
      if (plan.fate === 'canceled') {
        schedule(
          next,
          tolerant((later) => cancelByMerchant(later, parties.merchantId, order.id)),
        );
        return;
      }
      if (plan.reportAfterMs !== null) {
        schedule(
          at + plan.reportAfterMs,
          tolerant((later) => confirmPayIn(later, parties.merchantId, order.id)),
        );
      }
      if (plan.fate === 'hand') {
        // The trader saw the money in its bank's app and sent paid by hand.
        schedule(
          next,
          tolerant((later) => markPaidByExecutor(later, executorId, order.id)),
        );
        return;
      }
      schedule(
        next,
        tolerant(async (later) => {
          const result = await forwardDemoPayment(later, order, order.details);
          if (result?.outcome !== 'matched') await markPaidByExecutor(later, executorId, order.id);
        }),
      );
    });
  }

  function payOut(plan: PlannedPayOut) {
    const { at } = plan;
    schedule(at, async (stepDeps) => {
      const order = await create(stepDeps, at, {
        type: 'pay_out',
        amount: plan.amount,
        payment_option: plan.option,
        recipient: plan.recipient,
      });
      if (!order) return;
      if (plan.executor === 'nobody') {
        // Nobody took it in time.
        schedule(order.expiresAt ? order.expiresAt.getTime() + 30 * second : at, (later) =>
          expireOrder(later, order.id),
        );
        return;
      }
      const executor = plan.executor === 'partner' ? parties.partnerId : parties.traderId;
      schedule(
        at + plan.takeAfterMs,
        tolerant((later) => takePayOut(later, executor, order.id)),
      );
      schedule(
        at + plan.payAfterMs,
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

  for (const planned of planHistory(options)) {
    topUp(planned.start + 5 * hour);
    for (const order of planned.orders) {
      if (order.type === 'pay_in') payIn(order);
      else payOut(order);
    }
    await runUntil(deps, queue, Math.min(planned.start + day, end));
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
