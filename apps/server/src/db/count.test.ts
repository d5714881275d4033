import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { countRows, exactCountLimit } from './count';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('countRows', () => {
  it('counts exactly up to the limit', async () => {
    expect(await countRows(database.db, sql`select * from generate_series(1, 1234)`)).toEqual({
      total: 1234,
      estimated: false,
    });
    expect(await countRows(database.db, sql`select * from generate_series(1, ${exactCountLimit})`)).toEqual({
      total: exactCountLimit,
      estimated: false,
    });
    expect(await countRows(database.db, sql`select 1 where false`)).toEqual({ total: 0, estimated: false });
  });

  it('estimates above the limit, never below what it counted', async () => {
    const large = await countRows(database.db, sql`select * from generate_series(1, 250000)`);
    expect(large.estimated).toBe(true);
    expect(large.total).toBeGreaterThan(exactCountLimit);
  });
});
