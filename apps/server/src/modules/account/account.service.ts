import { type Language, webhookSlugs } from '@paydesk/contract';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { DomainError } from '../../lib/errors';
import { newId, randomToken } from '../../lib/ids';
import { verifyPassword } from '../../lib/passwords';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp';
import * as repo from '../users/users.repository';
import { percentText, usdtText } from '../users/users.view';

/** The signed-in user's own settings (SPEC §2.11): keys, notifications, webhooks, fees, two-factor. */
export function createAccountService(db: Db) {
  async function userOf(tx: Db | Tx, id: string) {
    const user = await repo.findUserById(tx, id, tx !== db);
    if (!user) throw new DomainError('unauthenticated');
    return user;
  }

  const record = (tx: Tx, userId: string, action: string, before: object | null, after: object | null) =>
    repo.insertAuditEvent(tx, {
      id: newId(),
      actorId: userId,
      action,
      targetUserId: userId,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
    });

  return {
    /** Issues a new API secret (and a key on first use); the secret is shown once, in this answer. */
    async issueSecret(userId: string) {
      return db.transaction(async (tx) => {
        const user = await userOf(tx, userId);
        const apiKey = user.apiKey ?? `pk_${randomToken(18)}`;
        const secretKey = `sk_${randomToken(32)}`;
        await repo.updateUser(tx, userId, { apiKey, apiSecret: secretKey });
        await record(tx, userId, 'user.api_secret_issued', { api_key: user.apiKey }, { api_key: apiKey });
        return { api_key: apiKey, secret_key: secretKey };
      });
    },

    async notificationSettings(userId: string) {
      const user = await userOf(db, userId);
      return { notification_key: user.notificationKey, notification_url: user.notificationUrl };
    },

    /** Changes what the input carries; an absent (blank) value leaves the setting as it is. */
    async updateNotifications(userId: string, change: { key?: string | undefined; url?: string | undefined }) {
      return db.transaction(async (tx) => {
        const user = await userOf(tx, userId);
        if (change.key !== undefined && change.key !== user.notificationKey) {
          await repo.updateUser(tx, userId, { notificationKey: change.key });
          // The key signs webhooks: the trail records that it changed, not its value.
          await record(
            tx,
            userId,
            'user.notification_key_changed',
            { notification_key_set: user.notificationKey !== null },
            {
              notification_key_set: true,
            },
          );
        }
        if (change.url !== undefined && change.url !== user.notificationUrl) {
          await repo.updateUser(tx, userId, { notificationUrl: change.url });
          await record(
            tx,
            userId,
            'user.notification_url_changed',
            { notification_url: user.notificationUrl },
            {
              notification_url: change.url,
            },
          );
        }
        const after = await userOf(tx, userId);
        return { notification_key: after.notificationKey, notification_url: after.notificationUrl };
      });
    },

    async webhooks(userId: string, language: Language) {
      const stored = new Map((await repo.webhooksOf(db, userId)).map((row) => [row.slug, row.isDisabled]));
      return webhookSlugs.map((slug) => ({
        webhook: { slug, title: translate(language, `webhook.${slug}`) },
        is_disabled: stored.get(slug) ?? false,
      }));
    },

    /**
     * Saves the whole set. The web sends only the disabled webhooks when any are disabled, and all of them
     * otherwise (SPEC §4), so a webhook left out of the list is switched on.
     */
    async updateWebhooks(userId: string, settings: { slug: string; is_disabled: boolean }[]) {
      const sent = new Map(settings.map((setting) => [setting.slug, setting.is_disabled]));
      const all = webhookSlugs.map((slug) => ({ slug, isDisabled: sent.get(slug) ?? false }));
      await db.transaction(async (tx) => {
        const before = await repo.webhooksOf(tx, userId);
        await repo.upsertWebhooks(tx, userId, all);
        const disabled = (rows: { slug: string; isDisabled: boolean }[]) =>
          rows.filter((row) => row.isDisabled).map((row) => row.slug);
        await record(tx, userId, 'user.webhooks_changed', { disabled: disabled(before) }, { disabled: disabled(all) });
      });
    },

    async ownFees(userId: string) {
      const fees = await repo.feesOf(db, [userId]);
      return fees.map((fee) => ({
        direction: fee.direction as 'pay_in' | 'pay_out',
        min_amount: usdtText(fee.minAmountMinor),
        max_amount: fee.maxAmountMinor === null ? null : usdtText(fee.maxAmountMinor),
        percentage: percentText(fee.percentageHundredths),
      }));
    },

    /** A new secret to confirm; two-factor is on only once a code from it is entered with the password. */
    async startTwoFactor(userId: string) {
      const user = await userOf(db, userId);
      if (user.twoFactorEnabled) throw new DomainError('conflict');
      const secret = newTotpSecret();
      await repo.updateUser(db, userId, { twoFactorPendingSecret: secret });
      const url = otpauthUrl(secret, user.username);
      return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
    },

    async enableTwoFactor(userId: string, password: string, code: string) {
      await db.transaction(async (tx) => {
        const user = await userOf(tx, userId);
        if (user.twoFactorEnabled || !user.twoFactorPendingSecret) throw new DomainError('conflict');
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
          throw new DomainError('password_incorrect', { password: ['password_incorrect'] });
        }
        const step = verifyTotp(user.twoFactorPendingSecret, code, Date.now(), null);
        if (step === null) throw new DomainError('two_factor_invalid', { code: ['two_factor_invalid'] });
        await repo.updateUser(tx, userId, {
          twoFactorEnabled: true,
          twoFactorSecret: user.twoFactorPendingSecret,
          twoFactorPendingSecret: null,
          twoFactorLastStep: step,
        });
        await record(tx, userId, 'user.two_factor_enabled', { two_factor: false }, { two_factor: true });
      });
    },

    async disableTwoFactor(userId: string, code: string) {
      await db.transaction(async (tx) => {
        const user = await userOf(tx, userId);
        if (!user.twoFactorEnabled || !user.twoFactorSecret) throw new DomainError('conflict');
        if (verifyTotp(user.twoFactorSecret, code, Date.now(), user.twoFactorLastStep) === null) {
          throw new DomainError('two_factor_invalid', { code: ['two_factor_invalid'] });
        }
        await repo.updateUser(tx, userId, {
          twoFactorEnabled: false,
          twoFactorSecret: null,
          twoFactorLastStep: null,
        });
        await record(tx, userId, 'user.two_factor_disabled', { two_factor: true }, { two_factor: false });
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
