import type { BankMessageOutcome, ForwardingApp } from '@paydesk/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countRows } from '../../db/count';
import { requisites } from '../requisites/requisites.module';
import { users } from '../users/users.module';
import { bankMessages, terminalForwarding, terminalRequisites, terminals } from './terminals.table';

export type TerminalRow = typeof terminals.$inferSelect;
export type NewTerminal = typeof terminals.$inferInsert;
export type BankMessageRow = typeof bankMessages.$inferSelect;
export type NewBankMessage = typeof bankMessages.$inferInsert;
export type ForwardingRow = typeof terminalForwarding.$inferSelect;

const ownerColumns = { id: users.id, username: users.username, email: users.email };

export interface TerminalListRow {
  terminal: TerminalRow;
  owner: { id: string; username: string; email: string | null };
  /** Its messages received while it waited for approval, not matched yet (DESIGN §19). */
  waiting: number;
}

const waitingCount = sql<number>`(select count(*)::int from ${bankMessages}
                                   where ${bankMessages.terminalId} = ${terminals.id}
                                     and ${bankMessages.outcome} = 'waiting')`;

const live = isNull(terminals.deletedAt);

/** One page of terminals with their owners, newest first, and the total: a trader's own, or everyone's. */
export async function listTerminals(db: Executor, ownerId: string | null, page: { limit: number; offset: number }) {
  const where = ownerId ? and(live, eq(terminals.userId, ownerId)) : live;
  const [rows, count] = await Promise.all([
    db
      .select({ terminal: terminals, owner: ownerColumns, waiting: waitingCount })
      .from(terminals)
      .innerJoin(users, eq(users.id, terminals.userId))
      .where(where)
      .orderBy(desc(terminals.createdAt), desc(terminals.id))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: terminals.id }).from(terminals).where(where)),
  ]);
  return { rows: rows as TerminalListRow[], count };
}

export async function findTerminal(db: Executor, id: string, lock = false): Promise<TerminalListRow | undefined> {
  const query = db
    .select({ terminal: terminals, owner: ownerColumns, waiting: waitingCount })
    .from(terminals)
    .innerJoin(users, eq(users.id, terminals.userId))
    .where(and(eq(terminals.id, id), live))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: terminals }) : await query;
  return row as TerminalListRow | undefined;
}

/** The live terminal a device token (its hash) belongs to, locked for the call that uses it. */
export async function terminalOfToken(db: Executor, tokenHash: string): Promise<TerminalRow | undefined> {
  const [row] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.tokenHash, tokenHash), live))
    .limit(1)
    .for('update');
  return row;
}

export async function terminalOfPairingCode(db: Executor, codeHash: string): Promise<TerminalRow | undefined> {
  const [row] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.pairingCodeHash, codeHash), live))
    .limit(1)
    .for('update');
  return row;
}

export async function insertTerminal(db: Executor, row: NewTerminal): Promise<void> {
  await db.insert(terminals).values(row);
}

export async function updateTerminal(db: Executor, id: string, changes: Partial<NewTerminal>): Promise<void> {
  await db
    .update(terminals)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(terminals.id, id));
}

/** The requisites of each terminal, by terminal id, in name order. */
export async function requisitesOf(db: Executor, terminalIds: string[]) {
  const byTerminal = new Map<string, { id: string; name: string; attributes: Record<string, string> }[]>();
  if (terminalIds.length === 0) return byTerminal;
  const rows = await db
    .select({
      terminalId: terminalRequisites.terminalId,
      id: requisites.id,
      name: requisites.name,
      attributes: requisites.attributes,
    })
    .from(terminalRequisites)
    .innerJoin(requisites, eq(requisites.id, terminalRequisites.requisiteId))
    .where(inArray(terminalRequisites.terminalId, terminalIds))
    .orderBy(requisites.name, requisites.id);
  for (const row of rows) {
    const list = byTerminal.get(row.terminalId) ?? [];
    list.push({ id: row.id, name: row.name, attributes: row.attributes });
    byTerminal.set(row.terminalId, list);
  }
  return byTerminal;
}

/** How many of `ids` are requisites of `ownerId`. */
export async function ownRequisiteCount(db: Executor, ownerId: string, ids: string[]): Promise<number> {
  const rows = await db
    .select({ id: requisites.id })
    .from(requisites)
    .where(and(eq(requisites.userId, ownerId), inArray(requisites.id, ids)));
  return rows.length;
}

export async function replaceRequisites(db: Executor, terminalId: string, requisiteIds: string[]): Promise<void> {
  await db.delete(terminalRequisites).where(eq(terminalRequisites.terminalId, terminalId));
  await db.insert(terminalRequisites).values(requisiteIds.map((requisiteId) => ({ terminalId, requisiteId })));
}

/**
 * Enabled terminals not heard of since `before` lose their connection; returns their ids and owners. Only a paired
 * device sends heartbeats: a terminal fed by a forwarding app alone (DESIGN §19) is silent between messages.
 */
export async function markLostConnection(db: Executor, before: Date) {
  return db
    .update(terminals)
    .set({ status: 'lost_connection', updatedAt: new Date() })
    .where(and(eq(terminals.status, 'enabled'), live, lt(terminals.lastSeenAt, before), isNotNull(terminals.tokenHash)))
    .returning({ id: terminals.id, userId: terminals.userId });
}

