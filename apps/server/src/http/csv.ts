import { Readable } from 'node:stream';
import type { Language } from '@paydesk/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type MessageKey, translate } from '../i18n/messages';
import { readErrors, replies } from './replies';

/**
 * CSV exports of the admin lists (DESIGN §13): `GET <list path>/export.csv` answers the whole filtered list, read in
 * keyset chunks and written as it is read, so an export of any size holds one chunk in memory.
 */

/**
 * A column of an export. Every cell a person typed or named (usernames, comments, names, attributes) is `text` and
 * guarded against formula injection; the cells the server formats itself (amounts, dates, ids, slugs) are `exact` and
 * written as they are, so a spreadsheet reads an amount as a number.
 */
export interface CsvColumn<Item> {
  header: MessageKey;
  cell: (item: Item, language: Language) => string | null;
  exact?: boolean;
}

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection") starts with one of these, or with their
 * full-width forms (＝ ＋ － ＠), which spreadsheets set to East Asian locales read as the same signs.
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell made inert: a leading formula character is escaped with an apostrophe, as spreadsheets do. */
export const guardFormula = (value: string) => (formulaStart.test(value) ? `'${value}` : value);

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export const quoteField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One record of cells, CRLF-terminated (RFC 4180). */
export function csvRecord<Item>(columns: readonly CsvColumn<Item>[], item: Item, language: Language): string {
  return `${columns
    .map((column) => {
      const value = column.cell(item, language) ?? '';
      return quoteField(column.exact ? value : guardFormula(value));
    })
    .join(',')}\r\n`;
}

/** The header record in the request's language. */
const headerRecord = (columns: readonly CsvColumn<never>[], language: Language) =>
  `${columns.map((column) => quoteField(guardFormula(translate(language, column.header)))).join(',')}\r\n`;

/** A yes/no cell in the request's language. */
export const yesNo = (value: boolean, language: Language) => translate(language, value ? 'csv.yes' : 'csv.no');

/**
 * The CSV of a list as a byte stream: a UTF-8 BOM (so Excel reads Cyrillic), the localized header, then one string
 * per chunk. The stream pulls the next chunk only when the previous one has been taken (backpressure), and when the
 * client goes away Fastify destroys it, which ends the generator after the query in flight.
 */
export function csvStream<Item>(
  columns: readonly CsvColumn<Item>[],
  language: Language,
  chunks: AsyncIterable<Item[]>,
): Readable {
  async function* records() {
    yield `\uFEFF${headerRecord(columns, language)}`;
    for await (const items of chunks) {
      yield items.map((item) => csvRecord(columns, item, language)).join('');
    }
  }
  return Readable.from(records(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Answers an export: a download named after the list and today's UTC date, never cached. */
export function sendCsv(reply: FastifyReply, list: string, stream: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** What an export's query leaves out of its list's schema (`schema.omit(withoutPaging)`): same filters, sort, messages. */
export const withoutPaging = { page: true, count: true } as const;

/** An export's answers in the OpenAPI document: the CSV, or the refusals of a read. */
export const csvReplies = {
  ...replies({}, readErrors),
  200: {
    description:
      'The whole filtered list as CSV (RFC 4180, UTF-8 with a BOM, CRLF), streamed; headers in the request language.',
    content: { 'text/csv': { schema: z.string() } },
  },
};
