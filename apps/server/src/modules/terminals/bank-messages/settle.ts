import { type BankMessageOutcome, type DeviceNotification, parseAmount } from '@paydesk/contract';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { DomainError } from '../../../lib/errors';
import { newId, sha256 } from '../../../lib/ids';
import { moveOrderIn, type OrderDeps } from '../../orders/orders.service';
import { orders } from '../../orders/orders.table';
import { requisites } from '../../requisites/requisites.table';
import * as repo from '../terminals.repository';
import { type ParsedBankMessage, parseBankMessage } from './parse';

/**
 * A device's clock may run a little ahead of ours: an order created up to this long after the message's own time
 * still counts as created before it.
 */
export const clockSkewMs = 60_000;

type Notification = Required<Pick<DeviceNotification, 'id' | 'body' | 'received_at'>> & {
  package: string | null;
  title: string | null;
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

/** Open pay-ins of exactly this amount on these requisites, created before the message and not expired: two at most. */
async function candidates(tx: Tx, requisiteIds: string[], currency: string, amountMinor: bigint, receivedAt: Date) {
  if (requisiteIds.length === 0) return [];
  return tx
    .select({ id: orders.id, executorId: orders.executorId })
    .from(orders)
    .where(
      and(
        inArray(orders.requisiteId, requisiteIds),
        eq(orders.fiatAmountMinor, amountMinor),
        eq(orders.fiat, currency),
        eq(orders.type, 'pay_in'),
        inArray(orders.status, ['new', 'in-progress']),
        lte(orders.createdAt, new Date(receivedAt.getTime() + clockSkewMs)),
        gt(orders.expiresAt, sql`now()`),
      ),
    )
    .limit(2);
}

interface Context {
  deps: OrderDeps;
  tx: Tx;
  terminal: repo.TerminalRow;
  requisites: { id: string; attributes: Record<string, string> }[];
}

/** What the message does (DESIGN §11), with the order it settled. */
async function act(
  context: Context,
  parsed: ParsedBankMessage | null,
  receivedAt: Date,
): Promise<{ outcome: BankMessageOutcome; orderId: string | null }> {
  const { deps, tx, terminal } = context;
  const working = terminal.status === 'enabled' && terminal.depositOpen;
  if (!parsed || !working) return { outcome: 'ignored', orderId: null };
  const named = requisitesNamed(context.requisites, parsed.tail);
  if (parsed.kind === 'blocked') {
    // The bank blocked the card or account: nothing more may be paid to it until someone looks at it.
    if (named.length > 0) await tx.update(requisites).set({ isActive: false }).where(inArray(requisites.id, named));
    return { outcome: 'blocked', orderId: null };
  }
  if (parsed.operation !== 'income') return { outcome: 'ignored', orderId: null };
  const currency = deps.reference.currencies.get(parsed.currency);
  if (!currency) return { outcome: 'ignored', orderId: null };
  const amountMinor = parseAmount(parsed.amount, currency.ratioFraction);
  const found = await candidates(tx, named, currency.code, amountMinor, receivedAt);
  if (found.length !== 1) return { outcome: found.length === 0 ? 'unmatched' : 'ambiguous', orderId: null };
  const order = found[0] as { id: string };
  try {
    // A savepoint: an order that moved meanwhile (canceled by its merchant, say) leaves the message unmatched only.
    await tx.transaction((inner) =>
      moveOrderIn(deps, inner, order.id, 'paid', { kind: 'terminal', id: terminal.id }, (row) => {
        if (row.executorId !== terminal.userId || row.type !== 'pay_in') throw new DomainError('not_found');
      }),
    );
    return { outcome: 'matched', orderId: order.id };
  } catch (error) {
    if (error instanceof DomainError) return { outcome: 'unmatched', orderId: null };
    throw error;
  }
}

/**
 * Stores and acts on a batch of bank messages from one terminal, inside the caller's transaction, which holds the
 * terminal's row locked: batches of one device never interleave. A message seen before (by id or content) is
 * answered with what came of it then and does nothing again.
 */
export async function receiveBankMessages(
  deps: OrderDeps,
  tx: Tx,
  terminal: repo.TerminalRow,
  notifications: Notification[],
): Promise<MessageResult[]> {
  const requisites = (await repo.requisitesOf(tx, [terminal.id])).get(terminal.id) ?? [];
  const context: Context = { deps, tx, terminal, requisites };
  const hashes = notifications.map(contentHashOf);
  // What this device sent before, read once for the batch; the batch's own messages join it as they are stored.
  const byId = new Map<string, BankMessageOutcome>();
  const byContent = new Map<string, BankMessageOutcome>();
  const remember = (id: string, hash: string, outcome: BankMessageOutcome) => {
    byId.set(id, outcome);
    byContent.set(hash, outcome);
  };
  const earlier = await repo.earlierMessages(
    tx,
    terminal.id,
    notifications.map((message) => message.id),
    hashes,
  );
  for (const row of earlier) remember(row.deviceMessageId, row.contentHash, row.outcome as BankMessageOutcome);
  const results: MessageResult[] = [];
  for (const [index, message] of notifications.entries()) {
    const contentHash = hashes[index] as string;
    const seen = byId.get(message.id) ?? byContent.get(contentHash);
    if (seen) {
      results.push({ id: message.id, state: 'duplicate', outcome: seen });
      continue;
    }
    const parsed = parseBankMessage({ package: message.package, sender: message.title, body: message.body });
    const receivedAt = new Date(message.received_at);
    const { outcome, orderId } = await act(context, parsed, receivedAt);
    const operation = parsed?.kind === 'operation' ? parsed : null;
    const currency = operation ? deps.reference.currencies.get(operation.currency) : undefined;
    await repo.insertBankMessage(tx, {
      id: newId(),
      terminalId: terminal.id,
      deviceMessageId: message.id,
      contentHash,
      package: message.package,
      title: message.title,
      body: message.body,
      receivedAt,
      bank: parsed?.bank ?? null,
      operation: operation?.operation ?? null,
      amountMinor: operation && currency ? parseAmount(operation.amount, currency.ratioFraction) : null,
      currency: currency?.code ?? null,
      tail: parsed?.tail ?? null,
      counterparty: operation?.counterparty ?? null,
      outcome,
      orderId,
    });
    remember(message.id, contentHash, outcome);
    results.push({ id: message.id, state: 'new', outcome });
  }
  return results;
}
