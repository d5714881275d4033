import { randomInt } from 'node:crypto';
import type {
  CreatedTerminal,
  Language,
  ListData,
  ListQuery,
  Terminal,
  TerminalMode,
  TerminalNotification,
  TerminalNotificationListQuery,
  TerminalStatus,
  terminalInputSchema,
  terminalUpdateSchema,
} from '@paydesk/contract';
import { paginate } from '@paydesk/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { newId, sha256 } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { recordAudit } from '../audit/audit.module';
import { adminsAudience, publishEventToMany } from '../events/events.module';
import type { ReferenceData } from '../reference/reference.read';
import * as repo from './terminals.repository';
import { bankMessageView, terminalView } from './terminals.view';

export interface TerminalDeps {
  db: Db;
  config: Config;
  reference: ReferenceData;
}

/** Who acts: an admin reaches every terminal, a trader only its own (another's is not found, DESIGN §3). */
export interface Actor {
  id: string;
  type: string;
}

/** A pairing code is typed on a phone: no letters that read as digits, eight of them, good for 15 minutes. */
const pairingAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const pairingCodeLength = 8;
export const pairingTtlMs = 15 * 60 * 1000;

export const heartbeatSweepJob = 'terminals.heartbeat-sweep';
/** How often enabled terminals are checked for a missed heartbeat: a lost one shows within this of the timeout. */
export const heartbeatSweepSeconds = 30;

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

export function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < pairingCodeLength; index += 1) code += pairingAlphabet[randomInt(pairingAlphabet.length)];
  return code;
}

/** Typed codes arrive in any case, with the dash of the display or spaces: only the code's own letters count. */
export const normalizedPairingCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The trader's open screens and the admins' hear that a terminal changed (its card and the devices table). */
export async function announceTerminal(tx: Executor, terminal: { id: string; userId: string }, status: string) {
  await publishEventToMany(
    tx,
    [terminal.userId, adminsAudience],
    'terminal.updated',
    JSON.stringify({ guid: terminal.id, status }),
  );
}

export async function loadOwn(db: Executor, actor: Actor, id: string, lock = false) {
  const row = await repo.findTerminal(db, id, lock);
  if (!row || (actor.type !== 'admin' && row.terminal.userId !== actor.id)) throw new DomainError('not_found');
  return row;
}

export async function viewOf(deps: TerminalDeps, db: Executor, id: string, language: Language): Promise<Terminal> {
  const row = await repo.findTerminal(db, id);
  if (!row) throw new DomainError('not_found');
  const requisites = await repo.requisitesOf(db, [id]);
  return terminalView(row, requisites.get(id) ?? [], deps.config.DEVICE_HEARTBEAT_TIMEOUT_SECONDS, language);
}

export async function listTerminals(
  deps: TerminalDeps,
  actor: Actor,
  query: ListQuery,
  language: Language,
): Promise<ListData<Terminal>> {
  const { rows, count } = await repo.listTerminals(deps.db, actor.type === 'admin' ? null : actor.id, pageOf(query));
  const requisites = await repo.requisitesOf(
    deps.db,
    rows.map((row) => row.terminal.id),
  );
  const timeout = deps.config.DEVICE_HEARTBEAT_TIMEOUT_SECONDS;
  return {
    items: rows.map((row) => terminalView(row, requisites.get(row.terminal.id) ?? [], timeout, language)),
    context: { available_filters: [], pagination: paginate(count.total, query, count.estimated) },
  };
}

async function assertOwnRequisites(db: Executor, ownerId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await repo.ownRequisiteCount(db, ownerId, unique)) !== unique.length) {
    throw fieldError('requisites', 'terminals.errors.requisite_not_own');
  }
  return unique;
}

/** A fresh one-time code for the terminal: its hash kept, the code itself shown once, with its QR image. */
async function issuePairingCode(tx: Executor, terminalId: string, origin: string) {
  const code = newPairingCode();
  const expiresAt = new Date(Date.now() + pairingTtlMs);
  await repo.updateTerminal(tx, terminalId, { pairingCodeHash: sha256(code), pairingExpiresAt: expiresAt });
  const link = `paydesk-terminal://pair?code=${code}&server=${encodeURIComponent(origin)}`;
  return {
    pairing_code: `${code.slice(0, 4)}-${code.slice(4)}`,
    pairing_qr: await QRCode.toDataURL(link, { margin: 1, width: 240 }),
    pairing_expires_at: expiresAt.toISOString(),
  };
}

/** POST /terminal (SPEC §2.18): a trader's terminal on its own requisites, open to deposits only, not paired yet. */
export async function createTerminal(
  deps: TerminalDeps,
  actor: Actor,
  input: z.output<typeof terminalInputSchema>,
  origin: string,
  language: Language,
): Promise<CreatedTerminal> {
  return deps.db.transaction(async (tx) => {
    const requisiteIds = await assertOwnRequisites(tx, actor.id, input.requisites);
    const id = newId();
    await repo.insertTerminal(tx, {
      id,
      userId: actor.id,
      name: input.name,
      status: 'unassigned',
      depositOpen: true,
      withdrawOpen: false,
    });
    await repo.replaceRequisites(tx, id, requisiteIds);
    const pairing = await issuePairingCode(tx, id, origin);
    await recordAudit(tx, { actorId: actor.id, action: 'terminal.created', targetUserId: actor.id, after: { id } });
    return { terminal: await viewOf(deps, tx, id, language), ...pairing };
  });
}

