import {
  apiSecretSchema,
  errorEnvelopeSchema,
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
import { DomainError } from '../../lib/errors';
import type { AccountService } from './account.service';

const errors = { '4xx': errorEnvelopeSchema };
const tags = ['settings'];
const ok = { 200: successEnvelope(z.null()), ...errors };
const notifications = { 200: successEnvelope(notificationSettingsSchema), ...errors };
const webhooks = { 200: successEnvelope(z.array(webhookSettingSchema)), ...errors };

function userIdOf(request: { user: { id: string } | null }): string {
  if (!request.user) throw new DomainError('unauthenticated');
  return request.user.id;
}

/** SPEC §7 "Session and account": the signed-in user's keys, notifications, webhooks, fees and two-factor. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.post(
    '/user/secret_key',
    { config: { access: 'apiKeys' }, schema: { tags, response: { 200: successEnvelope(apiSecretSchema), ...errors } } },
    async (request) => ({ success: true as const, data: await account.issueSecret(userIdOf(request)) }),
  );

  app.get(
    '/user/notification',
    { config: { access: 'merchantNotifications' }, schema: { tags, response: notifications } },
    async (request) => ({ success: true as const, data: await account.notificationSettings(userIdOf(request)) }),
  );

  app.patch(
    '/user/notification_key',
    {
      config: { access: 'merchantNotifications' },
      schema: { tags, body: notificationKeyRequestSchema, response: notifications },
    },
    async (request) => ({
      success: true as const,
      data: await account.updateNotifications(userIdOf(request), { key: request.body.notification_key }),
    }),
  );

  app.patch(
    '/user/notification_url',
    {
      config: { access: 'merchantNotifications' },
      schema: { tags, body: notificationUrlRequestSchema, response: notifications },
    },
    async (request) => ({
      success: true as const,
      data: await account.updateNotifications(userIdOf(request), { url: request.body.notification_url }),
    }),
  );

  app.get(
    '/user/webhook',
    { config: { access: 'merchantNotifications' }, schema: { tags, response: webhooks } },
    async (request) => ({ success: true as const, data: await account.webhooks(userIdOf(request), request.language) }),
  );

  app.put(
    '/user/webhook',
    { config: { access: 'merchantNotifications' }, schema: { tags, body: webhooksUpdateSchema, response: webhooks } },
    async (request) => {
      const userId = userIdOf(request);
      await account.updateWebhooks(userId, request.body.webhooks);
      return { success: true as const, data: await account.webhooks(userId, request.language) };
    },
  );

  app.get(
    '/user/fees',
    {
      config: { access: 'ownFees' },
      schema: { tags, response: { 200: successEnvelope(z.array(ownFeeSchema)), ...errors } },
    },
    async (request) => ({ success: true as const, data: await account.ownFees(userIdOf(request)) }),
  );

  app.post(
    '/secretGoogleAuth',
    {
      config: { access: 'session' },
      schema: { tags, response: { 200: successEnvelope(twoFactorSecretSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await account.startTwoFactor(userIdOf(request)) }),
  );

  app.post(
    '/user/2fa/enable',
    { config: { access: 'session' }, schema: { tags, body: twoFactorEnableSchema, response: ok } },
    async (request) => {
      await account.enableTwoFactor(userIdOf(request), request.body.password, request.body.code);
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/user/2fa/disable',
    { config: { access: 'session' }, schema: { tags, body: twoFactorDisableSchema, response: ok } },
    async (request) => {
      await account.disableTwoFactor(userIdOf(request), request.body.code);
      return { success: true as const, data: null };
    },
  );
};
