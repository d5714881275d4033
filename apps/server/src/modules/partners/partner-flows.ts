import { appEvents } from '../../app-events';
import type { Executor } from '../../db/client';

/** A flow a partner executes, as the partners' list shows it. */
export interface PartnerFlow {
  id: string;
  name: string;
  fiat: string;
  crypto: string;
}

/**
 * The flows a partner executes: flows tells (`partner.flows`), as it sits above partners (a flow's executors may be
 * partners) and subscribes when the app starts (DESIGN §17).
 */
export async function flowsExecutedBy(db: Executor, userId: string): Promise<PartnerFlow[]> {
  return (await appEvents.announce(db, 'partner.flows', { userId })).flat();
}
