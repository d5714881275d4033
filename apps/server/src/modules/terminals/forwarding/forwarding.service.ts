import type {
  ForwardingApp,
  Language,
  TerminalForwarding,
  TerminalForwardingSummary,
  TerminalStatus,
} from '@paydesk/contract';
import QRCode from 'qrcode';
import type { Executor } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { DomainError } from '../../../lib/errors';
import { randomToken, sha256 } from '../../../lib/ids';
import type { Secrets } from '../../../lib/secrets';
import { recordAudit } from '../../audit/audit.module';
import { createThrottle } from '../../auth/auth.module';
import { type MessageResult, receiveBankMessages } from '../bank-messages/settle';
import type { DeviceClient } from '../device.service';
import * as repo from '../terminals.repository';
import { type Actor, announceTerminal, loadOwn, type TerminalDeps } from '../terminals.service';
import { type ForwardedRequest, recogniseForwarded } from './apps';
import { appsGuide } from './guide';

export interface ForwardingDeps extends TerminalDeps {
  secrets: Secrets;
}

/**
 * An origin a phone would reach over plain http on another machine: bank messages in clear text on the way (and
 * SMSGate refuses such a URL). The machine's own addresses (a trial on one computer) are left alone.
 */
export function plainHttpElsewhere(origin: string): boolean {
  const { protocol, hostname } = new URL(origin);
  if (protocol !== 'http:') return false;
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\./.test(hostname) ||
    hostname === '[::1]'
  );
}

/** Where the apps post: the URL of a token on the address the trader's browser reached us at. */
export const forwardingUrl = (origin: string, token: string) => `${origin}/api/device/v1/forward/${token}`;

const paused: readonly string[] = ['disabled', 'disabled_by_admin'];

async function viewOf(
  deps: ForwardingDeps,
  link: repo.ForwardingRow,
  origin: string,
  language: Language,
): Promise<TerminalForwarding> {
  const refused = plainHttpElsewhere(origin);
  const url = refused ? '' : forwardingUrl(origin, deps.secrets.open(link.tokenSealed));
  return {
    url,
    url_qr: refused ? '' : await QRCode.toDataURL(url, { margin: 1, width: 240 }),
    url_refused: refused ? translate(language, 'forwarding.http_refused', { origin }) : null,
    signing_key: deps.secrets.open(link.signingKeySealed),
    apps: appsGuide(url || forwardingUrl('https://PAYDESK', 'TOKEN'), language),
    created_at: link.createdAt.toISOString(),
    last_message_at: link.lastMessageAt?.toISOString() ?? null,
  };
}

/** What a reader who may not change the link sees: the app its messages come through and when, no secret. */
async function summaryOf(deps: ForwardingDeps, link: repo.ForwardingRow, language: Language) {
  const app = await repo.lastForwardedApp(deps.db, link.terminalId);
  return {
    restricted: true as const,
    app: app === null ? null : { slug: app, title: translate(language, `forwarding.app.${app}`) },
    created_at: link.createdAt.toISOString(),
    last_message_at: link.lastMessageAt?.toISOString() ?? null,
  };
}

/**
 * GET /terminal/{guid}/forwarding: the terminal's link, or null while it has none. Its URL and signing key are for
 * whoever may change the link (its trader, an admin who manages terminals); anyone else who reads the terminal (a
 * support admin) sees only the summary, since whoever holds the key can sign a message that settles a pay-in.
 */
export async function getForwarding(
  deps: ForwardingDeps,
  actor: Actor,
  id: string,
  origin: string,
  language: Language,
  withSecrets: boolean,
): Promise<TerminalForwarding | TerminalForwardingSummary | null> {
  await loadOwn(deps.db, actor, id);
  const link = await repo.findForwarding(deps.db, id);
  if (!link) return null;
  return withSecrets ? viewOf(deps, link, origin, language) : summaryOf(deps, link, language);
}

/**
 * POST /terminal/{guid}/forwarding: a new link, or a new token and key for the one there is (the old URL stops
 * working at once). An unpaired terminal now has a source of messages and waits for an admin, as after pairing; its
 * messages count only once the admin has enabled it.
 */
