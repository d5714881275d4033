import { type BankMessageToConfirm, type ForwardingApp, formatAmount, type Language } from '@paydesk/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { translate } from '../../../i18n/messages';
import { DomainError } from '../../../lib/errors';
import { recordAudit } from '../../audit/audit.module';
import { lockPayableOrders, orders, payLockedPayIns } from '../../orders/orders.module';
import * as repo from '../terminals.repository';
import type { Actor, TerminalDeps } from '../terminals.service';
import { bankMessages, terminals } from '../terminals.table';

/** At most this many are listed at once: each one is an open pay-in of the trader's, which expires within minutes. */
const toConfirmLimit = 100;

/**
 * GET /trader/bank-message/to-confirm (DESIGN §19): the trader's weakly authenticated messages that matched its open
 * pay-ins, newest first: "bank message received — confirm".
 */
export async function listToConfirm(
  deps: TerminalDeps,
  actor: Actor,
  language: Language,
): Promise<BankMessageToConfirm[]> {
  const rows = await deps.db
    .select({
      message: bankMessages,
      terminal: { id: terminals.id, name: terminals.name },
      order: { id: orders.id, amountMinor: orders.fiatAmountMinor, fiat: orders.fiat },
    })
    .from(bankMessages)
    .innerJoin(terminals, eq(terminals.id, bankMessages.terminalId))
    .innerJoin(orders, eq(orders.id, bankMessages.orderId))
    .where(
      and(
        eq(terminals.userId, actor.id),
        eq(bankMessages.outcome, 'to_confirm'),
        inArray(orders.status, ['new', 'in-progress']),
      ),
    )
    .orderBy(desc(bankMessages.receivedAt), desc(bankMessages.id))
    .limit(toConfirmLimit);
  return rows.map(({ message, terminal, order }) => {
    const currency = deps.reference.currencies.get(order.fiat);
    return {
      id: message.id,
      order_guid: order.id,
      amount: formatAmount(order.amountMinor, currency?.ratioFraction ?? 2),
      currency: order.fiat,
      title: message.title ?? message.package ?? '',
      body: message.body,
      received_at: message.receivedAt.toISOString(),
      terminal: { guid: terminal.id, name: terminal.name },
      app: message.app
        ? { slug: message.app as ForwardingApp, title: translate(language, `forwarding.app.${message.app}`) }
        : null,
    };
  });
}

/**
 * POST /trader/bank-message/{id}/confirm/ (DESIGN §19): the trader saw the money arrive, and the pay-in the weakly
 * authenticated message matched is paid, by the trader. Another trader's message is not found; one confirmed
 * before, or whose order was canceled or expired meanwhile, is a 409 and nothing moves.
 */
export async function confirmBankMessage(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
): Promise<{ order_guid: string }> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ message: bankMessages, userId: terminals.userId })
      .from(bankMessages)
      .innerJoin(terminals, eq(terminals.id, bankMessages.terminalId))
      .where(and(eq(bankMessages.id, id), eq(terminals.userId, actor.id)))
      .limit(1)
      .for('update', { of: bankMessages });
    if (!found) throw new DomainError('not_found');
    const { message } = found;
    if (message.outcome !== 'to_confirm' || !message.orderId) throw new DomainError('order_status_conflict');
    const locked = await lockPayableOrders(tx, [message.orderId], actor.id);
    if (locked.length === 0) throw new DomainError('order_status_conflict');
    await repo.setBankMessageOutcome(tx, message.id, { outcome: 'matched', orderId: message.orderId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'terminal.bank_message_confirmed',
      targetUserId: actor.id,
      after: { message: message.id, order: message.orderId, app: message.app },
    });
    await payLockedPayIns(deps, tx, locked, { kind: 'executor', id: actor.id });
    return { order_guid: message.orderId };
  });
}
