import {
  type Currency,
  convertExact,
  partOf,
  percentHundredths,
  type Ratio,
  splitByShares,
  wholeOf,
} from '@paydesk/contract';

/**
 * Pricing and settlement of DESIGN §5, as pure functions of bigints on the money module. The crypto amount C = F / R
 * is kept exact (a fraction of minor units); holds round up, credits round down, and the remainder of every
 * settlement goes to the rounding account, so a settlement is exact to the last unit: it takes what was held, nothing
 * more, nothing less. Percentages are hundredths of a percent (2.5 % is 250).
 */

const hundredPercent = 10_000;

/** C, the crypto an order is priced at, in minor units as an exact fraction. */
export type Exact = Ratio;

/** C = F / R, where R is the fiat per one unit of the crypto. */
export const cryptoOf = (fiatMinor: bigint, fiat: Currency, rate: Ratio, crypto: Currency): Exact =>
  convertExact(fiatMinor, fiat, { base: crypto, quote: fiat, value: rate });

/**
 * Whether C is an amount an order may hold: at most a trillion units of the crypto, so every sum of it stays far
 * inside a bigint column in minor units (a tiny rate times a huge fiat amount would not).
 */
export function isPriceable(c: Exact, crypto: Currency): boolean {
  return ceilOf(c) <= 10n ** 12n * 10n ** BigInt(crypto.ratio_fraction);
}

export const ceilOf = (c: Exact) => wholeOf(c, 'ceil');

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

/** The platform's revenue m − t − Σa. */
const revenueShare = (shares: Shares) =>
  shares.merchant - shares.executor - shares.agents.reduce((total, value) => total + value, 0);

/**
 * The hold split by the shares the settlement pays, each part floor(C × share) and the rounding account the rest:
 * `first` is the share of the merchant (a pay-in) or of the fiat the executor paid (a pay-out).
 */
function split(hold: bigint, c: Exact, first: number, shares: Shares) {
  const { parts, remainder } = splitByShares(
    hold,
    c,
    [first, shares.executor, revenueShare(shares), ...shares.agents].map(percentHundredths),
  );
  const [firstPart = 0n, executor = 0n, revenue = 0n, ...agents] = parts;
  return { firstPart, executor, revenue, agents, rounding: remainder };
}

/** A pay-in holds ceil(C) of the executor's own USDT: it received the payer's fiat. */
export const payInHold = (c: Exact) => ceilOf(c);

/**
 * A pay-in paid: from the executor's hold, the merchant gets floor(C·(1−m)), the executor its reward floor(C·t), each
 * agent floor(C·a), revenue floor(C·(m−t−Σa)), rounding the rest.
 */
export function settlePayIn(c: Exact, shares: Shares): Settlement {
  const hold = payInHold(c);
  const { firstPart, ...rest } = split(hold, c, hundredPercent - shares.merchant, shares);
  return { hold, merchant: firstPart, ...rest };
}

/** A pay-out holds ceil(C·(1+m)) of the merchant's USDT: the fiat to pay out and the merchant's fee. */
export const payOutHold = (c: Exact, merchantHundredths: number) =>
  partOf(c, percentHundredths(hundredPercent + merchantHundredths), 'ceil');

/**
 * A pay-out paid: from the merchant's hold, the executor gets floor(C) for the fiat it paid plus its reward floor(C·t),
 * each agent floor(C·a), revenue floor(C·(m−t−Σa)), rounding the rest. `merchant` is what the merchant gets back: none.
 */
export function settlePayOut(c: Exact, shares: Shares): Settlement {
  const hold = payOutHold(c, shares.merchant);
  const { firstPart, executor, ...rest } = split(hold, c, hundredPercent, shares);
  return { hold, merchant: 0n, executor: firstPart + executor, ...rest };
}
