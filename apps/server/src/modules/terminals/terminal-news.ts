import { handlerList } from '../../lib/handler-list';

/** A requisite the bank says it blocked, as one terminal's message read it. */
export interface RequisiteBlockedByBank {
  requisiteId: string;
  bank: string;
  terminal: string;
}

/**
 * What terminals announce (DESIGN §17), in the transaction that settles the messages: a requisite the bank blocked,
 * which anti-fraud keeps out of matching with a case until an admin releases it.
 */
export const requisiteBlockedHandlers = handlerList<RequisiteBlockedByBank, unknown>();