/** POST /terminal/{guid}/pairing_code/: a new code, to pair another phone; the one paired now works until then. */
export async function renewPairingCode(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  origin: string,
  language: Language,
): Promise<CreatedTerminal> {
  return deps.db.transaction(async (tx) => {
    await loadOwn(tx, actor, id, true);
    const pairing = await issuePairingCode(tx, id, origin);
    return { terminal: await viewOf(deps, tx, id, language), ...pairing };
  });
}

export async function updateTerminal(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof terminalUpdateSchema>,
  language: Language,
): Promise<Terminal> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    if (input.requisites) {
      await repo.replaceRequisites(tx, id, await assertOwnRequisites(tx, terminal.userId, input.requisites));
    }
    await repo.updateTerminal(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.deposit_open !== undefined ? { depositOpen: input.deposit_open } : {}),
      ...(input.withdraw_open !== undefined ? { withdrawOpen: input.withdraw_open } : {}),
    });
    return viewOf(deps, tx, id, language);
  });
}

/** DELETE /terminal/{guid}/: gone from the lists, its device signed out; its messages stay with the orders they paid. */
export async function deleteTerminal(deps: TerminalDeps, actor: Actor, id: string): Promise<{ guid: string }> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    await repo.updateTerminal(tx, id, { deletedAt: new Date(), tokenHash: null, pairingCodeHash: null });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'terminal.deleted',
      targetUserId: terminal.userId,
      before: { id, name: terminal.name },
    });
    return { guid: id };
  });
}

/**
 * The moves of DESIGN §11 that people make. Pause (an admin's disable) and a trader's own disable stop any terminal;
 * play (moderate) sends a stopped one back to moderation, or to unassigned without a device; approve (enable) lets a
 * terminal waiting for it work.
 */
const moves = {
  disable: { from: ['unassigned', 'moderation', 'pending', 'enabled', 'lost_connection'] },
  moderate: { from: ['disabled', 'disabled_by_admin'] },
  enable: { from: ['moderation', 'pending'] },
} as const satisfies Record<string, { from: readonly TerminalStatus[] }>;

/** Where a move takes a terminal: a pause by its admin or by its trader, play back to moderation, or approval. */
async function targetOf(
  tx: Executor,
  move: keyof typeof moves,
  actor: Actor,
  terminal: repo.TerminalRow,
): Promise<TerminalStatus> {
  if (move === 'disable') return actor.type === 'admin' ? 'disabled_by_admin' : 'disabled';
  // Played without a paired device or a forwarding link (DESIGN §19), it waits for one rather than for an admin.
  if (move === 'moderate') {
    return terminal.tokenHash || (await repo.findForwarding(tx, terminal.id)) ? 'moderation' : 'unassigned';
  }
  return 'enabled';
}

export async function moveTerminal(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  move: keyof typeof moves,
  language: Language,
): Promise<Terminal> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    const from = terminal.status as TerminalStatus;
    const allowed: readonly TerminalStatus[] =
      move === 'disable' && actor.type === 'admin' ? [...moves.disable.from, 'disabled'] : moves[move].from;
    if (!allowed.includes(from)) throw new DomainError('terminal_status_conflict');
    const to = await targetOf(tx, move, actor, terminal);
    await repo.updateTerminal(tx, id, {
      status: to,
      ...(to === 'enabled' ? { approvedAt: terminal.approvedAt ?? new Date(), lastSeenAt: new Date() } : {}),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: `terminal.${move}`,
      targetUserId: terminal.userId,
      before: { id, status: from },
      after: { id, status: to },
    });
    await announceTerminal(tx, terminal, to);
    return viewOf(deps, tx, id, language);
  });
}

/** PATCH /terminal/{guid}/mode/: pay_in opens or closes deposits, pay_out withdrawals. */
export async function setTerminalMode(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  mode: TerminalMode,
  language: Language,
): Promise<Terminal> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    await repo.updateTerminal(
      tx,
      id,
      mode.direction === 'pay_in' ? { depositOpen: mode.is_enabled } : { withdrawOpen: mode.is_enabled },
    );
    await announceTerminal(tx, terminal, terminal.status);
    return viewOf(deps, tx, id, language);
  });
}

export async function listTerminalNotifications(
  deps: TerminalDeps,
  actor: Actor,
  id: string,
  query: TerminalNotificationListQuery,
  language: Language,
): Promise<ListData<TerminalNotification>> {
  await loadOwn(deps.db, actor, id);
  const { rows, count } = await repo.listBankMessages(deps.db, id, pageOf(query), query['filter[outcome]']);
  return {
    items: rows.map((row) => bankMessageView(row, deps.reference, language)),
    context: { available_filters: [], pagination: paginate(count.total, query, count.estimated) },
  };
}

/** The heartbeat sweep (a recurring job): enabled terminals silent past the timeout have lost their connection. */
export async function sweepLostConnections(deps: Pick<TerminalDeps, 'db' | 'config'>, now = new Date()) {
  const before = new Date(now.getTime() - deps.config.DEVICE_HEARTBEAT_TIMEOUT_SECONDS * 1000);
  return deps.db.transaction(async (tx) => {
    const lost = await repo.markLostConnection(tx, before);
    for (const terminal of lost) await announceTerminal(tx, terminal, 'lost_connection');
    return lost;
  });
}
