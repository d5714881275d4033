import { type BankMessageOutcome, type DeviceNotification, type ForwardingApp, parseAmount } from '@paydesk/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { appEvents } from '../../../app-events';
import type { Tx } from '../../../db/client';
import { newId, sha256 } from '../../../lib/ids';
import { countBankMessages } from '../../../lib/metrics';
import { publishEventToMany } from '../../events/events.module';
import { engineTime, lockPayableOrders, type OrderDeps, orders, payLockedPayIns } from '../../orders/orders.module';
import { requisites } from '../../requisites/requisites.module';
import { bankMessageToConfirmType } from '../terminal-news';
import * as repo from '../terminals.repository';
import { storableMessage } from './clean-text';
import { type ParsedBankMessage, parseBankMessage } from './parse';

/**
 * A device's clock may run a little ahead of ours: an order created up to this long after the message's own time
 * still counts as created before it.
 */
export const clockSkewMs = 60_000;

export type Notification = Required<Pick<DeviceNotification, 'id' | 'body' | 'received_at'>> & {
  package: string | null;
  title: string | null;
  /**
   * The forwarding app it came through (DESIGN §19), and whether its authentication left the text uncovered; none for
   * the device API, which is authenticated by its token over the whole request.
   */
  via?: { app: ForwardingApp; weak: boolean };
};

export interface MessageResult {
  id: string;
  state: 'new' | 'duplicate';
  outcome: BankMessageOutcome;
}

/** Forwarders send a message twice under new ids: the same sender, text and time is the same message. */
export const contentHashOf = (message: Notification) =>
  sha256(JSON.stringify([message.package ?? '', message.title ?? '', message.body, message.received_at]));

/** The digits of a requisite's attributes (card number, account, phone) that a message's tail may name. */
const endsWithTail = (attributes: Record<string, string>, tail: string) =>
  Object.values(attributes).some((value) => value.replace(/\D/g, '').endsWith(tail));

/** The terminal's requisites the message speaks of: those ending in its tail, or all of them when it names none. */
function requisitesNamed(all: { id: string; attributes: Record<string, string> }[], tail: string | null): string[] {
  return (tail ? all.filter((requisite) => endsWithTail(requisite.attributes, tail)) : all).map(({ id }) => id);
}

/** An open pay-in a message of the batch may name. */
interface OpenPayIn {
  id: string;
  requisiteId: string | null;
  fiatAmountMinor: bigint;
  fiat: string;
  createdAt: Date;
  /** The weakly authenticated message it waits on its trader to confirm, if any. */
  claimedBy: string | null;
}

/**
 * The open, unexpired pay-ins of these amounts on these requisites, for a whole batch in one query: one open pay-in
 * per amount per requisite is the rule, so there are at most as many as amounts times requisites.
 */
async function openPayIns(tx: Tx, requisiteIds: string[], amounts: bigint[], now: Date): Promise<OpenPayIn[]> {
  if (requisiteIds.length === 0 || amounts.length === 0) return [];
  return tx
    .select({
      id: orders.id,
      requisiteId: orders.requisiteId,
      fiatAmountMinor: orders.fiatAmountMinor,
      fiat: orders.fiat,
      createdAt: orders.createdAt,
      // Spelled out: drizzle writes a selected column's name without its table, which the subquery would misread.
      claimedBy: sql<string | null>`(select m.id from bank_messages m where m.order_id = "orders"."id" limit 1)`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.requisiteId, requisiteIds),
        inArray(orders.fiatAmountMinor, [...new Set(amounts)]),
        eq(orders.type, 'pay_in'),
        inArray(orders.status, ['new', 'in-progress']),
        gt(orders.expiresAt, now),
      ),
    );
}

/** A new message of the batch, parsed, with what it does once the batch is matched. */
export interface Reading {
  message: Notification;
  /** The message exactly as received, when storing it changed it (clean-text.ts). */
  received: string | null;
  contentHash: string;
  parsed: ParsedBankMessage | null;
  receivedAt: Date;
  /** Its app's signature did not cover the text: it settles nothing by itself (DESIGN §19). */
  weak: boolean;
  /** The terminal's requisites it speaks of. */
  named: string[];
  /** An income the terminal may settle: its amount and currency. */
  income: { amountMinor: bigint; currency: string } | null;
  outcome: BankMessageOutcome;
  orderId: string | null;
}

/** What a terminal's messages may do now. */
export interface ReadingContext {
  /** Enabled and open to deposits: its messages settle. */
  working: boolean;
  /** Never approved yet: its messages wait for the admin (DESIGN §19). */
  waiting: boolean;
  /** The admin lets its weakly authenticated messages settle by themselves. */
  autoSettleWeak: boolean;
  requisites: { id: string; attributes: Record<string, string> }[];
}

