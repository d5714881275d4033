import { type BalanceSummary, formatMoney, type SystemBalance, USDT } from '@paydesk/contract';
import type { Executor } from '../../db/client';
import * as ledger from '../ledger/ledger.module';
import * as users from '../users/users.module';
import * as repo from './payments.repository';

/** GET /user/balance: the signed-in user's balances; a trader's insurance requirement too. */
export async function balanceSummary(db: Executor, userId: string): Promise<BalanceSummary> {
  const [balances, insurance] = await Promise.all([
    ledger.balancesOf(db, [userId], USDT.code),
    users.insuranceOf(db, userId),
  ]);
  const own = balances.get(userId) ?? ledger.zeroBalances();
  return {
    currency: USDT,
    available: formatMoney(own.available, USDT),
    hold: formatMoney(own.hold, USDT),
    insurance: formatMoney(own.insurance, USDT),
    insurance_required: insurance ? formatMoney(insurance.requiredMinor, USDT) : null,
    insurance_paid: insurance ? insurance.paid : null,
  };
}

/** GET /system/balance: the admin's system balance (SPEC §2.11). Custody is negative in the ledger: its mirror is held. */
export async function systemBalance(db: Executor): Promise<SystemBalance> {
  const [total, waiting] = await Promise.all([ledger.platformTotals(db, USDT.code), repo.countWaitingWithdrawals(db)]);
  return {
    currency: USDT,
    custody: formatMoney(-total('platform:custody'), USDT),
    revenue: formatMoney(total('platform:revenue'), USDT),
    rounding: formatMoney(total('platform:rounding'), USDT),
    users_available: formatMoney(total('users:available'), USDT),
    users_hold: formatMoney(total('users:hold'), USDT),
    users_insurance: formatMoney(total('users:insurance'), USDT),
    withdrawals_waiting: waiting,
  };
}
