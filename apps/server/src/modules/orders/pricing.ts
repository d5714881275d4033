import { type Currency, divide, type Ratio } from '@paydesk/contract';

/**
 * Pricing and settlement of DESIGN §5, as pure functions of bigints. The crypto amount C = F / R is kept exact (a
 * fraction of minor units); holds round up, credits round down, and the remainder of every settlement goes to the
 * rounding account, so a settlement is exact to the last unit: it takes what was held, nothing more, nothing less.
 * Percentages are hundredths of a percent (2.5 % is 250).
 */

const hundredPercent = 10_000n;

/** C = F / R in crypto minor units, as an exact fraction. */
export interface Exact {
  numerator: bigint;
  denominator: bigint;
}

export function cryptoOf(fiatMinor: bigint, fiat: Currency, rate: Ratio, crypto: Currency): Exact {
  return {
    numerator: fiatMinor * rate.denominator * 10n ** BigInt(crypto.ratio_fraction),
    denominator: rate.numerator * 10n ** BigInt(fiat.ratio_fraction),
  };
}

/**
 * Whether C is an amount an order may hold: at most a trillion units of the crypto, so every sum of it stays far
 * inside a bigint column in minor units (a tiny rate times a huge fiat amount would not).
 */
export function isPriceable(c: Exact, crypto: Currency): boolean {
  return ceilOf(c) <= 10n ** 12n * 10n ** BigInt(crypto.ratio_fraction);
}

/** floor(C × hundredths / 10000). */
const share = (c: Exact, hundredths: bigint) =>
  divide(c.numerator * hundredths, c.denominator * hundredPercent, 'floor');

export const ceilOf = (c: Exact) => divide(c.numerator, c.denominator, 'ceil');
export const floorOf = (c: Exact) => divide(c.numerator, c.denominator, 'floor');

export interface Shares {
  /** The merchant's fee m. */
  merchant: number;
  /** The executor's reward t. */
  executor: number;
  /** Each agent's share: the merchant's referrals and the executor's team leads. */
  agents: readonly number[];
}

/** The platform never pays out more than it takes: t + Σagents ≤ m (`pricing_invalid` otherwise). */
export function sharesFit(shares: Shares): boolean {
  const paid = shares.executor + shares.agents.reduce((sum, value) => sum + value, 0);
  return (
    shares.merchant >= 0 &&
    shares.executor >= 0 &&
    shares.agents.every((value) => value >= 0) &&
    paid <= shares.merchant
  );
}

export interface Settlement {
  /** What was held and is given out, exactly. */
  hold: bigint;
  merchant: bigint;
  executor: bigint;
  agents: bigint[];
  revenue: bigint;
  rounding: bigint;
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

function revenueHundredths(shares: Shares): bigint {
  return BigInt(shares.merchant - shares.executor - shares.agents.reduce((total, value) => total + value, 0));
}

/** A pay-in holds ceil(C) of the executor's own USDT: it received the payer's fiat. */
export const payInHold = (c: Exact) => ceilOf(c);

/**
 * A pay-in paid: from the executor's hold, the merchant gets floor(C·(1−m)), the executor its reward floor(C·t), each
 * agent floor(C·a), revenue floor(C·(m−t−Σa)), rounding the rest.
 */
export function settlePayIn(c: Exact, shares: Shares): Settlement {
  const hold = payInHold(c);
  const merchant = share(c, hundredPercent - BigInt(shares.merchant));
  const executor = share(c, BigInt(shares.executor));
  const agents = shares.agents.map((value) => share(c, BigInt(value)));
  const revenue = share(c, revenueHundredths(shares));
  return { hold, merchant, executor, agents, revenue, rounding: hold - merchant - executor - sum(agents) - revenue };
}

/** A pay-out holds ceil(C·(1+m)) of the merchant's USDT: the fiat to pay out and the merchant's fee. */
export const payOutHold = (c: Exact, merchantHundredths: number) =>
  divide(c.numerator * (hundredPercent + BigInt(merchantHundredths)), c.denominator * hundredPercent, 'ceil');

/**
 * A pay-out paid: from the merchant's hold, the executor gets floor(C) for the fiat it paid plus its reward floor(C·t),
 * each agent floor(C·a), revenue floor(C·(m−t−Σa)), rounding the rest. `merchant` is what the merchant gets back: none.
 */
export function settlePayOut(c: Exact, shares: Shares): Settlement {
  const hold = payOutHold(c, shares.merchant);
  const executor = floorOf(c) + share(c, BigInt(shares.executor));
  const agents = shares.agents.map((value) => share(c, BigInt(value)));
  const revenue = share(c, revenueHundredths(shares));
  return { hold, merchant: 0n, executor, agents, revenue, rounding: hold - executor - sum(agents) - revenue };
}
