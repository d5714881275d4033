import { randomBytes } from 'node:crypto';
import { type Language, webhookSlugs } from '@paydesk/contract';
import type { Deps } from '../../deps';
import { translate } from '../../i18n/messages';
import { DomainError } from '../../lib/errors';
import { destinationProblem } from '../../lib/network';
import { recordAudit } from '../audit/audit.module';
import {
  announceUserChanged,
  lockOwnAccount,
  saveWebhookSwitches,
  setNotificationKey,
  setNotificationUrl,
  type UserRow,
  userById,
  webhookSwitchesOf,
} from '../users/users.module';

const fieldError = (field: string, key: string) => new DomainError('validation_failed', { [field]: [key] });

/** A key made for the merchant: 32 random bytes, like the secrets other platforms sign their webhooks with. */
const newNotificationKey = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** How long saving a notification URL waits for the resolver before trusting the check at delivery. */
const resolveTimeoutMs = 2_000;

async function userOf(deps: Deps, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new DomainError('unauthenticated');
  return user;
}

const settingsOf = (deps: Deps, user: UserRow) => ({
  notification_key: user.notificationKey === null ? null : deps.secrets.open(user.notificationKey),
  notification_url: user.notificationUrl,
});

/** GET /user/notification: the merchant's notification key and URL (SPEC §2.11). */
export async function notificationSettings(deps: Deps, userId: string) {
  return settingsOf(deps, await userOf(deps, userId));
}

/**
 * Webhooks may not be pointed into the platform's own network (DESIGN §10) unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is
 * set: an address literal or an internal name is refused at once, and a name that resolves to an internal address
 * too. A name that cannot be resolved now is kept; delivery checks the resolved address again before every send.
 */
async function assertWebhookDestination(deps: Deps, url: string) {
  if (deps.config.allowPrivateNetworks) return;
  const problem = await destinationProblem(new URL(url), {
    resolveNames: true,
    resolve: (host) =>
      Promise.race([
        import('node:dns/promises').then(async ({ lookup }) =>
          (await lookup(host, { all: true })).map((entry) => entry.address),
        ),
        new Promise<string[]>((_, reject) =>
          setTimeout(() => reject(new Error('resolver timed out')), resolveTimeoutMs).unref(),
        ),
      ]),
  });
  if (problem === 'private') throw fieldError('notification_url', 'validation.url_private');
}

/**
 * PATCH /user/notification_key and /user/notification_url: changes what the input carries; an absent (blank) value
 * leaves the setting as it is. A URL saved while there is no key creates one (the answer says so), so webhooks are
 * signed and sent from the start rather than skipped for want of a key. The key signs webhooks, so it is kept sealed and the trail records only that it changed.
 */
export async function updateNotifications(
  deps: Deps,
  userId: string,
  change: { key?: string | undefined; url?: string | undefined },
) {
  if (change.url !== undefined) await assertWebhookDestination(deps, change.url);
  return deps.db.transaction(async (tx) => {
    const user = await lockOwnAccount(tx, userId);
    if (!user) throw new DomainError('unauthenticated');
    const currentKey = user.notificationKey === null ? null : deps.secrets.open(user.notificationKey);
    // A URL without a key would only collect skipped deliveries: the first URL comes with a key of its own.
    const createKey = change.url !== undefined && change.key === undefined && currentKey === null;
    const key = createKey ? newNotificationKey() : change.key;
    if (key !== undefined && key !== currentKey) {
      await setNotificationKey(tx, userId, deps.secrets.seal(key));
      await recordAudit(tx, {
        actorId: userId,
        action: 'user.notification_key_changed',
        targetUserId: userId,
        before: { notification_key_set: currentKey !== null },
        after: { notification_key_set: true, ...(createKey ? { created_with_url: true } : {}) },
      });
    }
    if (change.url !== undefined && change.url !== user.notificationUrl) {
      await setNotificationUrl(tx, userId, change.url);
      await recordAudit(tx, {
        actorId: userId,
        action: 'user.notification_url_changed',
        targetUserId: userId,
        before: { notification_url: user.notificationUrl },
        after: { notification_url: change.url },
      });
    }
    await announceUserChanged(tx, userId);
    const after = await userById(tx, userId);
    return { ...settingsOf(deps, after ?? user), ...(createKey ? { key_created: true } : {}) };
  });
}

/** GET /user/webhook: each webhook the merchant can receive, with whether it is switched off. */
export async function webhookSettings(deps: Deps, userId: string, language: Language) {
  const stored = new Map((await webhookSwitchesOf(deps.db, userId)).map((row) => [row.slug, row.isDisabled]));
  return webhookSlugs.map((slug) => ({
    webhook: { slug, title: translate(language, `webhook.${slug}`) },
    is_disabled: stored.get(slug) ?? false,
  }));
}

/**
 * PUT /user/webhook: saves the whole set. The web sends only the disabled webhooks when any are disabled, and all of
 * them otherwise (SPEC §4), so a webhook left out of the list is switched on.
 */
export async function updateWebhooks(deps: Deps, userId: string, settings: { slug: string; is_disabled: boolean }[]) {
  const sent = new Map(settings.map((setting) => [setting.slug, setting.is_disabled]));
  const all = webhookSlugs.map((slug) => ({ slug, isDisabled: sent.get(slug) ?? false }));
  await deps.db.transaction(async (tx) => {
    const before = await webhookSwitchesOf(tx, userId);
    await saveWebhookSwitches(tx, userId, all);
    const disabled = (rows: { slug: string; isDisabled: boolean }[]) =>
      rows.filter((row) => row.isDisabled).map((row) => row.slug);
    await recordAudit(tx, {
      actorId: userId,
      action: 'user.webhooks_changed',
      targetUserId: userId,
      before: { disabled: disabled(before) },
      after: { disabled: disabled(all) },
    });
  });
}
