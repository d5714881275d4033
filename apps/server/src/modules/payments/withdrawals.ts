import {
  formatMoney,
  type Language,
  type MerchantWithdrawalRequest,
  type PayoutRequest,
  parseMoney,
  USDT,
} from '@paydesk/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { derivedId, newId } from '../../lib/ids';
import { isTronAddress } from '../../lib/tron';
import { recordAudit } from '../audit/audit.module';
import { balanceChangedType, publishEvent } from '../events/events.module';
import { postTransfers, userAccount } from '../ledger/ledger.module';
import * as users from '../users/users.module';
import * as wallets from '../wallets/wallets.module';
import { getPayment } from './payments.read';
import * as repo from './payments.repository';

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** Holds the money of a new withdrawal: available → hold, in the transaction that records the payment. */
async function holdWithdrawal(
  tx: Tx,
  row: repo.NewPayment & { id: string; userId: string; amountMinor: bigint },
  shortMessage = 'validation.insufficient_funds',
) {
  const payment = await repo.insertPayment(tx, row);
  const at = row.createdAt ?? undefined;
  try {
    await postTransfers(
      tx,
      [
        {
          id: derivedId(`withdrawal:${payment.id}:hold`),
          code: 'withdrawal_hold',
          debit: userAccount(payment.userId, 'available'),
          credit: userAccount(payment.userId, 'hold'),
          amountMinor: payment.amountMinor,
          referenceId: payment.id,
        },
      ],
      payment.currency,
      at,
    );
  } catch (error) {
    // The form's amount field is what to fix.
    if (error instanceof DomainError && error.code === 'insufficient_funds') {
      throw new DomainError('insufficient_funds', { amount: [shortMessage] });
    }
    throw error;
  }
  await publishEvent(tx, { userId: payment.userId, type: balanceChangedType, message: '' });
  return payment;
}

/** A withdrawal address must be a real TRON address, and not one of the platform's own deposit addresses. */
async function assertPayoutAddress(db: Db, field: string, address: string) {
  if (!isTronAddress(address)) throw fieldError(field, 'validation.tron_address');
  if (await wallets.addressOwner(db, address)) throw fieldError(field, 'validation.own_address');
}

/**
 * POST /wallet/withdrawals: the payout modal (SPEC §2.6). The money is held at once; it waits in moderation above
 * the automatic limit or for a user with manual withdrawal, and is approved for sending otherwise.
 */
export async function requestWithdrawal(
  db: Db,
  config: Config,
  userId: string,
  input: PayoutRequest & { amount: string },
  language: Language,
  /** When it was asked for: now, unless the demo's seed makes it on its own clock. */
  at?: Date,
) {
  await assertPayoutAddress(db, 'address', input.address);
  const currency = USDT;
  const amountMinor = parseMoney(input.amount, currency);
  const id = await db.transaction(async (tx) => {
    const user = await users.userById(tx, userId);
    if (!user) throw new DomainError('unauthenticated');
    const moderated = user.manualWithdrawal || amountMinor > config.withdrawalAutoLimitMinor;
    const payment = await holdWithdrawal(tx, {
      id: newId(),
      userId,
      type: 'withdraw',
      status: moderated ? 'moderation' : 'pending',
      amountMinor,
      currency: currency.code,
      address: input.address,
      createdBy: userId,
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    });
    return payment.id;
  });
  return getPayment(db, id, language);
}

/**
 * POST /wallet/merchant_withdrawal (the root admin's, SPEC §2.10): the merchant's USDT is paid out on-chain by the
 * chosen trader. The merchant's money is held at once; when the trader's transfer is reported (its hash), it moves to
 * the trader's available balance; a rejection returns it to the merchant.
 */
export async function merchantWithdrawal(
  db: Db,
  actorId: string,
  input: MerchantWithdrawalRequest & { amount: string },
  language: Language,
) {
  const [trader, merchant] = await Promise.all([
    users.userById(db, input.user_uuid),
    users.userById(db, input.merchant_uuid),
  ]);
  if (trader?.type !== 'trader') throw fieldError('user_uuid', 'validation.trader_required');
  if (trader.isBlocked || !trader.isActive) throw fieldError('user_uuid', 'validation.trader_inactive');
  if (merchant?.type !== 'merchant') throw fieldError('merchant_uuid', 'validation.merchant_required');
  await assertPayoutAddress(db, 'to_address', input.to_address);
  const amountMinor = parseMoney(input.amount, USDT);
  const id = await db.transaction(async (tx) => {
    const payment = await holdWithdrawal(
      tx,
      {
        id: newId(),
        userId: merchant.id,
        type: 'withdraw',
        status: 'pending',
        amountMinor,
        currency: USDT.code,
        address: input.to_address,
        traderId: trader.id,
        createdBy: actorId,
        decidedBy: actorId,
        decidedAt: new Date(),
      },
      'validation.merchant_insufficient_funds',
    );
    await recordAudit(tx, {
      actorId,
      action: 'payment.merchant_withdrawal',
      targetUserId: payment.userId,
      after: {
        payment: payment.id,
        amount: formatMoney(amountMinor, USDT),
        trader: trader.username,
        to_address: input.to_address,
      },
    });
    return payment.id;
  });
  return getPayment(db, id, language);
}