export async function contextOf(tx: Tx, terminal: repo.TerminalRow): Promise<ReadingContext> {
  return {
    working: terminal.status === 'enabled' && terminal.depositOpen,
    waiting: terminal.status === 'moderation' && terminal.approvedAt === null,
    autoSettleWeak: terminal.autoSettleWeak,
    requisites: (await repo.requisitesOf(tx, [terminal.id])).get(terminal.id) ?? [],
  };
}

/**
 * Parses a message and decides what needs no order: ignored (not a bank message, a terminal not working), waiting (a
 * terminal not approved yet) or blocked.
 */
export function read(
  deps: OrderDeps,
  context: ReadingContext,
  stored: { message: Notification; received: string | null },
  contentHash: string,
): Reading {
  const { message, received } = stored;
  const parsed = parseBankMessage({ package: message.package, sender: message.title, body: message.body });
  const reading: Reading = {
    message,
    received,
    contentHash,
    parsed,
    receivedAt: new Date(message.received_at),
    weak: message.via?.weak ?? false,
    named: [],
    income: null,
    outcome: 'ignored',
    orderId: null,
  };
  if (!parsed) return reading;
  if (context.waiting) return { ...reading, outcome: 'waiting' };
  if (!context.working) return reading;
  const named = requisitesNamed(context.requisites, parsed.tail);
  if (parsed.kind === 'blocked') return { ...reading, named, outcome: 'blocked' };
  if (parsed.operation !== 'income') return reading;
  const currency = deps.reference.currencies.get(parsed.currency);
  if (!currency) return reading;
  const amountMinor = parseAmount(parsed.amount, currency.ratioFraction);
  return { ...reading, named, income: { amountMinor, currency: currency.code }, outcome: 'unmatched' };
}

/**
 * Matches the batch's incomes to the open pay-ins in the order the messages came (DESIGN §11): a message settles the
 * one open pay-in of its amount and currency on the requisites it names, created before it; none is unmatched, two or
 * more ambiguous. A pay-in an earlier message of the batch took is no longer open for the later ones, nor, for a weak
 * message, one a weak message before it waits on: only an authenticated message takes such a pay-in over.
 */
function match(readings: Reading[], open: OpenPayIn[]): Map<Reading, OpenPayIn> {
  const taken = new Set<string>();
  const chosen = new Map<Reading, OpenPayIn>();
  for (const reading of readings) {
    if (reading.outcome !== 'unmatched' || !reading.income) continue;
    const { named } = reading;
    const { amountMinor, currency } = reading.income;
    const latest = reading.receivedAt.getTime() + clockSkewMs;
    const found = open.filter(
      (order) =>
        !taken.has(order.id) &&
        !(reading.weak && order.claimedBy) &&
        order.requisiteId !== null &&
        named.includes(order.requisiteId) &&
        order.fiatAmountMinor === amountMinor &&
        order.fiat === currency &&
        order.createdAt.getTime() <= latest,
    );
    if (found.length > 1) reading.outcome = 'ambiguous';
    const [only] = found;
    if (found.length !== 1 || !only) continue;
    taken.add(only.id);
    chosen.set(reading, only);
  }
  return chosen;
}

/**
 * What a batch's new messages do (DESIGN §11, §19), in the caller's transaction: a bank's "blocked" switches the named
 * requisites off, or, from a weakly authenticated app, only opens an anti-fraud case; an income settles its pay-in, or,
 * weakly authenticated, puts it in front of its trader to confirm. Sets each reading's outcome and order and answers
 * the pay-ins to pay, locked: the caller pays them once the messages are stored.
 */
export async function actOn(
  deps: OrderDeps,
  tx: Tx,
  terminal: repo.TerminalRow,
  context: ReadingContext,
  readings: Reading[],
) {
  const blocked = readings.filter((reading) => reading.outcome === 'blocked' && reading.named.length > 0);
  // The bank blocked a card or account: nothing more may be paid to it until someone looks at it.
  const blockedIds = [...new Set(blocked.filter((reading) => !reading.weak).flatMap((reading) => reading.named))];
  if (blockedIds.length > 0) {
    await tx.update(requisites).set({ isActive: false }).where(inArray(requisites.id, blockedIds));
  }
  // Each also opens an anti-fraud case on the requisite: a weak message's only that (anyone holding one captured
  // request could write it), which an admin checks with the trader.
  for (const reading of blocked) {
    for (const requisiteId of reading.named) {
      await appEvents.announce(tx, 'requisite.blocked_by_bank', {
        requisiteId,
        bank: reading.parsed?.bank ?? '',
        terminal: terminal.name,
        weak: reading.weak,
      });
    }
  }

  const incomes = readings.filter((reading) => reading.outcome === 'unmatched' && reading.income);
  const open = await openPayIns(
    tx,
    [...new Set(incomes.flatMap((reading) => reading.named))],
    incomes.map((reading) => reading.income?.amountMinor ?? 0n),
    engineTime(deps),
  );
  const chosen = match(readings, open);
  // An order that moved meanwhile (canceled by its merchant, say) leaves its message unmatched.
  const locked = await lockPayableOrders(
    tx,
    [...chosen.values()].map((order) => order.id),
    terminal.userId,
  );
  const payable = new Set(locked.map((order) => order.id));
  const settling = new Set<string>();
  const released: string[] = [];
  for (const [reading, order] of chosen) {
    if (!payable.has(order.id)) continue;
    reading.orderId = order.id;
    if (reading.weak && !context.autoSettleWeak) {
      reading.outcome = 'to_confirm';
      continue;
    }
    reading.outcome = 'matched';
    settling.add(order.id);
    if (order.claimedBy) released.push(order.claimedBy);
  }
  // An authenticated message settled a pay-in a weak one waited on: that one is no longer to confirm.
  if (released.length > 0) await repo.releaseBankMessages(tx, released);
  const toConfirm = readings.filter((reading) => reading.outcome === 'to_confirm');
  if (toConfirm.length > 0) {
    await publishEventToMany(tx, [terminal.userId], bankMessageToConfirmType, String(toConfirm.length));
  }
  return locked.filter((order) => settling.has(order.id));
}

