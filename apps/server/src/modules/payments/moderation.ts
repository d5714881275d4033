import type { AuditAction, Language } from '@paydesk/contract';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError } from '../../lib/errors';
import { derivedId } from '../../lib/ids';
import { recordAudit } from '../audit/audit.module';
import { balanceChangedType, publishEvent } from '../events/events.module';
import { platformAccount, postTransfers, userAccount } from '../ledger/ledger.module';
import { getPayment } from './payments.read';
import * as repo from './payments.repository';

type Change = (tx: Tx, payment: repo.PaymentRow) => Promise<{ action: AuditAction; changes: Partial<repo.NewPayment> }>;

/**
 * Moves a withdrawal on (approved, returned or sent) in one transaction: the row locked, its ledger transfer, the
 * audit record and the balance event. A withdrawal not in an allowed status is a conflict, never a second movement.
 */
async function decide(db: Db, actorId: string | null, id: string, allowed: readonly string[], change: Change) {
  await db.transaction(async (tx) => {
    const payment = await repo.findPayment(tx, id, true);
    if (payment?.type !== 'withdraw') throw new DomainError('not_found');
    if (!allowed.includes(payment.status)) throw new DomainError('conflict');
    const { action, changes } = await change(tx, payment);
    const updated = await repo.updatePayment(tx, id, { ...changes, decidedBy: actorId, decidedAt: new Date() });
    await recordAudit(tx, {
      actorId,
      action,
      targetUserId: updated.userId,
      before: { status: payment.status },
      after: {
        payment: updated.id,
        status: updated.status,
        ...(changes.txHash ? { tx_hash: changes.txHash } : {}),
        ...(changes.comment ? { comment: changes.comment } : {}),
      },
    });
    for (const userId of [payment.userId, payment.traderId]) {
      if (userId) await publishEvent(tx, { userId, type: balanceChangedType, message: '' });
    }
  });
}

/** POST /transaction/{id}/accept: a withdrawal in moderation is approved for sending (SPEC §2.13). */
export async function acceptWithdrawal(db: Db, actorId: string, id: string, language: Language) {
  await decide(db, actorId, id, ['moderation'], async () => ({
    action: 'payment.withdrawal_accepted',
    changes: { status: 'pending' },
  }));
  return getPayment(db, id, language);
}

/** POST /transaction/{id}/reject: the held money returns to the user's available balance. */
export async function rejectWithdrawal(db: Db, actorId: string, id: string, comment: string, language: Language) {
  await decide(db, actorId, id, ['moderation', 'pending'], async (tx, payment) => {
    await postTransfers(
      tx,
      [
        {
          id: derivedId(`withdrawal:${payment.id}:return`),
          code: 'withdrawal_return',
          debit: userAccount(payment.userId, 'hold'),
          credit: userAccount(payment.userId, 'available'),
          amountMinor: payment.amountMinor,
          referenceId: payment.id,
        },
      ],
      payment.currency,
    );
    return { action: 'payment.withdrawal_rejected', changes: { status: 'rejected', comment } };
  });
  return getPayment(db, id, language);
}

/**
 * POST /transaction/{id}/sent: the custody side reports the on-chain transfer. The held money leaves for custody (the
 * platform's USDT went out) or, for a merchant withdrawal, for the trader who paid it out.
 */
export async function markWithdrawalSent(
  db: Db,
  actorId: string | null,
  id: string,
  txHash: string,
  language: Language,
) {
  try {
    await decide(db, actorId, id, ['pending'], async (tx, payment) => {
      await postTransfers(
        tx,
        [
          {
            id: derivedId(`withdrawal:${payment.id}:sent`),
            code: payment.traderId ? 'merchant_withdrawal' : 'withdrawal',
            debit: userAccount(payment.userId, 'hold'),
            credit: payment.traderId ? userAccount(payment.traderId, 'available') : platformAccount('custody'),
            amountMinor: payment.amountMinor,
            referenceId: payment.id,
          },
        ],
        payment.currency,
      );
      return { action: 'payment.withdrawal_sent', changes: { status: 'done', txHash } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('validation_failed', { tx_hash: ['validation.tx_hash_used'] });
    throw error;
  }
  return getPayment(db, id, language);
}
