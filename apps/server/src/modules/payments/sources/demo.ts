import { defaultLanguage, demoDepositTotalMaxUsdt, parseMoney, USDT } from '@paydesk/contract';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { DomainError } from '../../../lib/errors';
import { randomTxHash } from '../../../lib/tron';
import type { JobDefinition } from '../../jobs/jobs.runner';
import { insuranceDueOf, traderProfiles, users as usersTable } from '../../users/users.module';
import { depositAddresses } from '../../wallets/wallets.module';
import type { WalletsService } from '../../wallets/wallets.service';
import { creditDeposit } from '../deposits';
import { markWithdrawalSent } from '../moderation';
import * as repo from '../payments.repository';

/** What a demo deposit brings when the caller does not say: enough to be seen on every screen. */
const demoDepositDefault = parseMoney('100', USDT);
const demoDepositTotalMaxMinor = parseMoney(demoDepositTotalMaxUsdt, USDT);

/**
 * Demo mode's stand-in for the blockchain (DESIGN §7): simulated deposits arrive through the same deposit path as
 * real ones (now and then to a random demo user, or to the caller on request), and approved withdrawals are "sent"
 * a few seconds after approval with a made-up transaction hash, as the custody side would report them. The periodic
 * parts are jobs of the job runner (DESIGN §14).
 */
export function createDemoChain(deps: { db: Db; config: Config; wallets: WalletsService }) {
  const { db, config, wallets } = deps;

  /**
   * A simulated deposit; one the user asked for is theirs (audited as such) and counts towards their cap. `at` and `on`
   * credit it on another day and in the caller's transaction (the demo's history).
   */
  async function depositTo(
    userId: string,
    amountMinor?: bigint,
    options: { askedByUser?: boolean; at?: Date; on?: Db } = {},
  ) {
    const { askedByUser = false, at, on = db } = options;
    const [address] = (await wallets.addressesFor(on, userId)).slice(-1);
    if (!address) throw new DomainError('conflict');
    const amount = amountMinor ?? (await defaultAmount(db, userId));
    return creditDeposit(on, {
      txHash: randomTxHash(),
      address: address.address,
      amountMinor: amount,
      source: 'demo',
      actorId: askedByUser ? userId : null,
      ...(askedByUser ? { selfServedCapMinor: demoDepositTotalMaxMinor } : {}),
      ...(at ? { at } : {}),
    });
  }

  /** A deposit of 10 to 500 USDT to one of the candidates, chosen at random. */
  async function randomDeposit() {
    const candidates = await depositCandidates(db);
    const pick = candidates[Math.floor(Math.random() * candidates.length)];
    if (!pick) return;
    await depositTo(pick, parseMoney(String(10 + Math.floor(Math.random() * 491)), USDT));
  }

  const sendApproved = () => sendApprovedWithdrawals(db, config);

  /** The recurring jobs of the simulated chain, with their intervals in seconds (null: off). */
  const jobs: Record<string, { every: number | null; definition: JobDefinition }> = {
    'demo.deposit': {
      every: config.DEMO_DEPOSIT_SECONDS > 0 ? config.DEMO_DEPOSIT_SECONDS : null,
      definition: { run: randomDeposit },
    },
    'demo.send': {
      every: Math.max(1, Math.ceil(config.DEMO_SEND_SECONDS / 2)),
      definition: { run: sendApproved },
    },
  };

  return { depositTo, depositCandidates: () => depositCandidates(db), randomDeposit, sendApproved, jobs };
}

export type DemoChain = ReturnType<typeof createDemoChain>;

/** A trader with insurance due gets exactly what is due; anyone else the default. */
async function defaultAmount(db: Db, userId: string): Promise<bigint> {
  const due = await insuranceDueOf(db, userId);
  return due > 0n ? due : demoDepositDefault;
}

/**
 * Who random deposits may reach: users with an address who are not admins and not blocked. Traders whose
 * insurance is unpaid never get one (DESIGN §7): trader2's gate stays until someone pays it on purpose.
 */
async function depositCandidates(db: Db): Promise<string[]> {
  const rows = await db
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .innerJoin(usersTable, eq(usersTable.id, depositAddresses.userId))
    .leftJoin(traderProfiles, eq(traderProfiles.userId, usersTable.id))
    .where(
      and(
        ne(usersTable.type, 'admin'),
        eq(usersTable.isBlocked, false),
        or(isNull(traderProfiles.userId), eq(traderProfiles.insurancePaid, true)),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Approved withdrawals made DEMO_SEND_SECONDS ago or earlier are "sent", each with a made-up transaction hash. */
async function sendApprovedWithdrawals(db: Db, config: Config) {
  const due = await repo.pendingWithdrawals(db, new Date(Date.now() - config.DEMO_SEND_SECONDS * 1000), 50);
  for (const { id } of due) {
    await markWithdrawalSent(db, null, id, randomTxHash(), defaultLanguage).catch((error: unknown) => {
      // Another decision (a rejection) may have come first; the next round looks again.
      if (!(error instanceof DomainError)) throw error;
    });
  }
}
