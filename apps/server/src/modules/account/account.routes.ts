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
import { requireUser } from '../../plugins/session';
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
  const { deps } = app;

  app.post(
    '/user/secret_key',
    {
      config: { access: 'apiKeys.manage' },
      schema: {
        summary: 'Issue a new API key',
        tags,
        response: replies({ 200: successEnvelope(apiSecretSchema) }, writeErrors),
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const issued = await issueApiSecret(deps, userId);
      // This process forgets the old secret now: the next signed request, maybe the caller's very next one, must
      // verify under the new secret, not wait for the change's notification to come back from the database.
      app.sessions.forgetUser(userId);
      return { success: true as const, data: issued };
    },
  );

  app.get(
    '/user/notification',
    {
      config: { access: 'notifications.manage' },
      schema: { summary: 'My notification settings', tags, response: replies({ 200: notifications }, readErrors) },
    },
    async (request) => ({ success: true as const, data: await notificationSettings(deps, requireUser(request).id) }),
  );

  app.patch(
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
    async (request) => ({
      success: true as const,
      data: await updateNotifications(deps, requireUser(request).id, { key: request.body.notification_key }),
    }),
  );

  app.patch(
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
    async (request) => ({
      success: true as const,
      data: await updateNotifications(deps, requireUser(request).id, { url: request.body.notification_url }),
    }),
  );

  app.get(
    '/user/webhook',
    {
      config: { access: 'notifications.manage' },
      schema: { summary: 'List my webhooks', tags, response: replies({ 200: webhooks }, readErrors) },
    },
    async (request) => ({
      success: true as const,
      data: await webhookSettings(deps, requireUser(request).id, request.language),
    }),
  );

  app.put(
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
    async (request) => {
      const userId = requireUser(request).id;
      await updateWebhooks(deps, userId, request.body.webhooks);
      return { success: true as const, data: await webhookSettings(deps, userId, request.language) };
    },
  );

  app.get(
    '/user/fees',
    {
      config: { access: 'fees.own' },
      schema: {
        summary: 'My fees',
        tags,
        response: replies({ 200: successEnvelope(z.array(ownFeeSchema)) }, readErrors),
      },
    },
    async (request) => ({ success: true as const, data: await ownFees(deps, requireUser(request).id) }),
  );

  app.post(
    '/secretGoogleAuth',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Start two-factor setup',
        tags,
        response: replies({ 200: successEnvelope(twoFactorSecretSchema) }, writeErrors),
      },
    },
    async (request) => ({ success: true as const, data: await startTwoFactor(deps, requireUser(request).id) }),
  );

  app.post(
    '/user/2fa/enable',
    {
      config: { access: 'session' },
      schema: { summary: 'Turn two-factor on', tags, body: twoFactorEnableSchema, response: ok },
    },
    async (request) => {
      await enableTwoFactor(deps, requireUser(request).id, request.body, clientOf(request));
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      config: { access: 'session' },
      schema: { summary: 'Turn two-factor off', tags, body: twoFactorDisableSchema, response: ok },
    },
    async (request) => {
      await disableTwoFactor(deps, requireUser(request).id, request.body, clientOf(request));
      return { success: true as const, data: null };
    },
  );
};