export async function createForwarding(
  deps: ForwardingDeps,
  actor: Actor,
  id: string,
  origin: string,
  language: Language,
): Promise<{ created: boolean; forwarding: TerminalForwarding }> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    const token = randomToken(16);
    const created = await repo.saveForwarding(tx, {
      terminalId: id,
      tokenHash: sha256(token),
      tokenSealed: deps.secrets.seal(token),
      signingKeySealed: deps.secrets.seal(randomToken(32)),
      createdBy: actor.id,
    });
    if (terminal.status === 'unassigned') await moveTo(tx, terminal, 'moderation');
    await recordAudit(tx, {
      actorId: actor.id,
      action: created ? 'terminal.forwarding_created' : 'terminal.forwarding_replaced',
      targetUserId: terminal.userId,
      after: { id, status: terminal.status === 'unassigned' ? 'moderation' : terminal.status },
    });
    const link = await repo.findForwarding(tx, id);
    if (!link) throw new DomainError('not_found');
    return { created, forwarding: await viewOf(deps, link, origin, language) };
  });
}

/**
 * DELETE /terminal/{guid}/forwarding: the URL stops working. A terminal left with no paired device has no source of
 * messages any more, so it goes back to unassigned (a paused one stays paused).
 */
export async function deleteForwarding(deps: ForwardingDeps, actor: Actor, id: string): Promise<{ guid: string }> {
  return deps.db.transaction(async (tx) => {
    const { terminal } = await loadOwn(tx, actor, id, true);
    if (!(await repo.deleteForwarding(tx, id))) throw new DomainError('not_found');
    const orphan = !terminal.tokenHash && !paused.includes(terminal.status);
    if (orphan && terminal.status !== 'unassigned') await moveTo(tx, terminal, 'unassigned');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'terminal.forwarding_revoked',
      targetUserId: terminal.userId,
      before: { id, status: terminal.status },
      after: { id, status: orphan ? 'unassigned' : terminal.status },
    });
    return { guid: id };
  });
}

async function moveTo(tx: Executor, terminal: repo.TerminalRow, status: TerminalStatus) {
  await repo.updateTerminal(tx, terminal.id, { status });
  await announceTerminal(tx, terminal, status);
}

/**
 * POST /api/device/v1/forward/{token}: what a forwarding app posted, verified its own way (forwarding/apps.ts), goes
 * through the device API's own path: the same parsers, deduplication and settlement, in one transaction with the
 * terminal locked. A wrong token or signature changes nothing and counts against the caller's address like any other
 * guessed secret.
 */
export async function receiveForwarded(
  deps: ForwardingDeps,
  token: string,
  request: ForwardedRequest,
  client: DeviceClient,
): Promise<{ app: ForwardingApp; results: MessageResult[] }> {
  const throttle = createThrottle(deps.db, deps.config, 'forwarding');
  const failures = ['forwarding_token_invalid', 'forwarding_signature_invalid'] as const;
  return throttle.guard(sha256(token).slice(0, 16), client.ip, failures, () =>
    deps.db.transaction(async (tx) => {
      const found = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.forwardingOfToken(tx, sha256(token)) : undefined;
      if (!found) throw new DomainError('forwarding_token_invalid');
      const recognised = recogniseForwarded(request, deps.secrets.open(found.link.signingKeySealed));
      let { terminal } = found;
      const now = new Date();
      // A message says its terminal is alive, as a device's heartbeat does.
      if (terminal.status === 'lost_connection') terminal = { ...terminal, status: 'enabled' };
      await repo.updateTerminal(tx, terminal.id, { lastSeenAt: now, status: terminal.status });
      const results =
        recognised.messages.length > 0 ? await receiveBankMessages(deps, tx, terminal, recognised.messages) : [];
      await repo.touchForwarding(tx, terminal.id, now);
      // The trader's open screen shows the last message received at once.
      await announceTerminal(tx, terminal, terminal.status);
      return { app: recognised.app, results };
    }),
  );
}
