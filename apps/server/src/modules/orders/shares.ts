import type { Executor } from '../../db/client';
import { agentLinksOf, type FeeRow, feesOf } from '../users/users.repository';
import type { AgentShare } from './orders.table';
import type { Shares } from './pricing';

export type Direction = 'pay_in' | 'pay_out';

/** The percentage of the fee tier whose range [min, max) covers the amount; 0 without one. */
export function tierPercentage(fees: FeeRow[], direction: Direction, amountMinor: bigint): number {
  const tier = fees.find(
    (fee) =>
      fee.direction === direction &&
      fee.minAmountMinor <= amountMinor &&
      (fee.maxAmountMinor === null || amountMinor < fee.maxAmountMinor),
  );
  return tier?.percentageHundredths ?? 0;
}

export interface PartyShares {
  /** A user's fee tiers and its agents' percentages in one direction. */
  fee: (amountMinor: bigint) => number;
  agents: AgentShare[];
}

/** The fee tiers and agent links of the users of an order, in two queries. */
export async function partyShares(db: Executor, userIds: string[], direction: Direction) {
  // In turn, not in parallel: `db` is often a transaction, one connection that runs one query at a time.
  const fees = await feesOf(db, userIds);
  const links = await agentLinksOf(db, userIds);
  return (userId: string, role: AgentShare['role']): PartyShares => ({
    fee: (amountMinor) =>
      tierPercentage(
        fees.filter((fee) => fee.userId === userId),
        direction,
        amountMinor,
      ),
    agents: links
      .filter((link) => link.userId === userId)
      .map((link) => ({
        userId: link.agentId,
        role,
        hundredths: direction === 'pay_in' ? link.payInHundredths : link.payOutHundredths,
      }))
      .filter((share) => share.hundredths > 0),
  });
}

export const sharesOf = (merchantFee: number, executorFee: number, agents: AgentShare[]): Shares => ({
  merchant: merchantFee,
  executor: executorFee,
  agents: agents.map((share) => share.hundredths),
});
