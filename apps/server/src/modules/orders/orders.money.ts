import {
  cryptoCurrency,
  formatMoney,
  type Language,
  type OrderDetails,
  type OrderOwnMoney,
  type OrderPartyRole,
  ratioOfDecimal,
} from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { translate } from '../../i18n/messages';
import { eventParts, type OwnEntry } from '../ledger/ledger.module';
import type { ReferenceData } from '../reference/reference.read';
import { percentText } from '../users/users.module';
import type { OrderRow } from './orders.repository';
import type { Viewer } from './orders.view';
import { cryptoOf, settlePayIn, settlePayOut } from './pricing';
import { sharesOf } from './shares';

/**
 * An order's money as each party may see it (issue 20 "Confidentiality", issue 21 item 2): the admin every transfer,
 * both sides named; a merchant or the order's executor only its own figures and the lines of its own accounts. The
 * server serves each its part; nothing is left for the screens to filter.
 */

interface TransferRow {
  id: string;
  code: string;
  amount: string;
  created_at: Date | string;
  debit_owner: string | null;
  debit_kind: string;
  debit_username: string | null;
  credit_owner: string | null;
  credit_kind: string;
  credit_username: string | null;
}

/** Every transfer of an order with the owners and kinds of both accounts, in the ledger's order. */
export function transfersOf(db: Executor, orderId: string) {
  return selectRows<TransferRow>(
    db,
    sql`select t.id, t.code, t.amount_minor::text as amount, t.created_at,
               d.owner_id as debit_owner, d.kind as debit_kind, du.username as debit_username,
               c.owner_id as credit_owner, c.kind as credit_kind, cu.username as credit_username
        from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id left join users du on du.id = d.owner_id
        join ledger_accounts c on c.id = t.credit_account_id left join users cu on cu.id = c.owner_id
        where t.reference_id = ${orderId} order by t.seq`,
  );
}

interface EntryRow {
  code: string;
  account_kind: string;
  amount: string;
  before: string;
  after: string;
  created_at: Date | string;
}

/** The entries of one user's accounts for an order, in the ledger's order. */
function ownEntriesOf(db: Executor, orderId: string, ownerId: string) {
  return selectRows<EntryRow>(
    db,
    sql`select code, account_kind, amount_minor::text as amount, balance_before_minor::text as before,
               balance_after_minor::text as after, created_at
        from ledger_entries where reference_id = ${orderId} and owner_id = ${ownerId} order by seq`,
  );
}

/** What a user is in an order: its merchant, its executor, one of its agents, or (no owner) the platform. */
function roleOf(order: OrderRow, ownerId: string | null): OrderPartyRole {
  if (ownerId === null) return 'platform';
  if (ownerId === order.merchantId) return 'merchant';
  if (ownerId === order.executorId) return order.executorType === 'partner' ? 'partner' : 'trader';
  return order.agentShares.find((share) => share.userId === ownerId)?.role ?? 'referral';
}

const titled = (language: Language, prefix: string, slug: string) => ({
  slug,
  title: translate(language, `${prefix}.${slug}`),
});

