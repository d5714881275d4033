import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type Cursor, keysetChunks } from '../db/keyset';
import { type CsvColumn, csvRecord, csvStream, guardFormula, quoteField } from './csv';

describe('CSV cells', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(quoteField('plain')).toBe('plain');
    expect(quoteField('a,b')).toBe('"a,b"');
    expect(quoteField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('makes a text cell that a spreadsheet would run as a formula inert', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(guardFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    // Their full-width forms too (issue 20).
    for (const start of ['＝', '＋', '－', '＠']) expect(guardFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(guardFormula('Иван 1+1')).toBe('Иван 1+1');
  });

  it('guards text columns and leaves the amounts the server formats as they are', () => {
    const columns: CsvColumn<{ name: string; amount: string }>[] = [
      { header: 'csv.column.name', cell: (row) => row.name },
      { header: 'csv.column.amount', exact: true, cell: (row) => row.amount },
    ];
    expect(csvRecord(columns, { name: '=cmd|"/c calc"!A1', amount: '-12.5' }, 'en')).toBe(
      `"'=cmd|""/c calc""!A1",-12.5\r\n`,
    );
  });
});

/**
 * Lets the event loop turn a few times: long enough for a stream that wants more to ask for it (its reads resolve at
 * once here), however fast the machine. A wait for something not to happen, counted in turns, not milliseconds.
 */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await nextTurn();
}

/** Waits for a state the stream reaches by itself (no deadline of its own: the test's timeout is the guard). */
async function until(condition: () => boolean) {
  while (!condition()) await nextTurn();
}

describe('a streamed export', () => {
  /** An endless list: every read answers a full chunk, and counts itself. */
  function endless() {
    const calls: (Cursor | undefined)[] = [];
    const read = async (after: Cursor | undefined, size: number) => {
      calls.push(after);
      const start = calls.length * size;
      return Array.from({ length: size }, (_, index) => ({
        name: `row ${start + index}`.padEnd(200, '.'),
        cursor: { at: String(start + index), tie: 'x' },
      }));
    };
    const columns: CsvColumn<{ name: string }>[] = [{ header: 'csv.column.name', cell: (row) => row.name }];
    return { calls, stream: csvStream(columns, 'ru', keysetChunks(read, 500)) };
  }

  it('starts with a BOM and the localized header, and reads each chunk after the cursor of the last', async () => {
    const { calls, stream } = endless();
    await once(stream, 'readable');
    const first = String(stream.read());
    expect(first.startsWith('\uFEFFНазвание\r\n')).toBe(true);
    await until(() => calls.length >= 2);
    expect(calls[0]).toBeUndefined();
    expect(calls[1]).toEqual({ at: '999', tie: 'x' });
    stream.destroy();
  });

  it('reads no further than the reader takes (backpressure), and stops when the reader goes away', async () => {
    const { calls, stream } = endless();
    stream.read();
    await until(() => stream.readableLength >= stream.readableHighWaterMark);
    await settle();
    // Nobody reads: the stream fills its buffer (64 KiB, a chunk is 100 KiB) and asks for nothing more.
    const buffered = calls.length;
    expect(buffered).toBeLessThan(5);
    await settle();
    expect(calls.length).toBe(buffered);
    stream.destroy();
    await settle();
    expect(calls.length).toBeLessThanOrEqual(buffered + 1);
    const after = calls.length;
    await settle();
    expect(calls.length).toBe(after);
  });
});
