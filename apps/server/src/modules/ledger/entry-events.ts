/**
 * A user's ledger entries read as business events (issue 21): the ledger keeps one entry per transfer, so settling one
 * order writes five to seven entries on its executor's accounts. People read one event — "order settled" — with its
 * parts. This groups a user's own entries at read time; the ledger itself is never changed.
 */

/** One of a user's entries, as the history and the order details read it. */
export interface OwnEntry {
  code: string;
  accountKind: string;
  /** Signed: positive for a credit of the account, negative for a debit. */
  amountMinor: bigint;
  balanceBeforeMinor: bigint;
  balanceAfterMinor: bigint;
}

/** One part of an event: what moved on one account for one reason. */
export interface EventPart {
  code: string;
  accountKind: string;
  amountMinor: bigint;
  balanceBeforeMinor: bigint;
  balanceAfterMinor: bigint;
}

/**
 * Which code names an event made of several, first match wins: a dispute's move names the whole of it, a settlement
 * names its rewards and fees, a referral names itself when it is all an agent gets, a deposit names the part of it that fills the insurance.
 */
const eventCodeOrder = [
  'dispute_adjustment',
  'dispute_insurance',
  'dispute_charge',
  'order_settle',
  'order_referral',
  'order_reward',
  'order_release',
  'order_hold',
  'merchant_withdrawal',
  'withdrawal',
  'withdrawal_return',
  'withdrawal_hold',
  'deposit',
  'insurance',
];

export function eventCodeOf(entries: readonly { code: string }[]): string {
  const codes = new Set(entries.map((entry) => entry.code));
  return eventCodeOrder.find((code) => codes.has(code)) ?? entries[0]?.code ?? 'deposit';
}

/**
 * The parts of one event on the user's own accounts, in the order they first moved. What the user received stays
 * apart by reason (its reward, its referral share, what the merchant gets); what left one of its accounts in the event
 * is one part under the event's name, because how it was split between the other parties (their rewards, the
 * platform's fee and rounding) is not theirs to see.
 */
export function eventParts(entries: readonly OwnEntry[]): EventPart[] {
  const eventCode = eventCodeOf(entries);
  const parts = new Map<string, EventPart>();
  for (const entry of entries) {
    const credit = entry.amountMinor > 0n;
    const code = credit ? entry.code : eventCode;
    const key = `${entry.accountKind}:${credit ? 'in' : 'out'}:${code}`;
    const part = parts.get(key);
    if (part) {
      part.amountMinor += entry.amountMinor;
      part.balanceAfterMinor = entry.balanceAfterMinor;
    } else {
      parts.set(key, { ...entry, code });
    }
  }
  return [...parts.values()];
}

/** The account an event is shown by: the available balance when it moved (the screens' balance), else the first. */
export function mainAccountOf(parts: readonly EventPart[]): string {
  return parts.some((part) => part.accountKind === 'available') ? 'available' : (parts[0]?.accountKind ?? 'available');
}