/** The admin's view: every transfer, both sides named by role, username and account (rounding included). */
export function transfersView(order: OrderRow, rows: TransferRow[], language: Language): OrderDetails['transfers'] {
  const crypto = cryptoCurrency(order.crypto);
  const party = (owner: string | null, kind: string, username: string | null) => ({
    role: titled(language, 'party', roleOf(order, owner)),
    username,
    account: titled(language, 'account', kind),
  });
  return rows.map((row) => ({
    guid: row.id,
    code: titled(language, 'transfer', row.code),
    from: party(row.debit_owner, row.debit_kind, row.debit_username),
    to: party(row.credit_owner, row.credit_kind, row.credit_username),
    money: { amount: formatMoney(BigInt(row.amount), crypto), currency: crypto },
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** What the order's pricing, fixed at creation, gives or takes from its merchant and its executor (DESIGN §5). */
function settlementOf(order: OrderRow, reference: ReferenceData) {
  const crypto = cryptoCurrency(order.crypto);
  const fiatFraction = reference.currencies.get(order.fiat)?.ratioFraction ?? 2;
  const c = cryptoOf(
    order.fiatAmountMinor,
    { code: order.fiat, name: order.fiat, ratio_fraction: fiatFraction },
    ratioOfDecimal(order.rate),
    crypto,
  );
  const shares = sharesOf(order.merchantFeeHundredths, order.executorFeeHundredths ?? 0, order.agentShares);
  return { c, settled: order.type === 'pay_in' ? settlePayIn(c, shares) : settlePayOut(c, shares) };
}

/** The viewer's figures: percentage, fee or reward, what it receives and what it pays; null when it has none. */
function ownFigures(order: OrderRow, viewerId: string, reference: ReferenceData) {
  const { c, settled } = settlementOf(order, reference);
  const payIn = order.type === 'pay_in';
  if (viewerId === order.merchantId) {
    const receives = payIn ? settled.merchant : null;
    const pays = payIn ? null : settled.hold;
    return {
      role: 'merchant' as const,
      percentageHundredths: order.merchantFeeHundredths,
      share: payIn ? order.cryptoAmountMinor - settled.merchant : settled.hold - order.cryptoAmountMinor,
      receives,
      pays,
    };
  }
  if (viewerId === order.executorId && order.executorFeeHundredths !== null) {
    const principal = payIn ? 0n : c.numerator / c.denominator;
    return {
      role: order.executorType === 'partner' ? ('partner' as const) : ('trader' as const),
      percentageHundredths: order.executorFeeHundredths,
      share: settled.executor - principal,
      receives: settled.executor,
      pays: payIn ? settled.hold : null,
    };
  }
  return null;
}

/** The lines of the viewer's own accounts, one per event (a transaction's moment), account and reason. */
function ownLines(entries: EntryRow[], order: OrderRow, language: Language): OrderOwnMoney['lines'] {
  const crypto = cryptoCurrency(order.crypto);
  const events = new Map<string, { at: string; entries: OwnEntry[] }>();
  for (const row of entries) {
    const at = new Date(row.created_at).toISOString();
    const event = events.get(at) ?? { at, entries: [] };
    event.entries.push({
      code: row.code,
      accountKind: row.account_kind,
      amountMinor: BigInt(row.amount),
      balanceBeforeMinor: BigInt(row.before),
      balanceAfterMinor: BigInt(row.after),
    });
    events.set(at, event);
  }
  return [...events.values()].flatMap((event) =>
    eventParts(event.entries).map((part) => ({
      code: titled(language, 'transfer', part.code),
      account: titled(language, 'account', part.accountKind),
      amount: formatMoney(part.amountMinor, crypto),
      created_at: event.at,
    })),
  );
}

/** A merchant's or the executor's own money in the order; null for everyone else (the admin reads the transfers). */
export async function ownMoney(
  db: Executor,
  order: OrderRow,
  viewer: Viewer,
  reference: ReferenceData,
  language: Language,
): Promise<OrderOwnMoney | null> {
  if (viewer.type === 'admin') return null;
  const figures = ownFigures(order, viewer.id, reference);
  if (!figures) return null;
  const crypto = cryptoCurrency(order.crypto);
  const money = (minor: bigint | null) =>
    minor === null ? null : { amount: formatMoney(minor, crypto), currency: crypto };
  return {
    role: titled(language, 'party', figures.role),
    percentage: percentText(figures.percentageHundredths),
    share: { amount: formatMoney(figures.share, crypto), currency: crypto },
    receives: money(figures.receives),
    pays: money(figures.pays),
    lines: ownLines(await ownEntriesOf(db, order.id, viewer.id), order, language),
  };
}
