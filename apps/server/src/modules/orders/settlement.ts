import { type Currency, cryptoCurrency, ratioOfDecimal } from '@paydesk/contract';
import { DomainError } from '../../lib/errors';
import { derivedId } from '../../lib/ids';
import { platformAccount, type TransferSpec, userAccount } from '../ledger/ledger.module';
import type { ReferenceData } from '../reference/reference.read';
import type { OrderRow } from './orders.repository';
import { ceilOf, cryptoOf, type Exact, payInHold, payOutHold, settlePayIn, settlePayOut } from './pricing';
import { sharesOf } from './shares';

/**
 * What each edge of the lifecycle moves (DESIGN §5), from what the order fixed at its creation: the hold, the
 * settlement that pays the hold out to every party with the remainder to rounding, and the release. The transfer ids
 * derive from the order, so an order's money moves once whatever happens.
 */

export function fiatOf(reference: ReferenceData, code: string): Currency {
  const row = reference.currencies.get(code);
  if (row?.kind !== 'fiat' || !row.isActive) {
    throw new DomainError('validation_failed', { currency: ['orders.errors.currency'] });
  }
  return { code: row.code, name: row.nameEn, ratio_fraction: row.ratioFraction };
}

/** The order's exact crypto amount C = F / R, from what the order keeps. */
export function exactCrypto(order: OrderRow, reference: ReferenceData): Exact {
  const fiat = fiatOf(reference, order.fiat);
  return cryptoOf(order.fiatAmountMinor, fiat, ratioOfDecimal(order.rate), cryptoCurrency(order.crypto));
}

/** Who holds an order's money until it settles: the executor of a pay-in, the merchant of a pay-out. */
export const payerOf = (order: Pick<OrderRow, 'type' | 'executorId' | 'merchantId'>): string =>
  order.type === 'pay_in' ? (order.executorId ?? '') : order.merchantId;

/** The hold of a new order: from the payer's available to its hold. */
export function holdTransfer(
  order: Pick<OrderRow, 'id' | 'type' | 'executorId' | 'merchantId' | 'holdMinor'>,
): TransferSpec {
  const owner = payerOf(order);
  return {
    id: derivedId(`order:${order.id}:hold`),
    code: 'order_hold',
    debit: userAccount(owner, 'available'),
    credit: userAccount(owner, 'hold'),
    amountMinor: order.holdMinor,
    referenceId: order.id,
  };
}

/** A canceled order's hold goes back whole. */
export function releaseTransfer(order: OrderRow): TransferSpec {
  const owner = payerOf(order);
  return {
    id: derivedId(`order:${order.id}:release`),
    code: 'order_release',
    debit: userAccount(owner, 'hold'),
    credit: userAccount(owner, 'available'),
    amountMinor: order.holdMinor,
    referenceId: order.id,
  };
}

/** How an order's hold is paid out when it is paid (DESIGN §5): every party's share, the remainder to rounding. */
export function settlementTransfers(order: OrderRow, reference: ReferenceData): TransferSpec[] {
  const c = exactCrypto(order, reference);
  const agents = order.agentShares;
  const shares = sharesOf(order.merchantFeeHundredths, order.executorFeeHundredths ?? 0, agents);
  const executor = order.executorId ?? '';
  const payIn = order.type === 'pay_in';
  const settled = payIn ? settlePayIn(c, shares) : settlePayOut(c, shares);
  const from = userAccount(payerOf(order), 'hold');
  const key = (part: string) => derivedId(`order:${order.id}:settle:${part}`);
  const transfers: TransferSpec[] = [];
  const add = (part: string, code: TransferSpec['code'], credit: TransferSpec['credit'], amountMinor: bigint) => {
    if (amountMinor > 0n)
      transfers.push({ id: key(part), code, debit: from, credit, amountMinor, referenceId: order.id });
  };
  if (payIn) {
    add('merchant', 'order_settle', userAccount(order.merchantId, 'available'), settled.merchant);
    add('reward', 'order_reward', userAccount(executor, 'available'), settled.executor);
  } else {
    const principal = c.numerator / c.denominator;
    add('executor', 'order_settle', userAccount(executor, 'available'), principal);
    add('reward', 'order_reward', userAccount(executor, 'available'), settled.executor - principal);
  }
  agents.forEach((share, index) => {
    add(`agent:${index}`, 'order_referral', userAccount(share.userId, 'available'), settled.agents[index] ?? 0n);
  });
  add('revenue', 'order_fee', platformAccount('revenue'), settled.revenue);
  add('rounding', 'order_rounding', platformAccount('rounding'), settled.rounding);
  return transfers;
}

/**
 * The order as it would have been priced for another fiat amount (a dispute's correction, DESIGN §12): the same rate,
 * fees and shares, the crypto amount and the hold of the new amount.
 */
export function withFiatAmount(order: OrderRow, fiatAmountMinor: bigint, reference: ReferenceData): OrderRow {
  const c = exactCrypto({ ...order, fiatAmountMinor }, reference);
  return {
    ...order,
    fiatAmountMinor,
    cryptoAmountMinor: ceilOf(c),
    holdMinor: order.type === 'pay_in' ? payInHold(c) : payOutHold(c, order.merchantFeeHundredths),
  };
}
