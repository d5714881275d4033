import { sql } from 'drizzle-orm';
import { selectPrepared, type Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { type Candidate, candidatePage, type MatchRequest, requisiteUsage, ruledOut } from './matching';
import type { AgentShare } from './orders.table';
import { sharesFit } from './pricing';
import { type Party, partyOf, sharesOf } from './shares';

export interface Match {
  candidate: Candidate;
  executorFee: number;
  teamleads: AgentShare[];
}

/**
 * The matcher changed its mind about a requisite it had locked and must wait for another: it starts over in a fresh
 * transaction rather than wait while holding a lock (no deadlock). Rare: what it read changed in between.
 */
export class MatchAgain extends Error {
  constructor() {
    super('match again');
  }
}

/**
 * Candidates per page: the first is small, since the first few candidates usually take the order and each one read
 * costs its usage and shares; the next ones are larger for a flow whose first candidates are all busy or full.
 */
const firstPage = 8;
const laterPages = 32;

const lockRequisite = async (tx: Tx, requisiteId: string, wait: boolean) =>
  (
    await selectPrepared<{ id: string }>(
      tx,
      wait ? 'orders_match_lock_wait' : 'orders_match_lock',
      wait
        ? sql`select id from requisites where id = ${requisiteId}::uuid for update`
        : sql`select id from requisites where id = ${requisiteId}::uuid for update skip locked`,
    )
  ).length > 0;

/**
 * Matches a pay-in (DESIGN §5): the first eligible (executor, requisite) whose shares fit the merchant's fee, locked
 * and checked again under its lock, where what other creations took meanwhile is visible. A requisite another
 * creation holds is passed over at first (`skip locked`), so concurrent pay-ins spread over the candidates instead of
 * queuing for the first; when nobody else is left, those are waited for, in order, each behind a savepoint that lets
 * it go again if it no longer fits. Null when nobody can take it; `pricing_invalid` when only the shares were in the
 * way.
 */
export async function matchPayIn(
  tx: Tx,
  request: MatchRequest,
  merchant: Party,
  direction: 'pay_in' = 'pay_in',
): Promise<Match | null> {
  let pricingRefused = false;
  let holding = false;
  const busy: Match[] = [];
  for (let offset = 0, size = firstPage; ; offset += size, size = laterPages) {
    const page = await candidatePage(tx, request, offset, size);
    for (const candidate of page) {
      if (ruledOut(candidate, candidate.usage, request)) continue;
      const trader = candidate.executorType === 'trader';
      const party = partyOf(candidate.party, direction, 'teamlead', request.holdMinor);
      const match: Match = {
        candidate,
        // A partner's reward comes from its fee tiers as a trader's does; team leads are a trader's only.
        executorFee: party.fee,
        teamleads: trader ? party.agents : [],
      };
      if (!sharesFit(sharesOf(merchant.fee, match.executorFee, [...merchant.agents, ...match.teamleads]))) {
        pricingRefused = true;
        continue;
      }
      if (!(await lockRequisite(tx, candidate.requisiteId, false))) {
        busy.push(match);
        continue;
      }
      if (ruledOut(candidate, await requisiteUsage(tx, request, candidate.requisiteId), request) === null) return match;
      holding = true;
    }
    if (page.length < size) break;
  }
  if (busy.length > 0 && holding) throw new MatchAgain();
  for (const match of busy) {
    await tx.execute(sql`savepoint match_candidate`);
    await lockRequisite(tx, match.candidate.requisiteId, true);
    if (ruledOut(match.candidate, await requisiteUsage(tx, request, match.candidate.requisiteId), request) === null) {
      return match;
    }
    await tx.execute(sql`rollback to savepoint match_candidate`);
  }
  if (pricingRefused) throw new DomainError('pricing_invalid');
  return null;
}
