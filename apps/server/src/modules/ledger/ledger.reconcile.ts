import { formatAmount, type Reconciliation, USDT } from '@paydesk/contract';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';

const usdt = (text: string) => formatAmount(BigInt(text), USDT.ratio_fraction);

/** The accounts whose stored balance is not the sum of their entries. */
const balanceDifferencesSql = sql`select a.id, a.kind, a.owner_id, u.username, a.balance_minor::text as stored,
          coalesce(e.total, 0)::text as computed
        from ledger_accounts a
        left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) e
          on e.account_id = a.id
        left join users u on u.id = a.owner_id
        where a.balance_minor <> coalesce(e.total, 0)
        order by a.id`;

/** How many entries do not follow their account's previous one (or zero, for the first). */
const brokenChainsSql = sql`select count(*)::text as broken from (
          select balance_before_minor, balance_after_minor, amount_minor,
            lag(balance_after_minor) over (partition by account_id order by seq) as previous_after
          from ledger_entries) chain
        where balance_after_minor - balance_before_minor <> amount_minor
           or balance_before_minor <> coalesce(previous_after, 0)`;

/** How many transfers lack exactly two entries, their debit and credit, mirrored: one pass over each table. */
const unbalancedTransfersSql = sql`select count(*)::text as unbalanced
        from ledger_transfers t
        full join (
          select transfer_id, count(*) as sides,
            max(case when amount_minor < 0 then account_id::text end) as debit_id,
            min(amount_minor) as debit_amount,
            max(case when amount_minor > 0 then account_id::text end) as credit_id,
            max(amount_minor) as credit_amount
          from ledger_entries group by transfer_id) e on e.transfer_id = t.id
        where t.id is null or e.transfer_id is null or e.sides <> 2
           or e.debit_id is distinct from t.debit_account_id::text
           or e.credit_id is distinct from t.credit_account_id::text
           or e.debit_amount <> -t.amount_minor or e.credit_amount <> t.amount_minor`;

/**
 * Recomputes every balance from the entries and checks the ledger's invariants: each account's stored balance
 * equals the sum of its entries, each account's entries chain (every balance_before is the previous
 * balance_after, starting at zero), each transfer has exactly its two mirrored entries, and the accounts of each
 * currency sum to zero. It reads only; with the database's rules in place it must always report nothing.
 */
export async function reconcileLedger(db: Executor): Promise<Reconciliation> {
  const checkedAt = new Date().toISOString();
  const differences = await selectRows<{
    id: string;
    kind: string;
    owner_id: string | null;
    username: string | null;
    stored: string;
    computed: string;
  }>(db, balanceDifferencesSql);
  const [chains] = await selectRows<{ broken: string }>(db, brokenChainsSql);
  const [mirrors] = await selectRows<{ unbalanced: string }>(db, unbalancedTransfersSql);
  const totals = await selectRows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(balance_minor)::text as total from ledger_accounts group by currency order by currency`,
  );
  const [counts] = await selectRows<{ accounts: string; transfers: string; entries: string }>(
    db,
    sql`select (select count(*) from ledger_accounts)::text as accounts,
               (select count(*) from ledger_transfers)::text as transfers,
               (select count(*) from ledger_entries)::text as entries`,
  );

  const brokenChains = Number(chains?.broken ?? 0);
  const unbalanced = Number(mirrors?.unbalanced ?? 0);
  return {
    ok: differences.length === 0 && brokenChains === 0 && unbalanced === 0 && totals.every((row) => row.total === '0'),
    checked_at: checkedAt,
    accounts: Number(counts?.accounts ?? 0),
    transfers: Number(counts?.transfers ?? 0),
    entries: Number(counts?.entries ?? 0),
    differences: differences.map((row) => ({
      account_uuid: row.id,
      kind: row.kind,
      owner: row.owner_id && row.username ? { uuid: row.owner_id, username: row.username } : null,
      stored: usdt(row.stored),
      computed: usdt(row.computed),
    })),
    totals: totals.map((row) => ({ currency: row.currency, sum: usdt(row.total) })),
    broken_chains: brokenChains,
    unbalanced_transfers: unbalanced,
  };
}
