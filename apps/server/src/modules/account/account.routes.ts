import {
  apiSecretSchema,
  notificationKeyRequestSchema,
  notificationSettingsSchema,
  notificationUrlRequestSchema,
  ownFeeSchema,
  successEnvelope,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSecretSchema,
  webhookSettingSchema,
  webhooksUpdateSchema,
} from '@paydesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf } from '../../http/client';
import { readErrors, replies, writeErrors } from '../../http/replies';
import { typedRoutes, type ZodApp } from '../../http/route';
import { issueApiSecret } from './api-keys';
import { ownFees } from './fees';
import { notificationSettings, updateNotifications, updateWebhooks, webhookSettings } from './notifications';
import { disableTwoFactor, enableTwoFactor, startTwoFactor } from './two-factor';

const tags = ['settings'];
const ok = replies({ 200: successEnvelope(z.null()) }, writeErrors);
const notifications = successEnvelope(notificationSettingsSchema);
const webhooks = successEnvelope(z.array(webhookSettingSchema));

/** SPEC §7 "Session and account": the signed-in user's keys, notifications, webhooks, fees and two-factor. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  apiKeyRoutes(app);
  notificationRoutes(app);
  feeRoutes(app);
  twoFactorRoutes(app);
};

/** The user's API key: a new secret replaces the old one at once. */
function apiKeyRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { deps } = app;
  asUser.post(
    '/user/secret_key',
    {
      config: { access: 'apiKeys.manage' },
      schema: {
        summary: 'Issue a new API key',
        tags,
        response: replies({ 200: successEnvelope(apiSecretSchema) }, writeErrors),
      },
    },
    async (_request, user) => {
      const userId = user.id;
      const issued = await issueApiSecret(deps, userId);
      // This process forgets the old secret now: the next signed request, maybe the caller's very next one, must
      // verify under the new secret, not wait for the change's notification to come back from the database.
      app.sessions.forgetUser(userId);
      return issued;
    },
  );
}

/** Where and how the user is notified: the notification key and URL, and the webhooks switched on. */
function notificationRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { deps } = app;
  asUser.get(
    '/user/notification',
    {
      config: { access: 'notifications.manage' },
      schema: { summary: 'My notification settings', tags, response: replies({ 200: notifications }, readErrors) },
    },
    (_request, user) => notificationSettings(deps, user.id),
  );

  asUser.patch(
    '/user/notification_key',
    {
      config: { access: 'notifications.manage' },
      schema: {
        summary: 'Make a new notification key',
        tags,
        body: notificationKeyRequestSchema,
        response: replies({ 200: notifications }, writeErrors),
      },
    },
    (request, user) => updateNotifications(deps, user.id, { key: request.body.notification_key }),
  );

  asUser.patch(
    '/user/notification_url',
    {
      config: { access: 'notifications.manage' },
      schema: {
        summary: 'Set my notification URL',
        tags,
        body: notificationUrlRequestSchema,
        response: replies({ 200: notifications }, writeErrors),
      },
    },
    (request, user) => updateNotifications(deps, user.id, { url: request.body.notification_url }),
  );

  asUser.get(
    '/user/webhook',
    {
      config: { access: 'notifications.manage' },
      schema: { summary: 'List my webhooks', tags, response: replies({ 200: webhooks }, readErrors) },
    },
    (request, user) => webhookSettings(deps, user.id, request.language),
  );

  asUser.put(
    '/user/webhook',
    {
      config: { access: 'notifications.manage' },
      schema: {
        summary: 'Switch my webhooks on or off',
        tags,
        body: webhooksUpdateSchema,
        response: replies({ 200: webhooks }, writeErrors),
      },
    },
    async (request, user) => {
      const userId = user.id;
      await updateWebhooks(deps, userId, request.body.webhooks);
      return await webhookSettings(deps, userId, request.language);
    },
  );
}

/** The fees the user pays. */
function feeRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { deps } = app;
  asUser.get(
    '/user/fees',
    {
      config: { access: 'fees.own' },
      schema: {
        summary: 'My fees',
        tags,
        response: replies({ 200: successEnvelope(z.array(ownFeeSchema)) }, readErrors),
      },
    },
    (_request, user) => ownFees(deps, user.id),
  );
}

/** Two-factor sign-in: its setup, turning it on and off. */
function twoFactorRoutes(app: ZodApp) {
  const { asUser } = typedRoutes(app);
  const { deps } = app;
  asUser.post(
    '/secretGoogleAuth',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Start two-factor setup',
        tags,
        response: replies({ 200: successEnvelope(twoFactorSecretSchema) }, writeErrors),
      },
    },
    (_request, user) => startTwoFactor(deps, user.id),
  );

  asUser.post(
    '/user/2fa/enable',
    {
      config: { access: 'session' },
      schema: { summary: 'Turn two-factor on', tags, body: twoFactorEnableSchema, response: ok },
    },
    async (request, user) => {
      await enableTwoFactor(deps, user.id, request.body, clientOf(request));
      return null;
    },
  );

  asUser.post(
    '/user/2fa/disable',
    {
      config: { access: 'session' },
      schema: { summary: 'Turn two-factor off', tags, body: twoFactorDisableSchema, response: ok },
    },
    async (request, user) => {
      await disableTwoFactor(deps, user.id, request.body, clientOf(request));
      return null;
    },
  );
}
