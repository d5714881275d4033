import { sql } from 'drizzle-orm';
import { selectPrepared } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { executorRestrictionsSql, executorRuledOut, flowDayVolumeSql, standing, startOfDay } from './eligibility';
import { moveOrder } from './group-commit';
import { engineTime, type Move, type OrderDeps } from './move';
import * as repo from './orders.repository';
import { sharesFit } from './pricing';
import { partyColumns, partyOf, sharesOf } from './shares';

/**
 * What an executor brings to a pay-out it takes (DESIGN §5): it must execute the order's flow and be of good standing
 * with withdrawals open (a trader), its restrictions in the flow must allow the order — the same rules the pay-in
 * matcher applies — and the shares (its reward, its team leads) must fit the merchant's fee. Fixed now.
 */
async function takeChanges(deps: OrderDeps, executorId: string, order: repo.OrderRow): Promise<Move['changes']> {
  const now = engineTime(deps);
  const [row] = await selectPrepared<{
    executor_type: 'trader' | 'partner';
    eligible: boolean;
    restrictions: unknown;
    flow_day_volume: string;
    fees: unknown;
    agents: unknown;
  }>(
    deps.db,
    'orders_take_executor',
    sql`select fe.executor_type, ${standing.pay_out} as eligible,
               ${executorRestrictionsSql(sql`fe.flow_id`, sql`fe.user_id`)} as restrictions,
               ${flowDayVolumeSql(sql`fe.flow_id`, sql`fe.user_id`, startOfDay(now).toISOString())} as flow_day_volume,
               ${partyColumns(sql`fe.user_id`)}
        from flow_executors fe
        join users u on u.id = fe.user_id
        left join trader_profiles tp on tp.user_id = u.id
        where fe.flow_id = ${order.flowId}::uuid and fe.user_id = ${executorId}::uuid`,
  );
  if (!row) throw new DomainError('not_found');
  const restrictions = (
    typeof row.restrictions === 'string' ? JSON.parse(row.restrictions) : row.restrictions
  ) as Record<string, Record<string, string | null>>;
  const asked = {
    flowId: order.flowId,
    fiat: order.fiat,
    crypto: order.crypto,
    fiatMinor: order.fiatAmountMinor,
    fiatFraction: deps.reference.currencies.get(order.fiat)?.ratioFraction ?? 2,
  };
  const refused = executorRuledOut(restrictions, order.paymentOption ?? 'card', BigInt(row.flow_day_volume), asked);
  if (!row.eligible || refused) throw new DomainError('no_executor_available');
  const trader = row.executor_type === 'trader';
  const party = partyOf(row, 'pay_out', 'teamlead', order.cryptoAmountMinor);
  // A partner's reward comes from its fee tiers as a trader's does; team leads are a trader's only.
  const executorFee = party.fee;
  const agents = [...order.agentShares, ...(trader ? party.agents : [])];
  if (!sharesFit(sharesOf(order.merchantFeeHundredths, executorFee, agents))) throw new DomainError('pricing_invalid');
  return {
    executorId,
    executorType: row.executor_type,
    executorFeeHundredths: executorFee,
    agentShares: agents,
  };
}

/** An executor takes a pay-out (DESIGN §5): the first to take it gets it, atomically; anyone after it is a 409. */
export async function takePayOut(deps: OrderDeps, executorId: string, id: string) {
  const order = await repo.orderRow(deps.db, id);
  if (order?.type !== 'pay_out') throw new DomainError('not_found');
  return moveOrder(deps, {
    id,
    event: 'take',
    actor: { kind: 'executor', id: executorId },
    changes: await takeChanges(deps, executorId, order),
  });
}
