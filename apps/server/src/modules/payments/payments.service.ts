import {
  type BalanceHistoryQuery,
  type BalanceSummary,
  type DepositSource,
  type Language,
  type ListData,
  type MerchantWithdrawalRequest,
  type Payment,
  type PaymentListQuery,
  type PayoutRequest,
  paginate,
  parseAmount,
  rootUsername,
  type SystemBalance,
  USDT,
} from '@paydesk/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { derivedId, newId } from '../../lib/ids';
import { isTronAddress } from '../../lib/tron';
import { balanceChangedType, depositAddedType, publishEvent } from '../events/events.bus';
import * as ledger from '../ledger/ledger.repository';
import { platformAccount, postTransfers, type TransferSpec, userAccount } from '../ledger/ledger.service';
import { insuranceDueMinor } from '../users/insurance';
import * as users from '../users/users.repository';
import * as wallets from '../wallets/wallets.repository';
import * as repo from './payments.repository';
import { dateRange, historyFilters, historyRowView, paymentFilters, paymentView, usdtText } from './payments.view';

const usdtMinor = (value: string) => parseAmount(value, USDT.ratio_fraction);
const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });
const pageOf = (query: { page: number; count: number; sort?: string }) => ({
  limit: query.count,
  offset: (query.page - 1) * query.count,
  ascending: query.sort === 'created_at',
});

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export interface DepositInput {
  txHash: string;
  address: string;
  amountMinor: bigint;
  source: DepositSource;
  /** The admin who entered it; null when a watcher saw it. */
  actorId: string | null;
}

export type DepositOutcome = { credited: boolean; paymentId: string };

/**
 * Payments (SPEC §2.6, §2.10, §2.13; DESIGN §4): deposits credited once per on-chain transfer, with a trader's
 * insurance filled first; withdrawals held at request, moderated, sent on-chain or returned; the root admin's merchant
 * withdrawal; the lists and balances the screens show. Every money movement goes through the ledger, in the same
 * transaction as the payment row it belongs to; every admin decision leaves an audit record.
 */
