import { USDT } from '@paydesk/contract';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/harness';
import { DomainError } from '../../lib/errors';
import { derivedId, newId } from '../../lib/ids';
import type { AccountKey } from './accounts';
import { balancesOf } from './ledger.read';
import { reconcileLedger } from './ledger.reconcile';
import { createLedgerBatcher, platformAccount, postTransfers, type TransferSpec, userAccount } from './ledger.service';
import { ledgerAccounts, ledgerTransfers } from './ledger.table';

/**
 * Property: whatever mix of money movements runs, concurrently and with ids repeated, the ledger never loses or makes
 * a cent. Every operation either applies whole or not at all, a repeated id applies once, no user account goes
 * negative, every balance equals what the applied transfers say, and reconciliation finds nothing. On PostgreSQL the
 * operations of each round really run at once over the pool; on PGlite they interleave on its one connection.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const userCount = 4;
type Step =
  | { kind: 'deposit'; to: number; amount: number }
  | { kind: 'pay'; from: number; to: number; amount: number }
  | { kind: 'hold'; from: number; amount: number }
  | { kind: 'settle'; from: number; amount: number }
  | { kind: 'split'; from: number; to: [number, number]; amount: [number, number] };

interface Operation {
  /** Operations drawn with the same key are the same operation submitted again (same ids, same content). */
  key: number;
  step: Step;
  /** Single transfers may go through the group-commit batcher instead of their own transaction. */
  batched: boolean;
  /** Which round of concurrent submissions the operation joins. */
  round: number;
}

const who = fc.integer({ min: 0, max: userCount - 1 });
const amount = fc.integer({ min: 1, max: 60 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), to: who, amount }),
  fc.record({ kind: fc.constant('pay' as const), from: who, to: who, amount }),
  fc.record({ kind: fc.constant('hold' as const), from: who, amount }),
  fc.record({ kind: fc.constant('settle' as const), from: who, amount }),
  fc.record({
    kind: fc.constant('split' as const),
    from: who,
    to: fc.tuple(who, who),
    amount: fc.tuple(amount, amount),
  }),
);

