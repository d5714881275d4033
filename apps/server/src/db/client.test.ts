import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { type Database, type Executor, readAll } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * Two reads that log when they start and end; the first takes longer: twenty turns of the event loop, the second none
 * (counted in turns, not milliseconds, so the order does not depend on the machine's speed).
 */
function loggedReads(log: string[]) {
  const read = (name: string, turns: number) => async () => {
    log.push(`${name} starts`);
    for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
    log.push(`${name} ends`);
    return name;
  };
  return [read('first', 20), read('second', 0)] as const;
}

describe('readAll', () => {
  it('reads side by side on the pool, one after another in a transaction (one connection, one query at a time)', async () => {
    const onPool: string[] = [];
    expect(await readAll(database.db, loggedReads(onPool))).toEqual(['first', 'second']);
    expect(onPool).toEqual(['first starts', 'second starts', 'second ends', 'first ends']);

    const inTransaction: string[] = [];
    const results = await database.db.transaction((tx: Executor) => readAll(tx, loggedReads(inTransaction)));
    expect(results).toEqual(['first', 'second']);
    expect(inTransaction).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });
});
