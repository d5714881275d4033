import type { DeviceInfo, DeviceNotification, TerminalStatus } from '@paydesk/contract';
import type { Tx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/ids';
import { createThrottle } from '../auth/auth.module';
import { type MessageResult, receiveBankMessages } from './bank-messages/settle';
import * as repo from './terminals.repository';
import { announceTerminal as announce, normalizedPairingCode, type TerminalDeps } from './terminals.service';

/** Where a device call came from: the address it is seen at, kept as the device's IP (SPEC §3). */
export interface DeviceClient {
  ip: string;
}

/** The bearer token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The device's terminal, locked for this call, or 401: an unknown or revoked token, a deleted terminal. */
async function terminalOf(tx: Tx, token: string | null): Promise<repo.TerminalRow> {
  const terminal = token ? await repo.terminalOfToken(tx, sha256(token)) : undefined;
  if (!terminal) throw new DomainError('device_token_invalid');
  return terminal;
}

/**
 * POST /api/device/v1/pair: the code shown on the trader's screen pairs this device, once. A terminal an admin has
 * never approved goes to moderation; one approved before (a new phone) waits for the device's first heartbeat.
 * Guessing codes is throttled per address.
 */
export async function pairDevice(
  deps: TerminalDeps,
  code: string,
  device: DeviceInfo,
  client: DeviceClient,
): Promise<{ token: string; terminal: { guid: string; name: string; status: TerminalStatus } }> {
  const throttle = createThrottle(deps.db, deps.config, 'pairing');
  const normalized = normalizedPairingCode(code);
  return throttle.guard('device', client.ip, ['pairing_code_invalid'], () =>
    deps.db.transaction(async (tx) => {
      const terminal = await repo.terminalOfPairingCode(tx, sha256(normalized));
      if (!terminal?.pairingExpiresAt || terminal.pairingExpiresAt <= new Date()) {
        throw new DomainError('pairing_code_invalid');
      }
      const token = randomToken(32);
      const paused = terminal.status === 'disabled' || terminal.status === 'disabled_by_admin';
      const status: TerminalStatus = paused
        ? (terminal.status as TerminalStatus)
        : terminal.approvedAt
          ? 'pending'
          : 'moderation';
      await repo.updateTerminal(tx, terminal.id, {
        tokenHash: sha256(token),
        pairingCodeHash: null,
        pairingExpiresAt: null,
        device,
        ipAddress: client.ip,
        lastSeenAt: new Date(),
        status,
      });
      await announce(tx, terminal, status);
      return { token, terminal: { guid: terminal.id, name: terminal.name, status } };
    }),
  );
}

/**
 * POST /api/device/v1/heartbeat: the device is alive; what it says of itself is kept. A re-paired device waiting for
 * its first heartbeat, and an enabled one that had lost its connection, work again.
 */
export async function heartbeat(deps: TerminalDeps, token: string | null, device: DeviceInfo, client: DeviceClient) {
  return deps.db.transaction(async (tx) => {
    const terminal = await terminalOf(tx, token);
    const back = terminal.status === 'pending' || terminal.status === 'lost_connection';
    const status = (back ? 'enabled' : terminal.status) as TerminalStatus;
    await repo.updateTerminal(tx, terminal.id, { device, ipAddress: client.ip, lastSeenAt: new Date(), status });
    if (back) await announce(tx, terminal, status);
    return { status, deposit_open: terminal.depositOpen, withdraw_open: terminal.withdrawOpen };
  });
}

/**
 * POST /api/device/v1/notifications: a batch of bank messages, in one transaction. A message also says the device is
 * alive, so a terminal that had lost its connection is enabled again before the messages are read.
 */
export async function receiveNotifications(
  deps: TerminalDeps,
  token: string | null,
  notifications: DeviceNotification[],
  client: DeviceClient,
): Promise<{ results: MessageResult[] }> {
  return deps.db.transaction(async (tx) => {
    let terminal = await terminalOf(tx, token);
    if (terminal.status === 'lost_connection') {
      await announce(tx, terminal, 'enabled');
      terminal = { ...terminal, status: 'enabled' };
    }
    await repo.updateTerminal(tx, terminal.id, {
      ipAddress: client.ip,
      lastSeenAt: new Date(),
      status: terminal.status,
    });
    const results = await receiveBankMessages(
      deps,
      tx,
      terminal,
      notifications.map((notification) => ({
        id: notification.id,
        package: notification.package ?? null,
        title: notification.title ?? null,
        body: notification.body,
        received_at: notification.received_at,
      })),
    );
    return { results };
  });
}
