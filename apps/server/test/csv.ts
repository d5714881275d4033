import { expect } from 'vitest';
import type { Client } from './harness';

/** The records of an RFC 4180 text (quoted fields, doubled quotes, CRLF), without the BOM. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** An export as a browser downloads it: checks the answer's headers, and returns the header row and the rows. */
export async function download(client: Client, url: string) {
  const response = await client.get(url);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...rows] = parseCsv(response.body);
  /** The cell of a row under a header. */
  const cell = (row: string[], name: string) => {
    const index = header.indexOf(name);
    expect(index, `column ${name} of ${header.join('|')}`).toBeGreaterThanOrEqual(0);
    return row[index];
  };
  return { response, header, rows, cell };
}
