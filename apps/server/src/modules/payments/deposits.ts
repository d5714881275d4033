import { type DepositSource, formatMoney, USDT } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError } from '../../lib/errors';
import { derivedId, newId } from '../../lib/ids';
import { recordAudit } from '../audit/audit.module';
import { depositAddedType, publishEvent } from '../events/events.module';
import { platformAccount, postTransfers, type TransferSpec, userAccount } from '../ledger/ledger.module';
import { lockUnpaidInsurance, markInsurancePaid } from '../users/users.module';
import * as wallets from '../wallets/wallets.module';
import * as repo from './payments.repository';

export interface DepositInput {
  txHash: string;
  address: string;
  amountMinor: bigint;
  source: DepositSource;
  /** The admin who entered it (or the user who asked for a demo deposit); null when a watcher saw it. */
  actorId: string | null;
  /** Demo deposits a user asks for: the most they may bring that user in all, in minor units. */
  selfServedCapMinor?: bigint;
  /** When it was credited, if not now: demo mode's month of history is credited on its own days. */
  at?: Date;
}

export type DepositOutcome = { credited: boolean; paymentId: string };

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** The split of a deposit between a trader's unpaid insurance and the available balance (DESIGN §4). */
async function depositTransfers(tx: Tx, ownerId: string, paymentId: string, amountMinor: bigint, key: string) {
  const due = await lockUnpaidInsurance(tx, ownerId);
  let toInsurance = 0n;
  let coversInsurance = false;
  if (due !== null) {
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

/**
 * A user's own demo deposits stay under their cap in all. The user's row is locked first, so deposits asked for at
 * once are summed one after the other and never pass the cap together.
 */
async function assertUnderCap(tx: Tx, ownerId: string, input: DepositInput) {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
  const [row] = await selectRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(amount_minor), 0)::text as total from payments
        where user_id = ${ownerId} and type = 'deposit' and source = 'demo' and created_by = ${ownerId}`,
  );
  if (BigInt(row?.total ?? '0') + input.amountMinor > (input.selfServedCapMinor ?? 0n)) {
    throw fieldError('amount', 'validation.demo_total_max');
  }
}

async function creditOnce(db: Db, input: DepositInput): Promise<DepositOutcome> {
  return db.transaction(async (tx) => {
    const target = await wallets.addressOwner(tx, input.address);
    if (!target) throw fieldError('address', 'validation.address_unknown');
    const existing = await repo.findDeposit(tx, input.txHash, input.address);
    if (existing) {
      if (existing.amountMinor !== input.amountMinor) throw fieldError('amount', 'validation.deposit_amount_differs');
      return { credited: false, paymentId: existing.id };
    }
    const ownerId = target.user.id;
    if (input.selfServedCapMinor !== undefined) await assertUnderCap(tx, ownerId, input);
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
      ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
    });
    const key = `deposit:${input.txHash}:${input.address}`;
    const { transfers, coversInsurance } = await depositTransfers(tx, ownerId, payment.id, input.amountMinor, key);
    await postTransfers(tx, transfers, payment.currency, input.at);
    if (coversInsurance) {
      await markInsurancePaid(tx, ownerId);
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'trader.insurance_paid',
        targetUserId: ownerId,
        before: { insurance_paid: false },
        after: { insurance_paid: true, payment: payment.id },
      });
    }
    if (input.actorId) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'payment.deposit_credited',
        targetUserId: ownerId,
        after: {
          payment: payment.id,
          amount: formatMoney(input.amountMinor, USDT),
          tx_hash: input.txHash,
          address: input.address,
        },
      });
    }
    await publishEvent(tx, {
      userId: ownerId,
      type: depositAddedType,
      message: JSON.stringify({
        amount: formatMoney(input.amountMinor, USDT),
        currency: { code: USDT.code, name: USDT.name },
      }),
    });
    return { credited: true, paymentId: payment.id };
  });
}

/**
 * Credits a confirmed on-chain deposit to the owner of the receiving address, once per transaction hash and address: a
 * repeat answers `credited: false` and changes nothing. Two processes racing on the same transfer meet at the unique
 * index; the loser sees the winner's payment. A trader's unpaid insurance is filled first.
 */
export async function creditDeposit(db: Db, input: DepositInput): Promise<DepositOutcome> {
  try {
    return await creditOnce(db, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await repo.findDeposit(db, input.txHash, input.address);
    if (!existing) throw error;
    return { credited: false, paymentId: existing.id };
  }
}