/** Stores a message unless the device sent it before (same id, or same sender, text and time): then null. */
export async function insertBankMessages(db: Executor, rows: NewBankMessage[]): Promise<void> {
  if (rows.length > 0) await db.insert(bankMessages).values(rows).onConflictDoNothing();
}

/** What came of the messages a device sent before under any of these ids or with any of these contents. */
export async function earlierMessages(db: Executor, terminalId: string, deviceMessageIds: string[], hashes: string[]) {
  return db
    .select({
      deviceMessageId: bankMessages.deviceMessageId,
      contentHash: bankMessages.contentHash,
      outcome: bankMessages.outcome,
    })
    .from(bankMessages)
    .where(
      and(
        eq(bankMessages.terminalId, terminalId),
        or(inArray(bankMessages.deviceMessageId, deviceMessageIds), inArray(bankMessages.contentHash, hashes)),
      ),
    );
}

/** Weakly authenticated messages whose pay-in an authenticated one settled: no longer to confirm. */
export async function releaseBankMessages(db: Executor, ids: string[]): Promise<void> {
  await db
    .update(bankMessages)
    .set({ outcome: 'unmatched', orderId: null })
    .where(and(inArray(bankMessages.id, ids), eq(bankMessages.outcome, 'to_confirm')));
}

/** The messages received while the terminal waited for approval, oldest first, locked to be matched now. */
export async function waitingMessages(db: Executor, terminalId: string): Promise<BankMessageRow[]> {
  return db
    .select()
    .from(bankMessages)
    .where(and(eq(bankMessages.terminalId, terminalId), eq(bankMessages.outcome, 'waiting')))
    .orderBy(bankMessages.receivedAt, bankMessages.id)
    .for('update');
}

/** What came of a stored message once matched. */
export async function setBankMessageOutcome(
  db: Executor,
  id: string,
  changes: { outcome: string; orderId: string | null },
): Promise<void> {
  await db.update(bankMessages).set(changes).where(eq(bankMessages.id, id));
}

/** One page of a terminal's messages, newest first, all of them or those of one outcome. */
export async function listBankMessages(
  db: Executor,
  terminalId: string,
  page: { limit: number; offset: number },
  outcome?: BankMessageOutcome,
) {
  const where = outcome
    ? and(eq(bankMessages.terminalId, terminalId), eq(bankMessages.outcome, outcome))
    : eq(bankMessages.terminalId, terminalId);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(bankMessages)
      .where(where)
      .orderBy(desc(bankMessages.receivedAt), desc(bankMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    countRows(db, db.select({ id: bankMessages.id }).from(bankMessages).where(where)),
  ]);
  return { rows, count };
}

export async function findForwarding(db: Executor, terminalId: string): Promise<ForwardingRow | undefined> {
  const [row] = await db.select().from(terminalForwarding).where(eq(terminalForwarding.terminalId, terminalId));
  return row;
}

/** Creates the terminal's link or replaces it (a new token and key); true when it is new. */
export async function saveForwarding(db: Executor, row: typeof terminalForwarding.$inferInsert): Promise<boolean> {
  const [saved] = await db
    .insert(terminalForwarding)
    .values(row)
    .onConflictDoUpdate({
      target: terminalForwarding.terminalId,
      set: {
        tokenHash: row.tokenHash,
        tokenSealed: row.tokenSealed,
        signingKeySealed: row.signingKeySealed,
        createdBy: row.createdBy,
        createdAt: new Date(),
        lastMessageAt: null,
      },
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return saved?.inserted === true;
}

export async function deleteForwarding(db: Executor, terminalId: string): Promise<boolean> {
  const deleted = await db
    .delete(terminalForwarding)
    .where(eq(terminalForwarding.terminalId, terminalId))
    .returning({ id: terminalForwarding.terminalId });
  return deleted.length > 0;
}

/** The link of a token (its hash) and its live terminal, the terminal locked for the call that uses it. */
export async function forwardingOfToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ link: terminalForwarding, terminal: terminals })
    .from(terminalForwarding)
    .innerJoin(terminals, eq(terminals.id, terminalForwarding.terminalId))
    .where(and(eq(terminalForwarding.tokenHash, tokenHash), live))
    .limit(1)
    .for('update', { of: terminals });
  return row;
}

export async function touchForwarding(db: Executor, terminalId: string, at: Date): Promise<void> {
  await db.update(terminalForwarding).set({ lastMessageAt: at }).where(eq(terminalForwarding.terminalId, terminalId));
}

/** The forwarding app of a terminal's latest message that came through a forwarding link; null before the first. */
export async function lastForwardedApp(db: Executor, terminalId: string): Promise<ForwardingApp | null> {
  const [row] = await db
    .select({ app: bankMessages.app })
    .from(bankMessages)
    .where(and(eq(bankMessages.terminalId, terminalId), isNotNull(bankMessages.app)))
    .orderBy(desc(bankMessages.receivedAt), desc(bankMessages.id))
    .limit(1);
  return (row?.app as ForwardingApp | undefined) ?? null;
}
