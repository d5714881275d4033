/**
 * A requisite the bank says it blocked, as one terminal's message read it: terminals announce it
 * (`requisite.blocked_by_bank`) in the transaction that settles the messages, and anti-fraud keeps the requisite out
 * of matching with a case until an admin releases it (a weak message's case only tells the admins).
 */
export interface RequisiteBlockedByBank {
  requisiteId: string;
  bank: string;
  terminal: string;
  /** Said by a weakly authenticated app (DESIGN §19): anyone with one captured request could have written it. */
  weak: boolean;
}

/** The event a trader's screens hear when a weakly authenticated message matched one of its pay-ins (DESIGN §19). */
export const bankMessageToConfirmType = 'bank_message.to_confirm';
