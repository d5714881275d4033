import type { AppEvents } from '../../app-events';
import type { Subscriber } from '../../lib/event-map';
import { flowsExecutedBy } from './flows.repository';

/**
 * `partner.flows`: the flows a partner executes, for the partners' list. One function, so a second app in a process
 * subscribes it once.
 */
export const flowsOfPartner: Subscriber<AppEvents['partner.flows']> = (db, { userId }) => flowsExecutedBy(db, userId);
