import { derivedId } from '../../lib/ids';
import { type AccountKey, accountKeyText, type TransferSpec, userAccount } from '../ledger/ledger.module';

/** What a settlement credited each account (all of it out of the payer's hold). */
function creditsOf(transfers: TransferSpec[]): Map<string, { account: AccountKey; amount: bigint }> {
  const credits = new Map<string, { account: AccountKey; amount: bigint }>();
  for (const transfer of transfers) {
    const key = accountKeyText(transfer.credit);
    credits.set(key, { account: transfer.credit, amount: (credits.get(key)?.amount ?? 0n) + transfer.amountMinor });
  }
  return credits;
}

export interface Adjustment {
  /** What parties give back into the payer's available balance: posted first. */
  back: TransferSpec[];
  /** What the payer's available balance gives to parties: posted after. */
  out: TransferSpec[];
}

/**
 * The compensating transfers that turn an order's settlement into the settlement of a corrected amount (DESIGN §12).
 * Every party's difference moves between it and the payer's available balance (a pay-in's executor, a pay-out's
 * merchant), so nobody's balance is rebuilt: after them each party holds what the corrected settlement would have
 * given it, and the payer's own credit (a trader's reward) nets inside its available balance. `disputeId` keys the
 * transfers: one resolution posts them once.
 */
export function adjustment(
  before: TransferSpec[],
  after: TransferSpec[],
  payerId: string,
  disputeId: string,
  referenceId: string,
): Adjustment {
  const payer = userAccount(payerId, 'available');
  const payerKey = accountKeyText(payer);
  const old = creditsOf(before);
  const next = creditsOf(after);
  const result: Adjustment = { back: [], out: [] };
  for (const key of [...new Set([...old.keys(), ...next.keys()])].sort()) {
    if (key === payerKey) continue;
    const account = (next.get(key) ?? old.get(key))?.account;
    if (!account) continue;
    const difference = (next.get(key)?.amount ?? 0n) - (old.get(key)?.amount ?? 0n);
    if (difference === 0n) continue;
    const give = difference > 0n;
    const transfer: TransferSpec = {
      id: derivedId(`dispute:${disputeId}:adjust:${key}`),
      code: 'dispute_adjustment',
      debit: give ? payer : account,
      credit: give ? account : payer,
      amountMinor: give ? difference : -difference,
      referenceId,
    };
    (give ? result.out : result.back).push(transfer);
  }
  return result;
}
