import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A `like` pattern that finds `text` anywhere, case-insensitively, with its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like %text%`: the text filters of the lists. */
export const contains = (column: SQLWrapper, text: string): SQL => sql`lower(${column}) like ${containsPattern(text)}`;