export function createPaymentsService(db: Db, config: Config) {
  async function viewOf(tx: Db | Tx, id: string, language: Language): Promise<Payment> {
    const row = await repo.findPaymentWithPeople(tx, id);
    if (!row) throw new DomainError('not_found');
    const movements = await repo.firstMovements(tx, [id]);
    return paymentView(row, movements.get(id), language);
  }

  const audit = (
    tx: Tx,
    actorId: string | null,
    action: string,
    payment: repo.PaymentRow,
    before: object | null,
    after: object,
  ) =>
    users.insertAuditEvent(tx, {
      id: newId(),
      actorId,
      action,
      targetUserId: payment.userId,
      before: before as Record<string, unknown> | null,
      after: { payment: payment.id, ...after } as Record<string, unknown>,
    });

  /** The split of a deposit between a trader's unpaid insurance and the available balance. */
  async function depositTransfers(tx: Tx, ownerId: string, paymentId: string, amountMinor: bigint, key: string) {
    const profile = await users.lockTraderProfile(tx, ownerId);
    let toInsurance = 0n;
    let coversInsurance = false;
    if (profile && !profile.insurancePaid) {
      const due = await insuranceDueMinor(tx, profile);
      toInsurance = amountMinor < due ? amountMinor : due;
      coversInsurance = toInsurance >= due;
    }
    const transfers: TransferSpec[] = [];
    const custody = platformAccount('custody');
    if (toInsurance > 0n) {
      transfers.push({
        id: derivedId(`${key}:insurance`),
        code: 'insurance',
        debit: custody,
        credit: userAccount(ownerId, 'insurance'),
        amountMinor: toInsurance,
        referenceId: paymentId,
      });
    }
    if (amountMinor > toInsurance) {
      transfers.push({
        id: derivedId(`${key}:available`),
        code: 'deposit',
        debit: custody,
        credit: userAccount(ownerId, 'available'),
        amountMinor: amountMinor - toInsurance,
        referenceId: paymentId,
      });
    }
    return { transfers, coversInsurance };
  }

  async function creditOnce(input: DepositInput): Promise<DepositOutcome> {
    return db.transaction(async (tx) => {
      const target = await wallets.findAddress(tx, input.address);
      if (!target) throw fieldError('address', 'validation.address_unknown');
      const existing = await repo.findDeposit(tx, input.txHash, input.address);
      if (existing) {
        if (existing.amountMinor !== input.amountMinor) throw fieldError('amount', 'validation.deposit_amount_differs');
        return { credited: false, paymentId: existing.id };
      }
      const ownerId = target.user.id;
      const payment = await repo.insertPayment(tx, {
        id: newId(),
        userId: ownerId,
        type: 'deposit',
        status: 'done',
        amountMinor: input.amountMinor,
        currency: USDT.code,
        address: input.address,
        txHash: input.txHash,
        source: input.source,
        createdBy: input.actorId,
      });
      const key = `deposit:${input.txHash}:${input.address}`;
      const { transfers, coversInsurance } = await depositTransfers(tx, ownerId, payment.id, input.amountMinor, key);
      await postTransfers(tx, transfers);
      if (coversInsurance) {
        await users.updateTraderProfile(tx, ownerId, { insurancePaid: true });
        await users.insertAuditEvent(tx, {
          id: newId(),
          actorId: input.actorId,
          action: 'trader.insurance_paid',
          targetUserId: ownerId,
          before: { insurance_paid: false },
          after: { insurance_paid: true, payment: payment.id },
        });
      }
      if (input.actorId) {
        await audit(tx, input.actorId, 'payment.deposit_credited', payment, null, {
          amount: usdtText(input.amountMinor),
          tx_hash: input.txHash,
          address: input.address,
        });
      }
      await publishEvent(tx, {
        userId: ownerId,
        type: depositAddedType,
        message: JSON.stringify({
          amount: usdtText(input.amountMinor),
          currency: { code: USDT.code, name: USDT.name },
        }),
      });
      return { credited: true, paymentId: payment.id };
    });
  }

  /** Approved, waiting, or sent: moves a withdrawal on, with its ledger transfer, audit record and event. */
  async function decide(
    actorId: string | null,
    id: string,
    allowed: readonly string[],
    change: (tx: Tx, payment: repo.PaymentRow) => Promise<{ action: string; changes: Partial<repo.NewPayment> }>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const payment = await repo.findPayment(tx, id, true);
      if (payment?.type !== 'withdraw') throw new DomainError('not_found');
      if (!allowed.includes(payment.status)) throw new DomainError('conflict');
      const { action, changes } = await change(tx, payment);
      const updated = await repo.updatePayment(tx, id, { ...changes, decidedBy: actorId, decidedAt: new Date() });
      await audit(
        tx,
        actorId,
        action,
        updated,
        { status: payment.status },
        {
          status: updated.status,
          ...(changes.txHash ? { tx_hash: changes.txHash } : {}),
          ...(changes.comment ? { comment: changes.comment } : {}),
        },
      );
      for (const userId of [payment.userId, payment.traderId]) {
        if (userId) await publishEvent(tx, { userId, type: balanceChangedType, message: '' });
      }
    });
  }

  /** Holds the money of a new withdrawal: available → hold, in the transaction that records the payment. */
  async function holdWithdrawal(
    tx: Tx,
    row: repo.NewPayment & { id: string; userId: string; amountMinor: bigint },
    shortMessage = 'validation.insufficient_funds',
  ) {
    const payment = await repo.insertPayment(tx, row);
    const hold = postTransfers(tx, [
      {
        id: derivedId(`withdrawal:${payment.id}:hold`),
        code: 'withdrawal_hold',
        debit: userAccount(payment.userId, 'available'),
        credit: userAccount(payment.userId, 'hold'),
        amountMinor: payment.amountMinor,
        referenceId: payment.id,
      },
    ]);
    try {
      await hold;
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
  async function assertPayoutAddress(field: string, address: string) {
    if (!isTronAddress(address)) throw fieldError(field, 'validation.tron_address');
    if (await wallets.findAddress(db, address)) throw fieldError(field, 'validation.own_address');
  }

  return {
    get: (id: string, language: Language) => viewOf(db, id, language),

    /**
     * Credits a confirmed on-chain deposit to the owner of the receiving address, once per transaction hash and
     * address: a repeat answers `credited: false` and changes nothing. Two processes racing on the same transfer
     * meet at the unique index; the loser sees the winner's payment.
     */
    async creditDeposit(input: DepositInput): Promise<DepositOutcome> {
      try {
        return await creditOnce(input);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const existing = await repo.findDeposit(db, input.txHash, input.address);
        if (!existing) throw error;
        return { credited: false, paymentId: existing.id };
      }
    },

    /** POST /wallet/withdrawals: the payout modal (SPEC §2.6). */
    async requestWithdrawal(userId: string, input: PayoutRequest & { amount: string }, language: Language) {
      await assertPayoutAddress('address', input.address);
      const amountMinor = usdtMinor(input.amount);
      const id = await db.transaction(async (tx) => {
        const user = await users.findUserById(tx, userId);
        if (!user) throw new DomainError('unauthenticated');
        const moderated = user.manualWithdrawal || amountMinor > config.withdrawalAutoLimitMinor;
        const payment = await holdWithdrawal(tx, {
          id: newId(),
          userId,
          type: 'withdraw',
          status: moderated ? 'moderation' : 'pending',
          amountMinor,
          currency: USDT.code,
          address: input.address,
          createdBy: userId,
        });
        return payment.id;
      });
      return viewOf(db, id, language);
    },

    /**
     * POST /wallet/merchant_withdrawal (root admin only): the merchant's USDT is paid out on-chain by the chosen
     * trader. The merchant's money is held at once; when the trader's transfer is reported (its hash), it moves to
     * the trader's available balance; a rejection returns it to the merchant.
     */
    async merchantWithdrawal(
      actor: { id: string; username: string },
      input: MerchantWithdrawalRequest & { amount: string },
      language: Language,
    ) {
      if (actor.username !== rootUsername) throw new DomainError('forbidden');
      const [trader, merchant] = await Promise.all([
        users.findUserById(db, input.user_uuid),
        users.findUserById(db, input.merchant_uuid),
      ]);
      if (trader?.type !== 'trader') throw fieldError('user_uuid', 'validation.trader_required');
      if (trader.isBlocked || !trader.isActive) throw fieldError('user_uuid', 'validation.trader_inactive');
      if (merchant?.type !== 'merchant') throw fieldError('merchant_uuid', 'validation.merchant_required');
      await assertPayoutAddress('to_address', input.to_address);
      const amountMinor = usdtMinor(input.amount);
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
            createdBy: actor.id,
            decidedBy: actor.id,
            decidedAt: new Date(),
          },
          'validation.merchant_insufficient_funds',
        );
        await audit(tx, actor.id, 'payment.merchant_withdrawal', payment, null, {
          amount: usdtText(amountMinor),
          trader: trader.username,
          to_address: input.to_address,
        });
        return payment.id;
      });
      return viewOf(db, id, language);
    },

    /** POST /transaction/{id}/accept: a withdrawal in moderation is approved for sending (SPEC §2.13). */
    async accept(actorId: string, id: string, language: Language) {
      await decide(actorId, id, ['moderation'], async () => ({
        action: 'payment.withdrawal_accepted',
        changes: { status: 'pending' },
      }));
      return viewOf(db, id, language);
    },

    /** POST /transaction/{id}/reject: the held money returns to the user's available balance. */
    async reject(actorId: string, id: string, comment: string, language: Language) {
      await decide(actorId, id, ['moderation', 'pending'], async (tx, payment) => {
        await postTransfers(tx, [
          {
            id: derivedId(`withdrawal:${payment.id}:return`),
            code: 'withdrawal_return',
            debit: userAccount(payment.userId, 'hold'),
            credit: userAccount(payment.userId, 'available'),
            amountMinor: payment.amountMinor,
            referenceId: payment.id,
          },
        ]);
        return { action: 'payment.withdrawal_rejected', changes: { status: 'rejected', comment } };
      });
      return viewOf(db, id, language);
    },

    /**
     * POST /transaction/{id}/sent: the custody side reports the on-chain transfer. The held money leaves for custody
     * (the platform's USDT went out) or, for a merchant withdrawal, for the trader who paid it out.
     */
    async markSent(actorId: string | null, id: string, txHash: string, language: Language) {
      try {
        await decide(actorId, id, ['pending'], async (tx, payment) => {
          await postTransfers(tx, [
            {
              id: derivedId(`withdrawal:${payment.id}:sent`),
              code: payment.traderId ? 'merchant_withdrawal' : 'withdrawal',
              debit: userAccount(payment.userId, 'hold'),
              credit: payment.traderId ? userAccount(payment.traderId, 'available') : platformAccount('custody'),
              amountMinor: payment.amountMinor,
              referenceId: payment.id,
            },
          ]);
          return { action: 'payment.withdrawal_sent', changes: { status: 'done', txHash } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('tx_hash', 'validation.tx_hash_used');
        throw error;
      }
      return viewOf(db, id, language);
    },

    /** GET /transaction: payments of every user for the admin's screen. */
    async list(query: PaymentListQuery, language: Language): Promise<ListData<Payment>> {
      const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
      const { rows, count } = await repo.listPayments(
        db,
        {
          type: query['filter[type]'],
          statuses: query['filter[status]'],
          id: query['filter[uuid]'],
          username: query['filter[username]'],
          from,
          until,
        },
        pageOf(query),
      );
      const movements = await repo.firstMovements(
        db,
        rows.map((row) => row.payment.id),
      );
      return {
        items: rows.map((row) => paymentView(row, movements.get(row.payment.id), language)),
        context: {
          available_filters: paymentFilters(language),
          pagination: paginate(count.total, query, count.estimated),
        },
      };
    },

    /** GET /my/transaction: the signed-in user's balance history, one row per movement of one of its accounts. */
    async history(self: { id: string; username: string }, query: BalanceHistoryQuery, language: Language) {
      const { from, until } = dateRange(query['filter[date_from]'], query['filter[date_to]']);
      const { rows, count } = await repo.historyOf(
        db,
        self.id,
        { codes: query['filter[type]'], accounts: query['filter[account]'], from, until },
        pageOf(query),
      );
      return {
        items: rows.map((row) => historyRowView(row, self, language)),
        context: {
          available_filters: historyFilters(language),
          pagination: paginate(count.total, query, count.estimated),
        },
      };
    },

    async balanceSummary(userId: string): Promise<BalanceSummary> {
      const [balances, found] = await Promise.all([
        ledger.balancesOf(db, [userId], USDT.code),
        users.findUserWithProfile(db, userId),
      ]);
      const own = balances.get(userId) ?? ledger.zeroBalances();
      const profile = found?.user.type === 'trader' ? found.profile : null;
      return {
        currency: USDT,
        available: usdtText(own.available),
        hold: usdtText(own.hold),
        insurance: usdtText(own.insurance),
        insurance_required: profile ? usdtText(profile.insuranceAmountMinor) : null,
        insurance_paid: profile ? profile.insurancePaid : null,
      };
    },

    /** The admin's system balance (SPEC §2.11). Custody is negative in the ledger: its mirror is what it holds. */
    async systemBalance(): Promise<SystemBalance> {
      const [total, waiting] = await Promise.all([
        ledger.platformTotals(db, USDT.code),
        repo.countWaitingWithdrawals(db),
      ]);
      return {
        currency: USDT,
        custody: usdtText(-total('platform:custody')),
        revenue: usdtText(total('platform:revenue')),
        rounding: usdtText(total('platform:rounding')),
        users_available: usdtText(total('users:available')),
        users_hold: usdtText(total('users:hold')),
        users_insurance: usdtText(total('users:insurance')),
        withdrawals_waiting: waiting,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
