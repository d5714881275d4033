import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, selectRows } from './client';

/**
 * Totals are counted row by row up to this many; above it the planner's estimate stands in. A list of a million
 * rows would otherwise pay a full count on every page, while nobody pages that far by number.
 */
export const exactCountLimit = 10_000;

export interface RowCount {
  total: number;
  estimated: boolean;
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** How many rows `rows` (a query of the filtered rows, without order or limit) yields: exactly, or estimated. */
export async function countRows(db: Executor, rows: SQLWrapper): Promise<RowCount> {
  const [counted] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from (${rows}) as filtered limit ${exactCountLimit + 1}) as counted`,
  );
  const total = counted?.total ?? 0;
  if (total <= exactCountLimit) return { total, estimated: false };
  const [plan] = await selectRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${rows}`);
  return { total: Math.max(total, planRows(plan?.['QUERY PLAN'])), estimated: true };
}
