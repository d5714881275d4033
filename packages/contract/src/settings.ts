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
    /**
     * Saving a URL while no key was set made one (issue 32 item 7: a webhook is never sent unsigned, nor skipped
     * silently): true on that one answer only, so the screen can say so and show the key to copy.
     */
    key_created: z.boolean().optional(),
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

/**
 * A host name a payer's page may send the payer back to (DESIGN §20): lower-case letters, digits, hyphens and dots,
 * as in `shop.example.com`; `localhost` and an IPv4 address too, for a shop on the machine itself. No scheme, no port.
 */
const hostPattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const payerHost = lazySchema(() =>
  z
    .string({ error: 'validation.host' })
    .trim()
    .toLowerCase()
    .max(253, { error: 'validation.host' })
    .regex(hostPattern, { error: 'validation.host' }),
);

/** Whether a URL's host is the machine itself, where a payer's page may use plain http (a shop under development). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** An origin allowed to show a payer's page in a frame: `https://host[:port]`, or http on the machine itself. */
const frameOrigin = lazySchema(() =>
  z
    .string({ error: 'validation.origin' })
    .trim()
    .max(300, { error: 'validation.origin' })
    .transform((value, context) => {
      try {
        const url = new URL(value);
        const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
        if (secure && url.origin === value.replace(/\/$/, '').toLowerCase() && url.hostname !== '') return url.origin;
      } catch {
        // Not a URL at all: refused below like any other.
      }
      context.addIssue({ code: 'custom', message: 'validation.origin', input: value });
      return z.NEVER;
    }),
);

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }).nullable(),
  );

const distinct = <T>(list: T[]) => new Set(list).size === list.length;

/** What a merchant's payers see of it, and where its page may return to or be framed by (DESIGN §20). */
export const payerPageSettingsSchema = lazySchema(() =>
  z.object({
    payer_display_name: z.string().nullable(),
    payer_support_contact: z.string().nullable(),
    payer_return_hosts: z.array(z.string()),
    payer_frame_origins: z.array(z.string()),
  }),
);
export type PayerPageSettings = z.infer<typeof payerPageSettingsSchema>;

/** PUT /user/payer_page: every setting at once; a blank name or contact is none (the page then names no shop). */
export const payerPageSettingsUpdateSchema = lazySchema(() =>
  z.object({
    payer_display_name: optionalText(100),
    payer_support_contact: optionalText(200),
    payer_return_hosts: z
      .array(payerHost, { error: 'validation.invalid' })
      .max(20, { error: 'validation.too_many' })
      .refine(distinct, { error: 'validation.duplicate' }),
    payer_frame_origins: z
      .array(frameOrigin, { error: 'validation.invalid' })
      .max(10, { error: 'validation.too_many' })
      .refine(distinct, { error: 'validation.duplicate' }),
  }),
);
export type PayerPageSettingsUpdate = z.input<typeof payerPageSettingsUpdateSchema>;

/** GET /order/{id}/payer_page: the link of a pay-in's payer's page, null when the order has none (a pay-out). */
export const orderPayerPageSchema = lazySchema(() => z.object({ payment_url: z.string().nullable() }));
export type OrderPayerPage = z.infer<typeof orderPayerPageSchema>;

/** GET /user/webhook/deliveries: how many of the merchant's latest deliveries to read (issue 32 item 7). */
export const recentWebhookDeliveriesQuerySchema = lazySchema(() =>
  z.object({ count: z.coerce.number().int().min(1, { error: 'validation.invalid' }).max(50).default(10) }),
);

/**
 * One of the merchant's latest webhook deliveries as Settings lists them: the event, its order, where it stands and
 * what its last attempt met (`last_error` is a `webhookSkipReasons` value or the transport's own words).
 */
export const recentWebhookDeliverySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    /** The event's name in the reader's language. */
    title: z.string(),
    order_id: z.string(),
    status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
    created_at: z.string(),
    attempts: z.number().int(),
    last_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
  }),
);
export type RecentWebhookDelivery = z.infer<typeof recentWebhookDeliverySchema>;
