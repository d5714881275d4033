import type { Executor } from '../../db/client';
import { handlerList } from '../../lib/handler-list';

/** A flow a partner executes, as the partners' list shows it. */
export interface PartnerFlow {
  id: string;
  name: string;
  fiat: string;
  crypto: string;
}

/**
 * Who can tell the flows a partner executes: flows, which sit above partners (a flow's executors may be partners) and
 * subscribe when the app starts (DESIGN §17).
 */
export const partnerFlowReaders = handlerList<{ userId: string }, PartnerFlow[]>();

export async function flowsExecutedBy(db: Executor, userId: string): Promise<PartnerFlow[]> {
  return (await partnerFlowReaders.announce(db, { userId })).flat();
}
