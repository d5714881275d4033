import {
  type BankMessageOutcome,
  type ForwardingApp,
  formatAmount,
  type Language,
  type Terminal,
  type TerminalNotification,
  type TerminalStatus,
} from '@paydesk/contract';
import { translate } from '../../i18n/messages';
import type { ReferenceData } from '../reference/reference.read';
import type { BankMessageRow, TerminalListRow } from './terminals.repository';

/** A terminal is online while its last heartbeat is within the timeout. */
export const isOnline = (lastSeenAt: Date | null, timeoutSeconds: number, now = Date.now()) =>
  lastSeenAt !== null && now - lastSeenAt.getTime() <= timeoutSeconds * 1000;

export function terminalView(
  row: TerminalListRow,
  requisites: { id: string; name: string }[],
  timeoutSeconds: number,
  language: Language,
): Terminal {
  const { terminal, owner, waiting } = row;
  const status = terminal.status as TerminalStatus;
  return {
    guid: terminal.id,
    name: terminal.name,
    status: { slug: status, title: translate(language, `terminal_status.${status}`) },
    is_online: isOnline(terminal.lastSeenAt, timeoutSeconds),
    deposit_open: terminal.depositOpen,
    withdraw_open: terminal.withdrawOpen,
    user: { uuid: owner.id, username: owner.username, email: owner.email },
    requisites: requisites.map(({ id, name }) => ({ id, name })),
    device: terminal.device ? { ...terminal.device, ip_address: terminal.ipAddress } : null,
    last_seen_at: terminal.lastSeenAt?.toISOString() ?? null,
    created_at: terminal.createdAt.toISOString(),
    auto_settle_weak: terminal.autoSettleWeak,
    waiting_messages: waiting,
  };
}

export function bankMessageView(
  row: BankMessageRow,
  reference: ReferenceData,
  language: Language,
): TerminalNotification {
  const type = row.package ? 'push' : 'sms';
  const currency = row.currency ? reference.currencies.get(row.currency) : undefined;
  const outcome = row.outcome as BankMessageOutcome;
  return {
    id: row.id,
    title: row.title ?? row.package ?? '',
    type: { slug: type, title: translate(language, `bank_message.type.${type}`) },
    body: row.body,
    payload:
      row.operation && row.amountMinor !== null && currency
        ? {
            operationType: {
              slug: row.operation,
              title: translate(language, `bank_message.operation.${row.operation}`),
            },
            amount: formatAmount(row.amountMinor, currency.ratioFraction),
            currency: { code: currency.code },
          }
        : null,
    outcome: { slug: outcome, title: translate(language, `bank_message.outcome.${outcome}`) },
    orderGuid: row.orderId,
    received_at: row.receivedAt.toISOString(),
    app: row.app ? { slug: row.app as ForwardingApp, title: translate(language, `forwarding.app.${row.app}`) } : null,
    weakly_authenticated: row.weaklyAuthenticated,
  };
}
