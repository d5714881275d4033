import type { Executor, Tx } from '../../db/client';
import * as repo from './users.repository';

/**
 * What a user changes of its own account (the account screens): its two-factor sign-in, its API credentials, its
 * notification key, URL and webhooks. Secrets come sealed. The caller audits the change and announces it.
 */

/** The signed-in user's own row, locked until the transaction ends, to change its settings one change at a time. */
export const lockOwnAccount = (tx: Tx, userId: string) => repo.findUserById(tx, userId, true);

/** A new two-factor secret to confirm: two-factor stays off until a code of it comes with the password. */
export const setPendingTwoFactorSecret = (db: Executor, userId: string, sealedSecret: string) =>
  repo.updateUser(db, userId, { twoFactorPendingSecret: sealedSecret });

/** Two-factor on with the confirmed secret; `step`, the code's time step that confirmed it, is used. */
export const turnTwoFactorOn = (tx: Tx, userId: string, sealedSecret: string, step: number) =>
  repo.updateUser(tx, userId, {
    twoFactorEnabled: true,
    twoFactorSecret: sealedSecret,
    twoFactorPendingSecret: null,
    twoFactorLastStep: step,
  });

/** Two-factor off, its secret forgotten. */
export const turnTwoFactorOff = (tx: Tx, userId: string) =>
  repo.updateUser(tx, userId, { twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });

/** The user's API key and its new secret, which signs its API requests (DESIGN §9). */
export const setApiCredentials = (tx: Tx, userId: string, apiKey: string, sealedSecret: string) =>
  repo.updateUser(tx, userId, { apiKey, apiSecret: sealedSecret });

/** The key the merchant's webhooks are signed with. */
export const setNotificationKey = (tx: Tx, userId: string, sealedKey: string) =>
  repo.updateUser(tx, userId, { notificationKey: sealedKey });

/** Where the merchant's webhooks are sent. */
export const setNotificationUrl = (tx: Tx, userId: string, url: string) =>
  repo.updateUser(tx, userId, { notificationUrl: url });

/** Which webhooks the merchant has switched off or on (a webhook it never set is on). */
export const webhookSwitchesOf = (db: Executor, userId: string) => repo.webhooksOf(db, userId);

/** The merchant's webhooks switched off or on, each as `settings` says. */
export const saveWebhookSwitches = (tx: Tx, userId: string, settings: { slug: string; isDisabled: boolean }[]) =>
  repo.upsertWebhooks(tx, userId, settings);
