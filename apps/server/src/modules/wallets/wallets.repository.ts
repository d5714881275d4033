import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { countRows } from '../../db/count';
import { type Cursor, keyset, readChunk } from '../../db/keyset';
import { contains } from '../../db/like';
import { users } from '../users/users.module';
import { type DepositAddressRow, depositAddresses, platformSettings } from './wallets.table';

export type { DepositAddressRow };

export async function readSetting(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
  return row?.value ?? null;
}

/** Stores `value` unless the key has one already; returns the value that stands. */
export async function settleSetting(db: Executor, key: string, value: string): Promise<string> {
  await db.insert(platformSettings).values({ key, value }).onConflictDoNothing();
  return (await readSetting(db, key)) ?? value;
}

export async function nextDerivationIndex(db: Executor): Promise<number> {
  const [row] = await selectRows<{ index: string }>(
    db,
    sql`select nextval('deposit_address_index_seq')::text as index`,
  );
  return Number(row?.index);
}

/** Inserts the address unless the user has one of this key already (two requests may race to issue it). */
export async function insertAddress(db: Executor, row: typeof depositAddresses.$inferInsert): Promise<void> {
  await db.insert(depositAddresses).values(row).onConflictDoNothing();
}

export async function addressesOf(db: Executor, userIds: string[]): Promise<DepositAddressRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(depositAddresses)
    .where(inArray(depositAddresses.userId, userIds))
    .orderBy(depositAddresses.createdAt);
}

export async function findAddress(db: Executor, address: string) {
  const [row] = await db
    .select({ address: depositAddresses, user: { id: users.id, type: users.type, username: users.username } })
    .from(depositAddresses)
    .innerJoin(users, eq(users.id, depositAddresses.userId))
    .where(eq(depositAddresses.address, address))
    .limit(1);
  return row;
}

/** Every issued address, oldest first: the deposit watcher's work list. */
export const allAddresses = (db: Executor) =>
  db.select().from(depositAddresses).orderBy(depositAddresses.createdAt, depositAddresses.address);

export async function setScannedUntil(db: Executor, address: string, scannedUntilMs: number): Promise<void> {
  await db.update(depositAddresses).set({ scannedUntilMs }).where(eq(depositAddresses.address, address));
}

export interface WalletListFilter {
  username?: string | undefined;
  address?: string | undefined;
}

function listConditions(filter: WalletListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.username) conditions.push(contains(users.username, filter.username));
  if (filter.address) conditions.push(contains(depositAddresses.address, filter.address));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The list's order: newest first, then by address. */
const walletKeys = keyset(depositAddresses.createdAt, depositAddresses.address, false, true);

function selectWithHolders<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({
      address: depositAddresses,
      holder: { id: users.id, username: users.username, isRoot: users.isRoot },
      ...(extra as Extra),
    })
    .from(depositAddresses)
    .innerJoin(users, eq(users.id, depositAddresses.userId));
}

/** One page of real wallets with their holders, newest first, and the total; paging happens in SQL. */
export async function listAddresses(db: Executor, filter: WalletListFilter, page: { limit: number; offset: number }) {
  const where = listConditions(filter);
  const [rows, count] = await Promise.all([
    selectWithHolders(db)
      .where(where)
      .orderBy(...walletKeys.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(
      db,
      filter.username
        ? db
            .select({ address: depositAddresses.address })
            .from(depositAddresses)
            .innerJoin(users, eq(users.id, depositAddresses.userId))
            .where(where)
        : db.select({ address: depositAddresses.address }).from(depositAddresses).where(where),
    ),
  ]);
  return { rows, count };
}

/** One chunk of the wallets export (DESIGN §13): the list's rows after the cursor, in the list's order. */
export const addressChunk = (db: Executor, filter: WalletListFilter, after: Cursor | undefined, size: number) =>
  readChunk(selectWithHolders(db, walletKeys.cursor), walletKeys, listConditions(filter), after, size);

/** What each address has received: the sum of the ledger transfers of the deposits credited through it. */
export async function receivedBy(db: Executor, addresses: string[]): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const rows = await selectRows<{ address: string; total: string }>(
    db,
    sql`select p.address, sum(t.amount_minor)::text as total
        from payments p join ledger_transfers t on t.reference_id = p.id
        where p.type = 'deposit' and p.address in (${sql.join(
          addresses.map((address) => sql`${address}`),
          sql`, `,
        )})
        group by p.address`,
  );
  return new Map(rows.map((row) => [row.address, BigInt(row.total)]));
}
