import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { countStatementsOf, statementsOf } from '../../test/statements';
import { type Database, type Executor, selectRows } from './client';
import { deferNotices, deferWrite } from './deferred';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table deferred_notes (id int primary key, note text not null)`);
  countStatementsOf(database);
});
afterAll(() => database.close());
beforeEach(() => database.db.execute(sql`delete from deferred_notes`));

const note = (db: Executor, id: number, text = 'note') =>
  deferWrite(db, {
    parts: () => [['note', sql`insert into deferred_notes (id, note) values (${id}, ${text}) returning id`]],
    counted: 'note',
    returned: (rows) => {
      if (rows !== 1) throw new Error('the note did not go in');
    },
    // Its own failure only: the key it took is taken.
    failure: (error) => {
      const { detail, cause } = error as { detail?: string; cause?: { detail?: string } };
      return (detail ?? cause?.detail ?? '').includes(`(${id})`) ? new Error(`note ${id} is taken`) : undefined;
    },
  });
const ids = async (db: Executor = database.db) =>
  (await selectRows<{ id: number }>(db, sql`select id from deferred_notes order by id`)).map((row) => row.id);

describe('deferred writes', () => {
  it('wait in the transaction and go in one statement when its work is done, before the commit', async () => {
    const { statements } = await statementsOf(() =>
      database.db.transaction(async (tx) => {
        await note(tx, 1);
        await note(tx, 2);
        await deferNotices(tx, 'deferred_test', ['one', 'two']);
        expect(await ids(tx)).toEqual([]);
      }),
    );
    expect(await ids()).toEqual([1, 2]);
    // begin, the read, the writes with their notices, commit.
    expect(statements).toBe(4);
  });

  it('are dropped with a transaction that fails, and with a savepoint that rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await note(tx, 1);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await database.db.transaction(async (tx) => {
      await note(tx, 2);
      await tx
        .transaction(async (inner) => {
          await note(inner, 3);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await ids()).toEqual([2]);
  });

  it('fail the transaction with the error of the write that recognizes the failure, or what it returned', async () => {
    await note(database.db, 1);
    expect(await ids()).toEqual([1]);
    await expect(
      database.db.transaction(async (tx) => {
        await note(tx, 5);
        await note(tx, 1);
      }),
    ).rejects.toThrow('note 1 is taken');
    await expect(
      database.db.transaction(async (tx) => {
        await note(tx, 6);
        await deferWrite(tx, {
          parts: () => [['none', sql`delete from deferred_notes where id = 99 returning id`]],
          counted: 'none',
          returned: (rows) => {
            if (rows === 0) throw new Error('nothing was deleted');
          },
        });
      }),
    ).rejects.toThrow('nothing was deleted');
    expect(await ids()).toEqual([1]);
  });
});