/**
 * Stores and acts on a batch of bank messages from one terminal, inside the caller's transaction, which holds the
 * terminal's row locked: batches of one device never interleave. A message seen before (by id or content) is
 * answered with what came of it then and does nothing again. The batch costs a handful of statements whatever its
 * size: the messages seen before, the open pay-ins the incomes may name, the orders paid together (their rows,
 * timelines, webhooks, events and money, each in one statement), the messages stored together.
 */
export async function receiveBankMessages(
  deps: OrderDeps,
  tx: Tx,
  terminal: repo.TerminalRow,
  notifications: Notification[],
): Promise<MessageResult[]> {
  const context = await contextOf(tx, terminal);
  const storable = notifications.map(storableMessage);
  const hashes = storable.map(({ message }) => contentHashOf(message));
  // What this device sent before; the batch's own messages join it as they are read.
  const byId = new Map<string, BankMessageOutcome | Reading>();
  const byContent = new Map<string, BankMessageOutcome | Reading>();
  const earlier = await repo.earlierMessages(
    tx,
    terminal.id,
    storable.map(({ message }) => message.id),
    hashes,
  );
  for (const row of earlier) {
    byId.set(row.deviceMessageId, row.outcome as BankMessageOutcome);
    byContent.set(row.contentHash, row.outcome as BankMessageOutcome);
  }
  const entries = storable.map((stored, index) => {
    const { id } = stored.message;
    const contentHash = hashes[index] as string;
    const seen = byId.get(id) ?? byContent.get(contentHash);
    if (seen) return { id, seen };
    const reading = read(deps, context, stored, contentHash);
    byId.set(id, reading);
    byContent.set(contentHash, reading);
    return { id, reading };
  });
  const readings = entries.flatMap((entry) => (entry.reading ? [entry.reading] : []));
  const toPay = await actOn(deps, tx, terminal, context, readings);
  await repo.insertBankMessages(
    tx,
    readings.map((reading) => storedMessage(deps, terminal.id, reading)),
  );
  // The money last: the merchant's and the platform's accounts are shared by every batch, so they are held from
  // here to the commit only.
  await payLockedPayIns(deps, tx, toPay, { kind: 'terminal', id: terminal.id });
  const results: MessageResult[] = entries.map(({ id, seen, reading }) =>
    reading
      ? { id, state: 'new', outcome: reading.outcome }
      : { id, state: 'duplicate', outcome: typeof seen === 'string' ? seen : (seen as Reading).outcome },
  );
  countBankMessages(tx, results);
  return results;
}

/** The row a message is kept as: what it said, what was read of it, what came of it. */
function storedMessage(deps: OrderDeps, terminalId: string, reading: Reading): repo.NewBankMessage {
  const { message, parsed } = reading;
  const operation = parsed?.kind === 'operation' ? parsed : null;
  const currency = operation ? deps.reference.currencies.get(operation.currency) : undefined;
  return {
    id: newId(),
    terminalId,
    deviceMessageId: message.id,
    contentHash: reading.contentHash,
    package: message.package,
    title: message.title,
    body: message.body,
    received: reading.received,
    receivedAt: reading.receivedAt,
    bank: parsed?.bank ?? null,
    operation: operation?.operation ?? null,
    amountMinor: operation && currency ? parseAmount(operation.amount, currency.ratioFraction) : null,
    currency: currency?.code ?? null,
    tail: parsed?.tail ?? null,
    counterparty: operation?.counterparty ?? null,
    outcome: reading.outcome,
    app: message.via?.app ?? null,
    weaklyAuthenticated: reading.weak,
    orderId: reading.orderId,
    createdAt: engineTime(deps),
  };
}
