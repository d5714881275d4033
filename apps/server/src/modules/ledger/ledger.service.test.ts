import { USDT } from '@paydesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/harness';
import { selectRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { balancesOf } from './ledger.read';
import { reconcileLedger } from './ledger.reconcile';
import { createLedgerBatcher, platformAccount, postTransfers, type TransferSpec, userAccount } from './ledger.service';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './ledger.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
const db = () => ctx.database.db;

async function newUser() {
  return (await createUser(ctx.database, { type: 'merchant' })).id;
}

async function balanceOf(userId: string) {
  return (await balancesOf(db(), [userId], USDT.code)).get(userId);
}

const deposit = (userId: string, amount: bigint, id = newId()): TransferSpec => ({
  id,
  code: 'deposit',
  debit: platformAccount('custody'),
  credit: userAccount(userId, 'available'),
  amountMinor: amount,
});

const post = (transfers: TransferSpec[]) => db().transaction((tx) => postTransfers(tx, transfers, USDT.code));

/** Runs raw SQL and reports the error message it fails with, or null. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await db().execute(statement);
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe('posting transfers', () => {
  it('moves money between accounts and records both sides with the balance before and after', async () => {
    const user = await newUser();
    expect(await post([deposit(user, usdt(100))])).toBe('applied');
    const hold: TransferSpec = {
      id: newId(),
      code: 'withdrawal_hold',
      debit: userAccount(user, 'available'),
      credit: userAccount(user, 'hold'),
      amountMinor: usdt(30),
    };
    await post([hold]);
    expect(await balanceOf(user)).toEqual({ available: usdt(70), hold: usdt(30), insurance: 0n });
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, hold.id))
      .orderBy(ledgerEntries.amountMinor);
    expect(
      entries.map((entry) => [entry.accountKind, entry.amountMinor, entry.balanceBeforeMinor, entry.balanceAfterMinor]),
    ).toEqual([
      ['available', -usdt(30), usdt(100), usdt(70)],
      ['hold', usdt(30), 0n, usdt(30)],
    ]);
  });

  it('applies a transfer id at most once', async () => {
    const user = await newUser();
    const transfer = deposit(user, usdt(5));
    expect(await post([transfer])).toBe('applied');
    expect(await post([transfer])).toBe('already_applied');
    expect(await Promise.all([post([transfer]), post([transfer])])).toEqual(['already_applied', 'already_applied']);
    expect((await balanceOf(user))?.available).toBe(usdt(5));
  });

  it('refuses a set whose ids were partly used for something else', async () => {
    const user = await newUser();
    const first = deposit(user, usdt(1));
    await post([first]);
    await expect(post([first, deposit(user, usdt(2))])).rejects.toMatchObject({ code: 'conflict' });
    expect((await balanceOf(user))?.available).toBe(usdt(1));
  });

  it('refuses to take more than a user holds, and then changes nothing at all', async () => {
    const user = await newUser();
    await post([deposit(user, usdt(10))]);
    const before = await db().select({ count: sql<number>`count(*)::int` }).from(ledgerTransfers);
    const overdraw: TransferSpec[] = [
      {
        id: newId(),
        code: 'withdrawal_hold',
        debit: userAccount(user, 'available'),
        credit: userAccount(user, 'hold'),
        amountMinor: usdt(6),
      },
      {
        id: newId(),
        code: 'withdrawal_hold',
        debit: userAccount(user, 'available'),
        credit: userAccount(user, 'hold'),
        amountMinor: usdt(6),
      },
    ];
    await expect(post(overdraw)).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(await balanceOf(user)).toEqual({ available: usdt(10), hold: 0n, insurance: 0n });
    expect(await db().select({ count: sql<number>`count(*)::int` }).from(ledgerTransfers)).toEqual(before);
  });

  it('lets the platform custody account go negative: it mirrors the USDT the platform holds', async () => {
    const user = await newUser();
    await post([deposit(user, usdt(3))]);
    const [custody] = await db().select().from(ledgerAccounts).where(sql`owner_id is null and kind = 'custody'`);
    expect(custody?.balanceMinor).toBeLessThan(0n);
  });
});

describe('the database keeps the ledger honest on its own', () => {
  let user: string;
  let account: string;
  beforeAll(async () => {
    user = await newUser();
    await post([deposit(user, usdt(50))]);
    const [row] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, user));
    account = row?.id ?? '';
  });

  it('refuses a balance changed without a transfer', async () => {
    expect(
      await refusal(sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${account}`),
    ).toMatch(/only through a transfer/);
  });

  it('refuses an account that opens with money in it, and deleting one', async () => {
    expect(
      await refusal(
        sql`insert into ledger_accounts (id, owner_id, kind, currency, balance_minor) values (${newId()}, ${user}, 'insurance', 'USDT', 5)`,
      ),
    ).toMatch(/opens at zero/);
    expect(await refusal(sql`delete from ledger_accounts where id = ${account}`)).toMatch(/never deleted/);
  });

  it('refuses a transfer that would make a user account negative, even inserted by hand', async () => {
    const [custody] = await db().select().from(ledgerAccounts).where(sql`owner_id is null and kind = 'custody'`);
    const message = await refusal(
      sql`insert into ledger_transfers (id, code, debit_account_id, credit_account_id, amount_minor, currency)
          values (${newId()}, 'withdrawal', ${account}, ${custody?.id}, ${usdt(51)}, 'USDT')`,
    );
    expect(message).toMatch(/ledger_accounts_user_not_negative/);
    expect((await balanceOf(user))?.available).toBe(usdt(50));
  });

  it('applies a statement of many transfers as one at a time: each entry chained in order, no overdraft between two', async () => {
    const [from, to] = [await newUser(), await newUser()];
    await post([deposit(from, usdt(40))]);
    const moves = Array.from({ length: 30 }, (_, index) => ({
      id: newId(),
      code: 'order_settle' as const,
      debit: userAccount(index % 2 === 0 ? from : to, 'available'),
      credit: userAccount(index % 2 === 0 ? to : from, 'available'),
      amountMinor: usdt(index % 2 === 0 ? 3 : 1),
    }));
    expect(await post(moves)).toBe('applied');
    expect((await balanceOf(from))?.available).toBe(usdt(10));
    expect((await balanceOf(to))?.available).toBe(usdt(30));
    const [account] = await db().select().from(ledgerAccounts).where(sql`owner_id = ${from} and kind = 'available'`);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account?.id ?? ''))
      .orderBy(ledgerEntries.seq);
    for (const [index, entry] of entries.entries()) {
      if (index > 0) expect(entry.balanceBeforeMinor).toBe(entries[index - 1]?.balanceAfterMinor);
      expect(entry.balanceAfterMinor).toBe(entry.balanceBeforeMinor + entry.amountMinor);
      expect(entry.balanceAfterMinor >= 0n).toBe(true);
    }
    expect(entries.at(-1)?.balanceAfterMinor).toBe(account?.balanceMinor);

    // By hand, one statement: 5 out of an account holding less, then 5 back — it nets to what it held, but the
    // first step would overdraw it, so the statement is refused whole.
    const poor = await newUser();
    await post([deposit(poor, usdt(1))]);
    const [poorAccount] = await db()
      .select()
      .from(ledgerAccounts)
      .where(sql`owner_id = ${poor} and kind = 'available'`);
    const [custody] = await db().select().from(ledgerAccounts).where(sql`owner_id is null and kind = 'custody'`);
    const message = await refusal(
      sql`insert into ledger_transfers (id, code, debit_account_id, credit_account_id, amount_minor, currency)
          values (${newId()}, 'withdrawal', ${poorAccount?.id}, ${custody?.id}, ${usdt(5)}, 'USDT'),
                 (${newId()}, 'deposit', ${custody?.id}, ${poorAccount?.id}, ${usdt(5)}, 'USDT')`,
    );
    expect(message).toMatch(/ledger_accounts_user_not_negative/);
    expect((await balanceOf(poor))?.available).toBe(usdt(1));
  });

  it('refuses a transfer id used twice, even inserted by hand', async () => {
    const [transfer] = await db().select().from(ledgerTransfers).limit(1);
    const message = await refusal(
      sql`insert into ledger_transfers (id, code, debit_account_id, credit_account_id, amount_minor, currency)
          values (${transfer?.id}, 'deposit', ${transfer?.debitAccountId}, ${transfer?.creditAccountId}, 1, 'USDT')`,
    );
    expect(message).toMatch(/duplicate key/);
  });

  it('never updates, deletes or truncates transfers and entries, and entries are written only by the ledger', async () => {
    expect(await refusal(sql`update ledger_transfers set amount_minor = 1`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from ledger_transfers`)).toMatch(/append-only/);
    expect(await refusal(sql`update ledger_entries set amount_minor = 1`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from ledger_entries`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate ledger_transfers cascade`)).toMatch(/append-only/);
    expect(
      await refusal(
        sql`insert into ledger_entries (transfer_id, account_id, owner_id, account_kind, seq, code, amount_minor, balance_before_minor, balance_after_minor, created_at)
            values (${newId()}, ${account}, ${user}, 'available', 0, 'deposit', 1, 0, 1, now())`,
      ),
    ).toMatch(/only by the transfer trigger/);
  });

  it('keeps every currency summing to zero and reconciles without a difference', async () => {
    const totals = await selectRows<{ total: string }>(
      db(),
      sql`select sum(balance_minor)::text as total from ledger_accounts group by currency`,
    );
    expect(totals.map((row) => row.total)).toEqual(['0']);
    const report = await reconcileLedger(db());
    expect(report).toMatchObject({ ok: true, differences: [], broken_chains: 0, unbalanced_transfers: 0 });
    expect(report.transfers).toBeGreaterThan(0);
    expect(report.entries).toBe(report.transfers * 2);
  });
});

describe('group commit', () => {
  it('commits concurrent independent transfers in batches, each answered on its own', async () => {
    const batcher = createLedgerBatcher(db(), { maxBatch: 4, currency: USDT.code });
    const [rich, poor] = [await newUser(), await newUser()];
    await post([deposit(rich, usdt(10))]);
    const move = (from: string, to: string, amount: number, id = newId()): TransferSpec => ({
      id,
      code: 'deposit',
      debit: userAccount(from, 'available'),
      credit: userAccount(to, 'available'),
      amountMinor: usdt(amount),
    });
    const repeated = move(rich, poor, 1);
    const outcomes = await Promise.all([
      batcher.submit(move(rich, poor, 4)),
      batcher.submit(move(rich, poor, 4)),
      batcher.submit(move(rich, poor, 4)), // only 2 USDT left: refused, the others go on
      batcher.submit(repeated),
      batcher.submit(repeated),
      batcher.submit(move(poor, rich, 20)),
    ]);
    expect(outcomes).toEqual([
      'applied',
      'applied',
      'insufficient_funds',
      'applied',
      'already_applied',
      'insufficient_funds',
    ]);
    expect((await balanceOf(rich))?.available).toBe(usdt(1));
    expect((await balanceOf(poor))?.available).toBe(usdt(9));
    expect((await reconcileLedger(db())).ok).toBe(true);
  });
});

describe('reconciliation', () => {
  it('reports a balance that differs from its entries', async () => {
    // Simulates corruption the rules forbid: the guard trigger is switched off for one statement.
    const user = await newUser();
    await post([deposit(user, usdt(8))]);
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_accounts disable trigger ledger_accounts_guard`);
      await tx.execute(
        sql`update ledger_accounts set balance_minor = balance_minor + 1 where owner_id = ${user} and kind = 'available'`,
      );
      await tx.execute(sql`alter table ledger_accounts enable trigger ledger_accounts_guard`);
    });
    const report = await reconcileLedger(db());
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      expect.objectContaining({ kind: 'available', stored: '8.000001', computed: '8' }),
    ]);
    expect(report.totals).toEqual([{ currency: 'USDT', sum: '0.000001' }]);
    // Undo the corruption, so the file ends on a ledger that reconciles, as every test file must.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_accounts disable trigger ledger_accounts_guard`);
      await tx.execute(
        sql`update ledger_accounts set balance_minor = balance_minor - 1 where owner_id = ${user} and kind = 'available'`,
      );
      await tx.execute(sql`alter table ledger_accounts enable trigger ledger_accounts_guard`);
    });
    expect((await reconcileLedger(db())).ok).toBe(true);
  });
});
