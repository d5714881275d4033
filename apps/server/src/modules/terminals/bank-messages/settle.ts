import { type BankMessageOutcome, type DeviceNotification, type ForwardingApp, parseAmount } from '@paydesk/contract';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { newId, sha256 } from '../../../lib/ids';
import { countBankMessages } from '../../../lib/metrics';
import { engineTime, lockPayableOrders, type OrderDeps, orders, payLockedPayIns } from '../../orders/orders.module';
import { requisites } from '../../requisites/requisites.module';
import { requisiteBlockedHandlers } from '../terminal-news';
import * as repo from '../terminals.repository';
import { type ParsedBankMessage, parseBankMessage } from './parse';

/**
 * A device's clock may run a little ahead of ours: an order created up to this long after the message's own time
 * still counts as created before it.
 */
export const clockSkewMs = 60_000;

export type Notification = Required<Pick<DeviceNotification, 'id' | 'body' | 'received_at'>> & {
  package: string | null;
  title: string | null;
  /** The forwarding app it came through (DESIGN §19), and whether its signature left the text uncovered. */
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
interface Reading {
  message: Notification;
  contentHash: string;
  parsed: ParsedBankMessage | null;
  receivedAt: Date;
  /** The terminal's requisites it speaks of. */
  named: string[];
  /** An income the terminal may settle: its amount and currency. */
  income: { amountMinor: bigint; currency: string } | null;
  outcome: BankMessageOutcome;
  orderId: string | null;
}

/** Parses a message and decides what needs no order: ignored (not income, a terminal not working) or blocked. */
function read(
  deps: OrderDeps,
  context: { working: boolean; requisites: { id: string; attributes: Record<string, string> }[] },
  message: Notification,
  contentHash: string,
): Reading {
  const parsed = parseBankMessage({ package: message.package, sender: message.title, body: message.body });
  const reading: Reading = {
    message,
    contentHash,
    parsed,
    receivedAt: new Date(message.received_at),
    named: [],
    income: null,
    outcome: 'ignored',
    orderId: null,
  };
  if (!parsed || !context.working) return reading;
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
 * more ambiguous. A pay-in an earlier message of the batch took is no longer open for the later ones.
 */
function match(readings: Reading[], open: OpenPayIn[]): Map<Reading, string> {
  const taken = new Set<string>();
  const chosen = new Map<Reading, string>();
  for (const reading of readings) {
    if (reading.outcome !== 'unmatched' || !reading.income) continue;
    const { named } = reading;
    const { amountMinor, currency } = reading.income;
    const latest = reading.receivedAt.getTime() + clockSkewMs;
    const found = open.filter(
      (order) =>
        !taken.has(order.id) &&
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
    chosen.set(reading, only.id);
  }
  return chosen;
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
  const own = (await repo.requisitesOf(tx, [terminal.id])).get(terminal.id) ?? [];
  const context = { working: terminal.status === 'enabled' && terminal.depositOpen, requisites: own };
  const hashes = notifications.map(contentHashOf);
  // What this device sent before; the batch's own messages join it as they are read.
  const byId = new Map<string, BankMessageOutcome | Reading>();
  const byContent = new Map<string, BankMessageOutcome | Reading>();
  const earlier = await repo.earlierMessages(
    tx,
    terminal.id,
    notifications.map((message) => message.id),
    hashes,
  );
  for (const row of earlier) {
    byId.set(row.deviceMessageId, row.outcome as BankMessageOutcome);
    byContent.set(row.contentHash, row.outcome as BankMessageOutcome);
  }
  const entries = notifications.map((message, index) => {
    const contentHash = hashes[index] as string;
    const seen = byId.get(message.id) ?? byContent.get(contentHash);
    if (seen) return { id: message.id, seen };
    const reading = read(deps, context, message, contentHash);
    byId.set(message.id, reading);
    byContent.set(contentHash, reading);
    return { id: message.id, reading };
  });
  const readings = entries.flatMap((entry) => (entry.reading ? [entry.reading] : []));

  // The bank blocked a card or account: nothing more may be paid to it until someone looks at it.
  // It also opens an anti-fraud case on the requisite, which keeps it out of matching until an admin releases it.
  const blocked = readings.filter((reading) => reading.outcome === 'blocked' && reading.named.length > 0);
  const blockedIds = [...new Set(blocked.flatMap((reading) => reading.named))];
  if (blockedIds.length > 0) {
    await tx.update(requisites).set({ isActive: false }).where(inArray(requisites.id, blockedIds));
    for (const reading of blocked) {
      for (const requisiteId of reading.named) {
        await requisiteBlockedHandlers.announce(tx, {
          requisiteId,
          bank: reading.parsed?.bank ?? '',
          terminal: terminal.name,
        });
      }
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
  const payable = await lockPayableOrders(tx, [...chosen.values()], terminal.userId);
  const paid = new Set(payable.map((order) => order.id));
  for (const [reading, orderId] of chosen) {
    if (!paid.has(orderId)) continue;
    reading.outcome = 'matched';
    reading.orderId = orderId;
  }
  await repo.insertBankMessages(
    tx,
    readings.map((reading) => storedMessage(deps, terminal.id, reading)),
  );
  // The money last: the merchant's and the platform's accounts are shared by every batch, so they are held from
  // here to the commit only.
  await payLockedPayIns(deps, tx, payable, { kind: 'terminal', id: terminal.id });
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
    receivedAt: reading.receivedAt,
    bank: parsed?.bank ?? null,
    operation: operation?.operation ?? null,
    amountMinor: operation && currency ? parseAmount(operation.amount, currency.ratioFraction) : null,
    currency: currency?.code ?? null,
    tail: parsed?.tail ?? null,
    counterparty: operation?.counterparty ?? null,
    outcome: reading.outcome,
    app: message.via?.app ?? null,
    weaklyAuthenticated: message.via?.weak ?? false,
    orderId: reading.orderId,
    createdAt: engineTime(deps),
  };
}
