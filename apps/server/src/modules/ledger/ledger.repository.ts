import type { AccountKind } from '@paydesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectPrepared } from '../../db/client';
import type { Name } from '../../db/deferred';
import { type AccountKey, accountKeyText } from './accounts';
import { ledgerAccounts, ledgerTransfers } from './ledger.table';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
/** A transfer to insert; without `createdAt` (or with null) it is dated by the transaction's clock. */
export type NewTransferRow = Omit<typeof ledgerTransfers.$inferInsert, 'seq' | 'createdAt'> & {
  createdAt?: Date | null;
};

/**
 * The accounts of `keys` in one currency. The user keys travel as two arrays (`unnest`), not as a list of literal
 * pairs: a batch of a thousand transfers names two thousand accounts, and a literal list costs PostgreSQL more to
 * plan than to run.
 */
function keysCondition(keys: AccountKey[], currency: string): SQL {
  const userKeys = keys.filter((key) => key.ownerId !== null);
  const platformKinds = [...new Set(keys.filter((key) => key.ownerId === null).map((key) => key.kind))];
  const parts: SQL[] = [];
  if (userKeys.length > 0) {
    const owners = sql.param(userKeys.map((key) => key.ownerId));
    const kinds = sql.param(userKeys.map((key) => key.kind));
    parts.push(
      sql`(${ledgerAccounts.ownerId}, ${ledgerAccounts.kind}) in (select * from unnest(${owners}::uuid[], ${kinds}::text[]))`,
    );
  }
  if (platformKinds.length > 0) {
    parts.push(
      sql`(${ledgerAccounts.ownerId} is null and ${ledgerAccounts.kind} = any(${sql.param(platformKinds)}::text[]))`,
    );
  }
  return sql`${ledgerAccounts.currency} = ${currency} and (${sql.join(parts, sql` or `)})`;
}

function uniqueKeys(keys: AccountKey[]): AccountKey[] {
  return [...new Map(keys.map((key) => [accountKeyText(key), key])).values()];
}

/**
 * The accounts of `keys`, locked FOR UPDATE in id order when `lock` is set: every writer takes its account locks in
 * that one order, so concurrent money movements never deadlock on each other.
 */
export async function accountsFor(
  db: Executor,
  keys: AccountKey[],
  currency: string,
  lock: boolean,
): Promise<Map<string, AccountRow>> {
  const wanted = uniqueKeys(keys);
  const query = db.select().from(ledgerAccounts).where(keysCondition(wanted, currency)).orderBy(ledgerAccounts.id);
  const rows = lock ? await query.for('update') : await query;
  const accounts = new Map(
    rows.map((row) => [accountKeyText({ ownerId: row.ownerId, kind: row.kind as AccountKind }), row]),
  );
  const missing = wanted.find((key) => !accounts.has(accountKeyText(key)));
  if (missing) throw new Error(`ledger: no ${currency} account ${accountKeyText(missing)}`);
  return accounts;
}

/** The ids among `ids` that are transfers already applied. */
export async function existingTransferIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.id} = any(${sql.param(ids)}::uuid[])`);
  return new Set(rows.map((row) => row.id));
}

/**
 * Inserts transfers; the ledger trigger applies each to its two accounts in the order given. The rows travel as one
 * array per column and are inserted in their order (`with ordinality`), which keeps a batch of a thousand to seven
 * parameters instead of seven thousand.
 */
export async function insertTransfers(db: Executor, rows: NewTransferRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: NewTransferRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency,
      created_at)
    select id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency,
           coalesce(created_at, now())
    from unnest(
      ${column((row) => row.id)}::uuid[],
      ${column((row) => row.code)}::text[],
      ${column((row) => row.referenceId ?? null)}::uuid[],
      ${column((row) => row.debitAccountId)}::uuid[],
      ${column((row) => row.creditAccountId)}::uuid[],
      ${column((row) => row.amountMinor.toString())}::int8[],
      ${column((row) => row.currency)}::text[],
      ${column((row) => row.createdAt?.toISOString() ?? null)}::timestamptz[]
    ) with ordinality as rows (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency,
      created_at, position)
    order by position`);
}

