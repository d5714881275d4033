import { type SQL, sql } from 'drizzle-orm';
import type { AgentShare } from './orders.table';
import type { Shares } from './pricing';

/**
 * The parties' percentages of an order (DESIGN §5): a user's fee tiers and its agents' shares, read as JSON beside
 * whatever the hot query already reads (the merchant's with its flow, each candidate's with the candidates), so
 * pricing costs no query of its own.
 */

export type Direction = 'pay_in' | 'pay_out';

export interface FeeTier {
  direction: Direction;
  min: string;
  max: string | null;
  hundredths: number;
}

export interface AgentLink {
  agent: string;
  pay_in: number;
  pay_out: number;
}

/** The JSON columns `fees` and `agents` of the user whose id is `userId` (a column of the query). */
export const partyColumns = (userId: SQL) => sql`
  (select coalesce(jsonb_agg(jsonb_build_object('direction', uf.direction, 'min', uf.min_amount_minor::text,
                                                'max', uf.max_amount_minor::text, 'hundredths', uf.percentage_hundredths)
                             order by uf.direction, uf.min_amount_minor), '[]'::jsonb)
     from user_fees uf where uf.user_id = ${userId}) as fees,
  (select coalesce(jsonb_agg(jsonb_build_object('agent', al.agent_id, 'pay_in', al.pay_in_hundredths,
                                                'pay_out', al.pay_out_hundredths)
                             order by al.is_main desc, au.username), '[]'::jsonb)
     from agent_links al join users au on au.id = al.agent_id where al.user_id = ${userId}) as agents`;

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** The percentage of the fee tier whose range [min, max) covers the amount; 0 without one. */
export function tierPercentage(fees: readonly FeeTier[], direction: Direction, amountMinor: bigint): number {
  const tier = fees.find(
    (fee) =>
      fee.direction === direction &&
      BigInt(fee.min) <= amountMinor &&
      (fee.max === null || amountMinor < BigInt(fee.max)),
  );
  return tier?.hundredths ?? 0;
}

/** A user's percentage and its agents' shares in one direction, at one amount. */
export interface Party {
  fee: number;
  agents: AgentShare[];
}

/** The party of a row read with `partyColumns`, for an order of `amountMinor` in `direction`. */
export function partyOf(
  row: { fees: unknown; agents: unknown },
  direction: Direction,
  role: AgentShare['role'],
  amountMinor: bigint,
): Party {
  const links = jsonOf<AgentLink[]>(row.agents);
  return {
    fee: tierPercentage(jsonOf<FeeTier[]>(row.fees), direction, amountMinor),
    agents: links
      .map((link) => ({ userId: link.agent, role, hundredths: link[direction] }))
      .filter((share) => share.hundredths > 0),
  };
}

export const sharesOf = (merchantFee: number, executorFee: number, agents: AgentShare[]): Shares => ({
  merchant: merchantFee,
  executor: executorFee,
  agents: agents.map((share) => share.hundredths),
});
