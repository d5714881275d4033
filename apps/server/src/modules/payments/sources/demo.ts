import { defaultLanguage, parseAmount, USDT } from '@paydesk/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { DomainError } from '../../../lib/errors';
import { randomTxHash } from '../../../lib/tron';
import { insuranceDueMinor } from '../../users/insurance';
import * as users from '../../users/users.repository';
import { users as usersTable } from '../../users/users.table';
import type { WalletsService } from '../../wallets/wallets.service';
import { depositAddresses } from '../../wallets/wallets.table';
import * as repo from '../payments.repository';
import type { PaymentsService } from '../payments.service';

const usdt = (text: string) => parseAmount(text, USDT.ratio_fraction);
/** What a demo deposit brings when the caller does not say: enough to be seen on every screen. */
const demoDepositDefault = usdt('100');

/**
 * Demo mode's stand-in for the blockchain (DESIGN §7): simulated deposits arrive through the same deposit path as
 * real ones (now and then to a random demo user, or to the caller on request), and approved withdrawals are "sent"
 * a few seconds after approval with a made-up transaction hash, as the custody side would report them.
 */
export function createDemoChain(deps: {
  db: Db;
  config: Config;
  payments: PaymentsService;
  wallets: WalletsService;
  log: FastifyBaseLogger;
}) {
  const { db, config, payments, wallets, log } = deps;

  /** A trader with insurance due gets exactly what is due; anyone else the default. */
  async function defaultAmount(userId: string): Promise<bigint> {
    const found = await users.findUserWithProfile(db, userId);
    const due = found?.profile ? await insuranceDueMinor(db, found.profile) : 0n;
    return due > 0n ? due : demoDepositDefault;
  }

  async function depositTo(userId: string, amountMinor?: bigint) {
    const [address] = (await wallets.addressesFor(db, userId)).slice(-1);
    if (!address) throw new DomainError('conflict');
    const amount = amountMinor ?? (await defaultAmount(userId));
    return payments.creditDeposit({
      txHash: randomTxHash(),
      address: address.address,
      amountMinor: amount,
      source: 'demo',
      actorId: null,
    });
  }

  /** A deposit of 10 to 500 USDT to the address of a random user who is not an admin. */
  async function randomDeposit() {
    const candidates = await db
      .select({ userId: depositAddresses.userId })
      .from(depositAddresses)
      .innerJoin(usersTable, eq(usersTable.id, depositAddresses.userId))
      .where(and(ne(usersTable.type, 'admin'), eq(usersTable.isBlocked, false)));
    const pick = candidates[Math.floor(Math.random() * candidates.length)];
    if (!pick) return;
    const amount = usdt(String(10 + Math.floor(Math.random() * 491)));
    await depositTo(pick.userId, amount);
  }

  async function sendApproved() {
    const due = await repo.pendingWithdrawals(db, new Date(Date.now() - config.DEMO_SEND_SECONDS * 1000), 50);
    for (const { id } of due) {
      await payments.markSent(null, id, randomTxHash(), defaultLanguage).catch((error: unknown) => {
        // Another decision (a rejection) may have come first; the next round looks again.
        if (!(error instanceof DomainError)) throw error;
      });
    }
  }

  const timers: NodeJS.Timeout[] = [];
  function every(seconds: number, work: () => Promise<unknown>, what: string) {
    const timer = setInterval(() => {
      work().catch((error: unknown) => log.warn({ err: error }, `demo ${what} failed`));
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  }

  return {
    depositTo,
    randomDeposit,
    sendApproved,
    start() {
      if (config.DEMO_DEPOSIT_SECONDS > 0) every(config.DEMO_DEPOSIT_SECONDS, randomDeposit, 'deposit');
      every(Math.max(1, Math.ceil(config.DEMO_SEND_SECONDS / 2)), sendApproved, 'withdrawal sender');
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  };
}

export type DemoChain = ReturnType<typeof createDemoChain>;