/** A transfer named by its accounts' keys, for `insertTransfersByKey`. */
export interface KeyedTransferRow {
  id: string;
  code: string;
  referenceId: string | null;
  debit: AccountKey;
  credit: AccountKey;
  amountMinor: bigint;
}

/**
 * Inserts transfers named by their accounts' keys in one statement, the ledger's last word in a transaction (DESIGN
 * §16): it finds the accounts and locks them all in id order (the gate makes the whole lock happen before the first
 * row), then inserts the transfers in their order, which the ledger triggers apply. A transfer whose id was applied
 * before is skipped. Returns the ids inserted; the caller tells a repeat from an unknown account. A prepared
 * statement: its text is the same for any number of transfers.
 */
export async function insertTransfersByKey(
  db: Executor,
  rows: KeyedTransferRow[],
  currency: string,
  at?: Date,
): Promise<Set<string>> {
  const { accounts, wanted, inserted } = transfersByKey(rows, currency, at, (local) => sql.raw(local));
  const found = await selectPrepared<{ id: string }>(
    db,
    'ledger_post_by_key',
    sql`with accounts as (${accounts}), wanted as (${wanted}) ${inserted}`,
  );
  return new Set(found.map((row) => row.id));
}

/**
 * The parts of `insertTransfersByKey`'s statement, by local name, for it and for the deferred writes of a transaction
 * (db/deferred.ts): the accounts locked, the transfers wanted, and their insert returning the ids inserted.
 */
export function transfersByKey(
  rows: KeyedTransferRow[],
  currency: string,
  at: Date | undefined,
  name: Name,
): Record<'accounts' | 'wanted' | 'inserted', SQL> {
  const keys = uniqueKeys(rows.flatMap((row) => [row.debit, row.credit]));
  const userKeys = keys.filter((key) => key.ownerId !== null);
  const platformKinds = keys.filter((key) => key.ownerId === null).map((key) => key.kind);
  const column = <T>(pick: (row: KeyedTransferRow) => T) => sql.param(rows.map(pick));
  const accounts = name('accounts');
  return {
    accounts: sql`select a.id, a.owner_id, a.kind from ledger_accounts a
      where a.currency = ${currency}::text
        and ((a.owner_id, a.kind) in (select * from unnest(${sql.param(userKeys.map((key) => key.ownerId))}::uuid[],
                                                           ${sql.param(userKeys.map((key) => key.kind))}::text[]))
             or (a.owner_id is null and a.kind = any(${sql.param(platformKinds)}::text[])))
      order by a.id
      for update`,
    wanted: sql`select * from unnest(
        ${column((row) => row.id)}::uuid[],
        ${column((row) => row.code)}::text[],
        ${column((row) => row.referenceId)}::uuid[],
        ${column((row) => row.debit.ownerId)}::uuid[],
        ${column((row) => row.debit.kind)}::text[],
        ${column((row) => row.credit.ownerId)}::uuid[],
        ${column((row) => row.credit.kind)}::text[],
        ${column((row) => row.amountMinor.toString())}::int8[]
      ) with ordinality as w (id, code, reference_id, debit_owner, debit_kind, credit_owner, credit_kind, amount_minor,
                              position)`,
    inserted: sql`insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor,
                                  currency, created_at)
    select w.id, w.code, w.reference_id, d.id, c.id, w.amount_minor, ${currency}::text,
           coalesce(${at?.toISOString() ?? null}::timestamptz, now())
    from ${name('wanted')} w
    join ${accounts} d on d.owner_id is not distinct from w.debit_owner and d.kind = w.debit_kind
    join ${accounts} c on c.owner_id is not distinct from w.credit_owner and c.kind = w.credit_kind
    where (select count(*) from ${accounts}) >= 0
    order by w.position
    on conflict (id) do nothing
    returning id`,
  };
}
