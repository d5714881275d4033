import { z } from 'zod';
import { lazySchema } from './lazy';
import { feeDirections } from './users';

/** SPEC §2.11 settings calls: API keys, notifications, webhooks, fee table, two-factor. */

export const apiSecretSchema = lazySchema(() => z.object({ api_key: z.string(), secret_key: z.string() }));

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Blank after trimming is ignored (SPEC §5): the setting keeps its value. */
export const notificationKeyRequestSchema = lazySchema(() =>
  z.object({
    notification_key: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(8, { error: 'validation.notification_key' })
        .max(200, { error: 'validation.too_long' })
        .optional(),
    ),
  }),
);

export const notificationUrlRequestSchema = lazySchema(() =>
  z.object({
    notification_url: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(2000, { error: 'validation.too_long' })
        .refine(
          (value) => {
            try {
              const url = new URL(value);
              return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
            } catch {
              return false;
            }
          },
          { error: 'validation.url' },
        )
        .optional(),
    ),
  }),
);

export const notificationSettingsSchema = lazySchema(() =>
  z.object({
    notification_key: z.string().nullable(),
    notification_url: z.string().nullable(),
  }),
);

/** The webhooks a merchant can receive; each can be switched off. */
export const webhookSlugs = [
  'order.created',
  'order.paid',
  'order.canceled',
  'dispute.opened',
  'dispute.closed',
] as const;

export const webhookSettingSchema = lazySchema(() =>
  z.object({
    webhook: z.object({ slug: z.enum(webhookSlugs), title: z.string() }),
    is_disabled: z.boolean(),
  }),
);
export type WebhookSetting = z.infer<typeof webhookSettingSchema>;

export const webhooksUpdateSchema = lazySchema(() =>
  z.object({
    webhooks: z
      .array(z.object({ slug: z.enum(webhookSlugs, { error: 'validation.invalid' }), is_disabled: z.boolean() }))
      .max(webhookSlugs.length)
      .refine((settings) => new Set(settings.map((setting) => setting.slug)).size === settings.length, {
        error: 'validation.duplicate',
      }),
  }),
);

export const ownFeeSchema = lazySchema(() =>
  z.object({
    direction: z.enum(feeDirections),
    min_amount: z.string(),
    max_amount: z.string().nullable(),
    percentage: z.string(),
  }),
);

export const twoFactorSecretSchema = lazySchema(() =>
  z.object({ secret: z.string(), qr_code: z.string(), otpauth_url: z.string() }),
);

const codeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.two_factor_code' }),
);

export const twoFactorEnableSchema = lazySchema(() =>
  z.object({
    password: z.string().min(1, { error: 'validation.required' }).max(200),
    code: codeSchema,
  }),
);
/** Switching two-factor off takes the current password as well as a code (DESIGN §3). */
export const twoFactorDisableSchema = lazySchema(() =>
  z.object({
    password: z.string().min(1, { error: 'validation.required' }).max(200),
    code: codeSchema,
  }),
);