/** A pool of operations, and a schedule that draws from it with repeats. */
const scheduleArbitrary = fc.array(stepArbitrary, { minLength: 4, maxLength: 14 }).chain((steps) =>
  fc
    .array(
      fc.record({
        key: fc.integer({ min: 0, max: steps.length - 1 }),
        batched: fc.boolean(),
        round: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 6, maxLength: 28 },
    )
    .map((draws) => draws.map((draw) => ({ ...draw, step: steps[draw.key] as Step }))),
);

function transfersOf(operation: Operation, users: string[], runId: string): TransferSpec[] {
  const { step } = operation;
  const available = (index: number): AccountKey => userAccount(users[index] ?? '', 'available');
  const id = (part: number) => derivedId(`${runId}:${operation.key}:${part}`);
  const transfer = (part: number, debit: AccountKey, credit: AccountKey, minor: number): TransferSpec => ({
    id: id(part),
    code: 'deposit',
    debit,
    credit,
    amountMinor: BigInt(minor),
  });
  switch (step.kind) {
    case 'deposit':
      return [transfer(0, platformAccount('custody'), available(step.to), step.amount)];
    case 'pay':
      return step.from === step.to ? [] : [transfer(0, available(step.from), available(step.to), step.amount)];
    case 'hold':
      return [transfer(0, available(step.from), userAccount(users[step.from] ?? '', 'hold'), step.amount)];
    case 'settle':
      return [transfer(0, userAccount(users[step.from] ?? '', 'hold'), platformAccount('custody'), step.amount)];
    case 'split':
      return step.to
        .map((to, index) => ({ to, minor: step.amount[index] ?? 1, index }))
        .filter(({ to }) => to !== step.from)
        .map(({ to, minor, index }) => transfer(index, available(step.from), available(to), minor));
  }
}

type Outcome = 'applied' | 'already_applied' | 'refused';

async function run(operation: Operation, transfers: TransferSpec[], batcher: ReturnType<typeof createLedgerBatcher>) {
  if (transfers.length === 0) return 'refused' as Outcome;
  try {
    if (operation.batched && transfers.length === 1 && transfers[0]) {
      const outcome = await batcher.submit(transfers[0]);
      return outcome === 'insufficient_funds' ? 'refused' : outcome;
    }
    return await ctx.database.db.transaction((tx) => postTransfers(tx, transfers, USDT.code));
  } catch (error) {
    // The only refusals a caller may see; anything else (a deadlock, a constraint) fails the property.
    if (error instanceof DomainError && error.code === 'insufficient_funds') return 'refused';
    throw error;
  }
}

describe('ledger property', () => {
  it('holds its invariants under random concurrent operations with repeated ids', async () => {
    const users = await Promise.all(
      Array.from({ length: userCount }, async () => (await createUser(ctx.database, { type: 'merchant' })).id),
    );
    const batcher = createLedgerBatcher(ctx.database.db, { maxBatch: 8, currency: USDT.code });

    await fc.assert(
      fc.asyncProperty(scheduleArbitrary, async (schedule) => {
        const runId = newId();
        const before = await balancesOf(ctx.database.db, users, USDT.code);
        const outcomes = new Map<number, Outcome[]>();
        for (let round = 0; round <= 3; round++) {
          const batch = schedule.filter((operation) => operation.round === round);
          const results = await Promise.all(batch.map((op) => run(op, transfersOf(op, users, runId), batcher)));
          for (const [index, operation] of batch.entries()) {
            outcomes.set(operation.key, [...(outcomes.get(operation.key) ?? []), results[index] as Outcome]);
          }
        }

        // Each operation applied whole or not at all, and at most once however often it was submitted.
        const ids = [...outcomes.keys()].flatMap((key) =>
          transfersOf(
            { key, step: schedule.find((op) => op.key === key)?.step as Step, batched: false, round: 0 },
            users,
            runId,
          ).map((transfer) => ({ key, id: transfer.id })),
        );
        const stored = ids.length
          ? await ctx.database.db
              .select({
                id: ledgerTransfers.id,
                amount: ledgerTransfers.amountMinor,
                debit: ledgerTransfers.debitAccountId,
                credit: ledgerTransfers.creditAccountId,
              })
              .from(ledgerTransfers)
              .where(
                inArray(
                  ledgerTransfers.id,
                  ids.map((entry) => entry.id),
                ),
              )
          : [];
        const storedIds = new Set(stored.map((row) => row.id));
        for (const [key, results] of outcomes) {
          const mine = ids.filter((entry) => entry.key === key);
          const appliedParts = mine.filter((entry) => storedIds.has(entry.id)).length;
          expect([0, mine.length]).toContain(appliedParts);
          expect(results.filter((result) => result === 'applied').length).toBe(appliedParts > 0 ? 1 : 0);
        }

        // Balances moved by exactly the applied transfers, and none went negative.
        const accounts = await ctx.database.db
          .select()
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.ownerId, users));
        const after = await balancesOf(ctx.database.db, users, USDT.code);
        for (const user of users) {
          const mineAccounts = accounts.filter((account) => account.ownerId === user);
          for (const kind of ['available', 'hold'] as const) {
            const account = mineAccounts.find((row) => row.kind === kind);
            const delta = stored.reduce(
              (sum, row) =>
                sum + (row.credit === account?.id ? row.amount : 0n) - (row.debit === account?.id ? row.amount : 0n),
              0n,
            );
            const now = after.get(user)?.[kind] ?? 0n;
            expect(now).toBe((before.get(user)?.[kind] ?? 0n) + delta);
            expect(now).toBeGreaterThanOrEqual(0n);
          }
        }
      }),
      { numRuns: ctx.database.kind === 'postgres' ? 100 : 15 },
    );

    const report = await reconcileLedger(ctx.database.db);
    expect(report).toMatchObject({ ok: true, differences: [], broken_chains: 0, unbalanced_transfers: 0 });
  });
});
