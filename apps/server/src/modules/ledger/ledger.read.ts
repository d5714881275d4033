import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { ledgerAccounts } from './ledger.table';

/** The ledger's balances as other modules read them: users' own, and the platform's with all users' per kind. */

export interface OwnerBalances {
  available: bigint;
  hold: bigint;
  insurance: bigint;
}

export const zeroBalances = (): OwnerBalances => ({ available: 0n, hold: 0n, insurance: 0n });

/** Balances of many users in one query; a user without accounts has zeros. */
export async function balancesOf(
  db: Executor,
  ownerIds: string[],
  currency: string,
): Promise<Map<string, OwnerBalances>> {
  const balances = new Map(ownerIds.map((id) => [id, zeroBalances()]));
  if (ownerIds.length === 0) return balances;
  const rows = await db
    .select({ ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerId, ownerIds), eq(ledgerAccounts.currency, currency)));
  for (const row of rows) {
    const owner = row.ownerId === null ? undefined : balances.get(row.ownerId);
    if (owner && (row.kind === 'available' || row.kind === 'hold' || row.kind === 'insurance')) {
      owner[row.kind] = row.balance;
    }
  }
  return balances;
}

/** The platform's accounts and the sums of all users' accounts per kind. */
export async function platformTotals(db: Executor, currency: string) {
  const platform = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.ownerId), eq(ledgerAccounts.currency, currency)));
  const users = await selectRows<{ kind: string; total: string }>(
    db,
    sql`select kind, sum(balance_minor)::text as total from ledger_accounts
        where owner_id is not null and currency = ${currency} group by kind`,
  );
  const result = new Map<string, bigint>();
  for (const row of platform) result.set(`platform:${row.kind}`, row.balance);
  for (const row of users) result.set(`users:${row.kind}`, BigInt(row.total));
  return (key: string) => result.get(key) ?? 0n;
}
