import type { ForwardingApp, Language, Terminal, WaitingMatched } from '@paydesk/contract';
import { DomainError } from '../../../lib/errors';
import { recordAudit } from '../../audit/audit.module';
import { payLockedPayIns } from '../../orders/orders.module';
import * as repo from '../terminals.repository';
import { type Actor, announceTerminal, loadOwn, type TerminalDeps, viewOf } from '../terminals.service';
import { actOn, contextOf, read } from './settle';

/**
 * POST /terminal/{guid}/notification/match-waiting/ (DESIGN §19): the messages received while the terminal waited for
 * approval, matched now that an admin enabled it, oldest first, by the rules of any message: an authenticated one
 * settles its pay-in, a weak one waits for its trader (unless the terminal auto-settles), none settles a pay-in created
 * after it.
 */
export async function matchWaitingMessages(deps: TerminalDeps, actor: Actor, id: string): Promise<WaitingMatched> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    if (terminal.status !== 'enabled' || !terminal.depositOpen) throw new DomainError('terminal_status_conflict');
    const rows = await repo.waitingMessages(tx, id);
    const context = await contextOf(tx, terminal);
    const readings = rows.map((row) =>
      read(
        deps,
        context,
        {
          message: {
            id: row.deviceMessageId,
            package: row.package,
            title: row.title,
            body: row.body,
            received_at: row.receivedAt.toISOString(),
            ...(row.app ? { via: { app: row.app as ForwardingApp, weak: row.weaklyAuthenticated } } : {}),
          },
          received: row.received,
        },
        row.contentHash,
      ),
    );
    const toPay = await actOn(deps, tx, terminal, context, readings);
    for (const [index, row] of rows.entries()) {
      const reading = readings[index];
      if (reading) await repo.setBankMessageOutcome(tx, row.id, { outcome: reading.outcome, orderId: reading.orderId });
    }
    await payLockedPayIns(deps, tx, toPay, { kind: 'terminal', id: terminal.id });
    const count = (outcome: string) => readings.filter((reading) => reading.outcome === outcome).length;
    const result = {
      matched: count('matched'),
      to_confirm: count('to_confirm'),
      unmatched: readings.length - count('matched') - count('to_confirm'),
      total: readings.length,
    };
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'terminal.waiting_messages_matched',
      targetUserId: terminal.userId,
      after: { id, ...result },
    });
    await announceTerminal(tx, terminal, terminal.status);
    return result;
  });
}

/** PATCH /terminal/{guid}/auto-settle/ (DESIGN §19): an admin lets weak messages settle by themselves, or not. */
export async function setAutoSettleWeak(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  autoSettleWeak: boolean,
  language: Language,
): Promise<Terminal> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    await repo.updateTerminal(tx, id, { autoSettleWeak });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'terminal.auto_settle_weak',
      targetUserId: terminal.userId,
      before: { id, auto_settle_weak: terminal.autoSettleWeak },
      after: { id, auto_settle_weak: autoSettleWeak },
    });
    await announceTerminal(tx, terminal, terminal.status);
    return viewOf(deps, tx, id, language);
  });
}
